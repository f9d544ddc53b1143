import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import {
  CONSENTIMENTO_TEXTS as T,
  ROTULO_ESTADO,
  ROTULO_EVENTO,
  ROTULO_FINALIDADE,
  ROTULO_ORIGEM,
  type TEstadoConsentimento,
  type TFinalidade,
} from '@balcao/shared/consentimento';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDataHora } from '@/features/atendimentos/format';
import { mensagemHttp } from '@/lib/http';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useConsentimento, useRequestConsentimento } from './api';
import { RegistrarResposta } from './registrar-resposta';

const COR: Record<TEstadoConsentimento, string> = {
  nunca_solicitado: 'bg-muted text-muted-foreground',
  solicitado: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  aceito: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  recusado: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  revogado: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
};

export function EstadoBadge({ estado, className }: { estado: TEstadoConsentimento; className?: string }) {
  return (
    <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium', COR[estado], className)}>{ROTULO_ESTADO[estado]}</span>
  );
}

/**
 * The customer's consent (LGPD) in the customer panel and the directory: the state per purpose, "Pedir
 * confirmação" (a link on WhatsApp or by e-mail), and the latest lines of the history.
 */
export function ConsentimentoSection({ clienteId, temEmail, temNumero }: { clienteId: string; temEmail: boolean; temNumero: boolean }) {
  const q = useConsentimento(clienteId);
  const pedir = useRequestConsentimento(clienteId);
  const [registrando, setRegistrando] = useState(false);
  const ask = (canal: TFinalidade) =>
    pedir.mutate(canal, {
      onSuccess: () =>
        toast.success(
          'Sucesso',
          canal === 'whatsapp' ? 'Link de confirmação enviado pelo WhatsApp.' : 'Link de confirmação enviado por e-mail.',
        ),
      onError: (err) => toast.error(mensagemHttp(err, 'Não foi possível pedir a confirmação.')),
    });
  return (
    <section aria-labelledby={`consent-${clienteId}`} className="grid gap-2">
      <h3
        id={`consent-${clienteId}`}
        className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-muted-foreground"
      >
        <ShieldCheck className="size-3.5" aria-hidden /> Consentimento (LGPD)
      </h3>
      {q.isPending ? (
        <Skeleton className="h-10 w-full" />
      ) : q.isError ? (
        <p className="text-sm text-destructive">{mensagemHttp(q.error, 'Não foi possível ler o consentimento.')}</p>
      ) : (
        <>
          <dl className="grid gap-1.5 text-sm">
            {q.data.estados.map((e) => (
              <div key={e.finalidade} className="flex items-center justify-between gap-2">
                <dt>{ROTULO_FINALIDADE[e.finalidade]}</dt>
                <dd>
                  <EstadoBadge estado={e.estado} />
                </dd>
              </div>
            ))}
          </dl>
          {q.data.estados.some((e) => e.estado === 'nunca_solicitado') && (
            <p className="text-xs text-muted-foreground">{T.nuncaSolicitadoAviso}</p>
          )}
          <div className="flex flex-wrap gap-2">
            {temNumero && (
              <Button type="button" size="sm" variant="outline" disabled={pedir.isPending} onClick={() => ask('whatsapp')}>
                Pedir confirmação
              </Button>
            )}
            {temEmail && (
              <Button type="button" size="sm" variant="ghost" disabled={pedir.isPending} onClick={() => ask('email')}>
                Pedir por e-mail
              </Button>
            )}
            {!registrando && (
              <Button type="button" size="sm" variant="ghost" onClick={() => setRegistrando(true)}>
                Registrar resposta
              </Button>
            )}
          </div>
          {registrando && <RegistrarResposta clienteId={clienteId} onDone={() => setRegistrando(false)} />}
          {q.data.historico.length > 0 && (
            <ol className="grid gap-1 text-xs text-muted-foreground" aria-label="Histórico do consentimento">
              {q.data.historico.slice(0, 5).map((h) => (
                <li key={h.id}>
                  {formatDataHora(h.em)} · {ROTULO_FINALIDADE[h.finalidade]}: {ROTULO_EVENTO[h.evento]} ({ROTULO_ORIGEM[h.origem]}
                  {h.atendenteNome ? `, ${h.atendenteNome}` : ''}){h.motivo ? ` — ${h.motivo}` : ''}
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
