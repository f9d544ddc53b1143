import { cn } from '@/lib/utils';
import { useConnectionState } from '../realtime/customer-chat';
import { INBOX_TEXTS } from '../texts';

const LOOK = {
  connected: { dot: 'bg-emerald-500', text: INBOX_TEXTS.conectado },
  connecting: { dot: 'bg-amber-500 animate-pulse', text: INBOX_TEXTS.reconectando },
  closed: { dot: 'bg-muted-foreground/60', text: INBOX_TEXTS.desconectado },
} as const;

/** The realtime state, discreetly: a dot and a word. */
export function ConnectionIndicator({ className }: { className?: string }) {
  const state = useConnectionState();
  const look = LOOK[state];
  return (
    <span role="status" aria-live="polite" className={cn('inline-flex items-center gap-1.5 text-xs text-muted-foreground', className)}>
      <span className={cn('size-2 rounded-full', look.dot)} aria-hidden />
      {look.text}
    </span>
  );
}
