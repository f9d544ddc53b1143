import { Loader2, ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { CONSENTIMENTO_CONFIG_PADRAO, type TConsentimentoConfig, ZConsentimentoConfig } from '@balcao/shared/consentimento';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { describedBy, Field } from '@/features/config/components/field';
import { ApiError, errorMessage } from '@/lib/http';
import { fieldErrors } from '@/lib/form';
import { toast } from '@/lib/toast';
import { useConsentimentoConfig, useSaveConsentimentoConfig } from './api';

type Valores = { palavrasSair: string; palavrasVoltar: string; respostaSair: string; respostaVoltar: string };

const aTexto = (c: TConsentimentoConfig): Valores => ({
  palavrasSair: c.palavrasSair.join(', '),
  palavrasVoltar: c.palavrasVoltar.join(', '),
  respostaSair: c.respostaSair,
  respostaVoltar: c.respostaVoltar,
});
/** 'SAIR, PARAR STOP' -> ['SAIR', 'PARAR', 'STOP']: commas or spaces separate the words. */
const palavras = (s: string) => s.split(/[\s,;]+/u).filter(Boolean);

const textarea = 'min-h-20 rounded-md border bg-background px-3 py-2 text-sm aria-invalid:border-destructive';

function Formulario({ config }: { config: TConsentimentoConfig }) {
  const [valores, setValores] = useState(() => aTexto(config));
  const [erros, setErros] = useState<Record<string, string>>({});
  const salvar = useSaveConsentimentoConfig();
  const mudou = JSON.stringify(valores) !== JSON.stringify(aTexto(config));
  const campo = (k: keyof Valores) => ({
    value: valores[k],
    onChange: (e: { target: { value: string } }) => setValores((v) => ({ ...v, [k]: e.target.value })),
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const input = { ...valores, palavrasSair: palavras(valores.palavrasSair), palavrasVoltar: palavras(valores.palavrasVoltar) };
    const { data, errors } = fieldErrors(ZConsentimentoConfig, input);
    setErros(errors);
    if (!data) return;
    salvar.mutate(data, {
      onSuccess: (salvo) => {
        setValores(aTexto(salvo));
        toast.success('Sucesso', 'Palavras e respostas de consentimento salvas.');
      },
      onError: (err) => {
        const fields = err instanceof ApiError && err.errors ? Object.entries(err.errors) : [];
        if (fields.length) setErros(Object.fromEntries(fields.map(([k, v]) => [k.split('.')[0]!, v[0] ?? ''])));
        else toast.error(errorMessage(err, 'Não foi possível salvar as palavras de consentimento.'));
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5 rounded-xl border bg-card p-4 sm:p-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          id="consent-sair"
          label="Palavras para parar de receber"
          error={erros.palavrasSair}
          hint="Separe por vírgula. Maiúsculas, acentos e pontuação no fim não importam."
        >
          <Input id="consent-sair" autoComplete="off" {...campo('palavrasSair')} {...describedBy('consent-sair', erros.palavrasSair)} />
        </Field>
        <Field id="consent-voltar" label="Palavras para voltar a receber" error={erros.palavrasVoltar} hint="Separe por vírgula.">
          <Input
            id="consent-voltar"
            autoComplete="off"
            {...campo('palavrasVoltar')}
            {...describedBy('consent-voltar', erros.palavrasVoltar)}
          />
        </Field>
      </div>
      <Field
        id="consent-resp-sair"
        label="Resposta automática ao parar"
        error={erros.respostaSair}
        hint="Enviada na mesma conversa quando o cliente escreve uma das palavras para parar."
      >
        <textarea
          id="consent-resp-sair"
          className={textarea}
          maxLength={1000}
          {...campo('respostaSair')}
          {...describedBy('consent-resp-sair', erros.respostaSair)}
        />
      </Field>
      <Field id="consent-resp-voltar" label="Resposta automática ao voltar" error={erros.respostaVoltar}>
        <textarea
          id="consent-resp-voltar"
          className={textarea}
          maxLength={1000}
          {...campo('respostaVoltar')}
          {...describedBy('consent-resp-voltar', erros.respostaVoltar, false)}
        />
      </Field>
      <div className="flex flex-wrap items-center justify-end gap-2 border-t pt-4">
        <Button
          type="button"
          variant="ghost"
          onClick={() => {
            setValores(aTexto(CONSENTIMENTO_CONFIG_PADRAO));
            setErros({});
          }}
        >
          Restaurar padrão
        </Button>
        <Button type="submit" disabled={salvar.isPending || !mudou}>
          {salvar.isPending && <Loader2 className="animate-spin" aria-hidden />}
          Salvar
        </Button>
      </div>
    </form>
  );
}

/** Configurações › Consentimento (admin and master): the LGPD opt-out/opt-in words and replies, and what the account decides. */
export function ConsentimentoConfigTab() {
  const { data, isError, error, refetch } = useConsentimentoConfig();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex gap-3 rounded-xl border bg-muted/40 p-4 text-sm">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
        <div className="grid gap-1">
          <p className="font-medium">Consentimento para mensagens (LGPD)</p>
          <p className="text-muted-foreground">
            Quem recusou ou cancelou não recebe mensagens agendadas nem novas conversas pelo WhatsApp. Clientes que ainda não responderam
            podem receber, com um aviso a quem escreve: a conta decide se envia. Peça a confirmação no painel do cliente em Atendimentos ou
            em Clientes.
          </p>
        </div>
      </div>
      {data ? (
        <Formulario key={JSON.stringify(data)} config={data} />
      ) : isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border p-4 text-sm">
          {errorMessage(error, 'Não foi possível carregar as palavras de consentimento.')}
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Tentar novamente
          </Button>
        </div>
      ) : (
        <div className="grid gap-4 rounded-xl border p-4" aria-busy="true">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      )}
    </div>
  );
}
