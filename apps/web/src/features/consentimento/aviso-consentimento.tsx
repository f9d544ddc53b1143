import { CONSENTIMENTO_TEXTS } from '@balcao/shared/consentimento';
import { useConsentimento } from './api';

type Resposta = 'aceito' | 'recusado' | 'revogado' | null | undefined;

/**
 * Where a proactive WhatsApp message is written: a refusal when the customer declined or revoked (the server
 * refuses the send), a warning when they never answered (allowed: the account decides), nothing once accepted.
 */
export function AvisoConsentimento({ resposta }: { resposta: Resposta }) {
  if (resposta === 'aceito') return null;
  if (resposta === 'recusado' || resposta === 'revogado')
    return (
      <p role="alert" className="rounded-lg border border-destructive/30 bg-destructive/10 p-3 text-sm text-destructive">
        {CONSENTIMENTO_TEXTS.recusadoWhatsApp}
      </p>
    );
  return (
    <p
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200"
    >
      {CONSENTIMENTO_TEXTS.nuncaSolicitadoAviso}
    </p>
  );
}

/** The same notice for a chosen customer, read from their consent (nothing while loading or when not allowed to read it). */
export function AvisoConsentimentoDoCliente({ clienteId }: { clienteId: string | null | undefined }) {
  const { data } = useConsentimento(clienteId);
  if (!data) return null;
  const estado = data.estados.find((e) => e.finalidade === 'whatsapp')?.estado;
  return <AvisoConsentimento resposta={estado === 'aceito' || estado === 'recusado' || estado === 'revogado' ? estado : null} />;
}
