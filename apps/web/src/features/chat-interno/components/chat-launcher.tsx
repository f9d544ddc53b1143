import { lazy, Suspense, useId, useState } from 'react';
import { MessageCircle } from 'lucide-react';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { cn } from '@/lib/utils';
import { textoBadge } from '../badge';
import { useChatInternoRealtime, useNaoVistasTotal } from '../hooks/use-chat-interno-background';
import { PAINEL_TEXTS } from '../texts';
import { TOGGLE_ATTR } from '../ui-constants';

/** The panel and everything behind it load on the first open, keeping the shell's initial JS small. */
const ChatPanel = lazy(() => import('./chat-panel'));

/**
 * Spec part 2 §2: the floating toggle of the internal chat (bottom-right, total unread capped 99+) and its panel.
 * It sits above the page's bottom strip so it does not cover a composer's send button.
 */
export function ChatInternoLauncher({ user }: { user: TCurrentUser }) {
  const [aberto, setAberto] = useState(false);
  const total = useNaoVistasTotal();
  useChatInternoRealtime(user.id);
  const badge = textoBadge(total);
  const descId = useId();
  return (
    <>
      <button
        type="button"
        {...{ [TOGGLE_ATTR]: '' }}
        aria-label={PAINEL_TEXTS.chatInterno}
        aria-expanded={aberto}
        aria-describedby={badge ? descId : undefined}
        title={PAINEL_TEXTS.chatInterno}
        onClick={() => setAberto((v) => !v)}
        className={cn(
          'fixed bottom-20 right-3 z-40 flex size-11 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg outline-none transition-transform',
          'hover:scale-105 focus-visible:ring-[3px] focus-visible:ring-ring/60 md:bottom-4 md:right-4 md:size-12',
          aberto && 'max-md:hidden',
        )}
      >
        <MessageCircle className="size-5 md:size-6" aria-hidden />
        {badge && (
          <span
            data-testid="chat-interno-badge"
            aria-hidden
            className="absolute -right-1 -top-1 flex h-5 min-w-5 items-center justify-center rounded-full border-2 border-background bg-destructive px-1 text-[11px] font-semibold leading-none text-white tabular-nums"
          >
            {badge}
          </span>
        )}
      </button>
      <span id={descId} className="sr-only" aria-live="polite">
        {badge ? PAINEL_TEXTS.naoVistas(total) : ''}
      </span>
      {aberto && (
        <Suspense fallback={null}>
          <ChatPanel user={user} onClose={() => setAberto(false)} />
        </Suspense>
      )}
    </>
  );
}
