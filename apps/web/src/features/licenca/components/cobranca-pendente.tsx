import { Check, QrCode, Sparkles } from 'lucide-react';
import { isFerramentaIA } from '@balcao/shared/licenca';
import { formatReais, itensDoPacote, LICENCA_UI_TEXTS as T, type TCobranca } from '@balcao/shared/licenca-cobranca';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { dataCobranca } from '../format';

/**
 * The pending PIX charge on /licenca: what it is for (its users and tools) and its price, which may differ from the
 * licence in force; paying it renews the licence with that package.
 */
export function CobrancaPendente({ cobranca, onVer }: { cobranca: TCobranca; onVer: () => void }) {
  const ia = cobranca.ferramentas?.some(isFerramentaIA) ?? false;
  return (
    <section aria-labelledby="cobranca-pendente-titulo" className="grid gap-3 rounded-xl border border-primary/30 bg-primary/5 p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="cobranca-pendente-titulo" className="text-lg font-semibold">
          Cobrança PIX pendente
        </h2>
        <p className="text-xl font-semibold tabular-nums">{formatReais(cobranca.valor)}</p>
      </div>
      <p className="text-sm text-muted-foreground">
        Criada em {dataCobranca(cobranca.dataCriacao)}. Ao pagar, a licença é renovada com este pacote:
      </p>
      {cobranca.numeroUsuarios !== undefined && (
        <ul className="grid gap-2 sm:grid-cols-2" aria-label="Itens da cobrança pendente">
          {itensDoPacote(cobranca.numeroUsuarios).map((item) => (
            <li key={item} className="flex items-center gap-2 text-sm">
              <Check className="size-4 text-green-600 dark:text-green-400" aria-hidden /> {item}
            </li>
          ))}
          <li className="flex items-center gap-2 text-sm">
            <Sparkles className={cn('size-4', ia ? 'text-primary' : 'text-muted-foreground')} aria-hidden />
            {T.assistenteIa}: {ia ? 'incluído' : 'não incluído'}
          </li>
        </ul>
      )}
      <div>
        <Button onClick={onVer}>
          <QrCode aria-hidden /> Ver cobrança
        </Button>
      </div>
    </section>
  );
}
