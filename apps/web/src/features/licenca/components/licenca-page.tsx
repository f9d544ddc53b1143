import { CalendarClock, Check, KeyRound, QrCode, RotateCw, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { FERRAMENTA_IA, LICENCA_TEXTS } from '@balcao/shared/licenca';
import { formatReais, itensDoPacote, LICENCA_COBRANCA_TEXTS, LICENCA_UI_TEXTS as T, precoLicenca } from '@balcao/shared/licenca-cobranca';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { SeatsSummary } from '@/features/usuarios/components/seats-summary';
import { cn } from '@/lib/utils';
import { licencaKeys, useCobranca, useLicencaInfo, useLicencaStatus } from '../api';
import { CobrancaPendente } from './cobranca-pendente';
import { LimiteUsuariosAviso } from './limite-usuarios-aviso';
import { PagamentoDialog } from './pagamento-dialog';

const dataLonga = (iso: string) => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long' }).format(new Date(iso));
const DIA_MS = 86_400_000;

/** /licenca (master): the licence's state, seats, due date and package, and the PIX payment (spec part 1 §1, §2). */
export function LicencaPage() {
  const status = useLicencaStatus();
  const info = useLicencaInfo();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // 'Renovar Agora' on the blocker comes with ?pagar=1: the dialog opens at once.
  const [pagando, setPagando] = useState(params.get('pagar') === '1');
  const erp = status.data?.isLicencaVendaERP ?? false;
  const cobranca = useCobranca(Boolean(status.data) && !erp);
  const pendente = cobranca.data && !cobranca.data.pago ? cobranca.data : null;
  // The dialog is where a charge is made, paid or cancelled: it is read again once the dialog closes.
  const qc = useQueryClient();
  const releCobranca = () => void qc.invalidateQueries({ queryKey: licencaKeys.cobranca });
  const fechar = () => {
    setPagando(false);
    releCobranca();
    if (params.has('pagar')) setParams({}, { replace: true });
  };

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5 p-4 sm:p-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Licença</h1>
        <p className="text-sm text-muted-foreground">Situação, assentos e pagamento da licença por PIX.</p>
      </div>

      {status.isPending ? (
        <div role="status" className="grid gap-4 sm:grid-cols-2" aria-busy="true" aria-label="Carregando a licença">
          <Skeleton className="h-36" />
          <Skeleton className="h-36" />
        </div>
      ) : status.isError || !status.data ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-10 text-center" role="alert">
          <p className="text-sm text-muted-foreground">{LICENCA_TEXTS.erroStatus}</p>
          <Button variant="outline" onClick={() => void status.refetch()}>
            <RotateCw aria-hidden /> Tentar novamente
          </Button>
        </div>
      ) : (
        <>
          <Situacao
            ativa={status.data.hasActiveLicense}
            dataVencimento={status.data.dataVencimento}
            erp={status.data.isLicencaVendaERP}
            onPagar={() => setPagando(true)}
          />
          {pendente && !erp && <CobrancaPendente cobranca={pendente} onVer={() => setPagando(true)} />}
          <LimiteUsuariosAviso variante="cartao" />
          <SeatsSummary />
          <section aria-labelledby="pacote-titulo" className="grid gap-4 rounded-xl border bg-card p-5">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="pacote-titulo" className="text-lg font-semibold">
                Pacote contratado
              </h2>
              {/* An ERP partner sells and renews it: no PIX price here. */}
              {info.data && !status.data.isLicencaVendaERP && (
                <p className="text-sm text-muted-foreground">
                  <span className="text-xl font-semibold text-foreground tabular-nums">
                    {formatReais(precoLicenca(info.data, status.data.totalSlots, status.data.canUseIA ? [FERRAMENTA_IA] : []))}
                  </span>{' '}
                  por mês
                </p>
              )}
            </div>
            <ul className="grid gap-2 sm:grid-cols-2">
              {itensDoPacote(status.data.totalSlots).map((item) => (
                <li key={item} className="flex items-center gap-2 text-sm">
                  <Check className="size-4 text-green-600 dark:text-green-400" aria-hidden /> {item}
                </li>
              ))}
              <li className="flex items-center gap-2 text-sm">
                <Sparkles className={cn('size-4', status.data.canUseIA ? 'text-primary' : 'text-muted-foreground')} aria-hidden />
                {T.assistenteIa}: {status.data.canUseIA ? 'incluído' : 'opcional, não contratado'}
              </li>
            </ul>
            {!status.data.isLicencaVendaERP && (
              <p className="text-xs text-muted-foreground">Pagamento somente por PIX. Cada pagamento renova a licença por um mês.</p>
            )}
          </section>
        </>
      )}

      <PagamentoDialog
        open={pagando}
        onClose={fechar}
        onCancelled={() => {
          setPagando(false);
          releCobranca();
          navigate('/licenca', { replace: true });
        }}
      />
    </div>
  );
}

function Situacao(props: { ativa: boolean; dataVencimento: string; erp: boolean; onPagar: () => void }) {
  const { dataVencimento, erp, onPagar } = props;
  // An ERP sale is never blocked here (spec part 1 §4): past its date here it is still in force, renewed by the partner.
  const ativa = props.ativa || erp;
  const dias = Math.ceil((new Date(dataVencimento).getTime() - Date.now()) / DIA_MS);
  return (
    <section aria-labelledby="situacao-titulo" className="flex flex-col gap-4 rounded-xl border bg-card p-5 sm:flex-row sm:items-center">
      <span
        className={cn(
          'flex size-12 shrink-0 items-center justify-center rounded-xl',
          ativa ? 'bg-green-600/10 text-green-700 dark:text-green-400' : 'bg-destructive/10 text-destructive',
        )}
      >
        <KeyRound className="size-6" aria-hidden />
      </span>
      <div className="grid flex-1 gap-1">
        <h2 id="situacao-titulo" className="flex flex-wrap items-center gap-2 text-lg font-semibold">
          Situação da licença
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-xs font-medium',
              ativa ? 'bg-green-600/10 text-green-800 dark:text-green-300' : 'bg-destructive/10 text-red-800 dark:text-red-300',
            )}
          >
            {ativa ? 'Ativa' : 'Expirada'}
          </span>
        </h2>
        {/* An ERP sale past its date here shows no 'Venceu em': the partner renews it, nothing is blocked. */}
        {(props.ativa || !erp) && (
          <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
            <CalendarClock className="size-4" aria-hidden />
            {ativa ? `Vence em ${dataLonga(dataVencimento)}` : `Venceu em ${dataLonga(dataVencimento)}`}
            {ativa && dias <= 30 && ` (${dias === 1 ? 'falta 1 dia' : `faltam ${dias} dias`})`}
          </p>
        )}
        {erp && <p className="text-sm">{LICENCA_COBRANCA_TEXTS.vendaErp}</p>}
      </div>
      {!erp && (
        <Button size="lg" onClick={onPagar} variant={ativa ? 'outline' : 'default'}>
          <QrCode aria-hidden /> {ativa ? 'Pagar com PIX' : T.renovarAgora}
        </Button>
      )}
    </section>
  );
}
