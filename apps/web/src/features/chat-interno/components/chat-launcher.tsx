import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MessageCircle } from 'lucide-react';
import { CHAT_INTERNO_PARAM } from '@balcao/shared/notificacoes';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { cn } from '@/lib/utils';
import { type DockPreferences, useDockPreferences } from '@/features/layout/hooks/use-dock-preferences';
import { useChatInternoRealtime, useNaoVistasTotal } from '../hooks/use-chat-interno-background';
import { PAINEL_TEXTS, TOGGLE_ATTR } from '../launcher-texts';

/** The panel and everything behind it load on the first open, keeping the shell's initial JS small. */
const ChatPanel = lazy(() => import('./chat-panel'));
const ToggleBadge = lazy(() => import('./toggle-badge'));

/**
 * Spec part 2 §2: the floating toggle of the internal chat (bottom-right, total unread capped 99+) and its panel.
 * It sits in the window's bottom-right corner, whose room the pages keep free (the composer ends before it);
 * above a dock at the bottom. Floating higher on phones, it covered the last message's time and the quick
 * messages' labels.
 */
/** The corner's height: above a dock at the bottom on phones (it spans their width), else the corner itself. */
export const alturaDoBotao = (p: Pick<DockPreferences, 'headerStyle' | 'position'>) =>
  p.headerStyle === 'dock' && p.position === 'bottom' ? 'bottom-[4.75rem] md:bottom-4' : 'bottom-3 md:bottom-4';

export function ChatInternoLauncher({ user }: { user: TCurrentUser }) {
  const [aberto, setAberto] = useState(false);
  const [pedida, esquecerPedida] = useConversaPedida();
  useEffect(() => {
    if (pedida) setAberto(true);
  }, [pedida]);
  // Closed, the asked-for conversation is done with: the next open from the button starts from the list.
  const fechar = () => {
    setAberto(false);
    esquecerPedida();
  };
  const { prefs } = useDockPreferences();
  const total = useNaoVistasTotal();
  useChatInternoRealtime(user.id);
  const descId = useId();
  return (
    <>
      <button
        type="button"
        {...{ [TOGGLE_ATTR]: '' }}
        aria-label={PAINEL_TEXTS.chatInterno}
        aria-expanded={aberto}
        aria-describedby={total > 0 ? descId : undefined}
        title={PAINEL_TEXTS.chatInterno}
        onClick={() => (aberto ? fechar() : setAberto(true))}
        className={cn(
          'fixed right-3 z-40 flex size-11 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg outline-none transition-transform',
          'hover:scale-105 focus-visible:ring-[3px] focus-visible:ring-ring/60 md:right-4 md:size-12',
          alturaDoBotao(prefs),
          aberto && 'max-md:hidden',
        )}
      >
        <MessageCircle className="size-5 md:size-6" aria-hidden />
        {total > 0 && (
          <Suspense fallback={null}>
            <ToggleBadge total={total} />
          </Suspense>
        )}
      </button>
      <span id={descId} className="sr-only" aria-live="polite">
        {total > 0 ? PAINEL_TEXTS.naoVistas(total) : ''}
      </span>
      {aberto && (
        <Suspense fallback={null}>
          <ChatPanel user={user} pedida={pedida} onClose={fechar} />
        </Suspense>
      )}
    </>
  );
}

/**
 * A conversation asked for by the address (?chat=, where a notification's click leads), kept until the panel closes;
 * the address is cleaned so a reload or the back button does not open it again. A new object each time, so asking
 * again for the same conversation opens it again.
 */
function useConversaPedida(): [{ id: string } | null, () => void] {
  const [params, setParams] = useSearchParams();
  const id = params.get(CHAT_INTERNO_PARAM);
  const [pedida, setPedida] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (!id) return;
    setPedida({ id });
    setParams(
      (p) => {
        p.delete(CHAT_INTERNO_PARAM);
        return p;
      },
      { replace: true },
    );
  }, [id, setParams]);
  return [pedida, () => setPedida(null)];
}
