import { Check, CheckCheck, CircleAlert, Clock } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { TMensagemLocal } from '../message-cache';
import { MENSAGENS_TEXTS } from '../texts';

/** Receipt ticks of an attendant's message: clock while queued, one tick sent, two delivered, blue read, red failed. */
export function MessageTicks({ m, className }: { m: TMensagemLocal; className?: string }) {
  const c = cn('size-3.5 shrink-0', className);
  if (m.envio === 'pendente') return <Clock className={c} aria-label={MENSAGENS_TEXTS.enviando} role="img" />;
  // Stored and waiting in the channel's send queue (WhatsApp) until the provider accepts it.
  if (m.status === 'pending') return <Clock className={c} aria-label={MENSAGENS_TEXTS.naFila} role="img" />;
  if (m.envio === 'falhou' || m.status === 'failed')
    return <CircleAlert className={cn(c, 'text-destructive')} aria-label={MENSAGENS_TEXTS.falhou} role="img" />;
  if (m.status === 'read') return <CheckCheck className={cn(c, 'text-sky-500')} aria-label={MENSAGENS_TEXTS.lida} role="img" />;
  if (m.status === 'delivered') return <CheckCheck className={c} aria-label={MENSAGENS_TEXTS.entregue} role="img" />;
  return <Check className={c} aria-label={MENSAGENS_TEXTS.enviada} role="img" />;
}
