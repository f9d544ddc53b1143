import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CHAT_INTERNO_FALHAS } from '@balcao/shared/chat-interno';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { useQueryClient } from '@tanstack/react-query';
import { useIsMobile } from '@/components/ui/sidebar';
import { errorMessage } from '@/lib/http';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useConversas } from '../api';
import { useCloseOnOutsideClick } from '../hooks/use-close-on-outside-click';
import { chatKeys } from '../keys';
import { clearNaoVistas } from '../list-cache';
import { conversaAberta } from '../stores';
import { PAINEL_TEXTS, TOGGLE_ATTR } from '../launcher-texts';
import { NOVA_CONVERSA_TEXTS } from '../texts';
import { PAINEL_ALTURA_PX, PAINEL_LARGURA_PX } from '../ui-constants';
import { ConversationList, type TNovoTipo } from './conversation-list';
import { ConversationView } from './conversation-view';
import { NewConversationDialog } from './new-conversation-dialog';
import { NewGroupDialog } from './new-group-dialog';

/** Room the desktop panel keeps free: the toggle below it (3rem + margins) and a margin above. */
const FOLGA_VERTICAL = '6rem';
const FOLGA_HORIZONTAL = '2rem';

/**
 * Spec part 2 §2 "Internal chat panel": 950x700 at the bottom-right, list 30% / conversation 70%; the list reloads on
 * open, closing clears the conversation. Under 768 px it is full-screen, with the list and the conversation as two steps.
 */
export default function ChatPanel({
  user,
  pedida,
  onClose,
}: {
  user: TCurrentUser;
  /** A conversation a notification's click asked for: selected on open, and whenever another is asked for. */
  pedida?: { id: string } | null;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const ref = useRef<HTMLElement>(null);
  const mobile = useIsMobile();
  const conversas = useConversas();
  const [selecionadaId, setSelecionadaId] = useState<string | null>(null);
  const [novo, setNovo] = useState<TNovoTipo | null>(null);
  useCloseOnOutsideClick(ref, TOGGLE_ATTR, onClose);

  // On open the list is reloaded (the badge's copy may be minutes old).
  const { refetch } = conversas;
  useEffect(() => void refetch(), [refetch]);

  // Spec §8: 'Erro' with the server's text or the fallback.
  const falhou = conversas.isError ? conversas.errorUpdatedAt : 0;
  useEffect(() => {
    if (falhou) toast.error(NOVA_CONVERSA_TEXTS.erro, errorMessage(conversas.error, CHAT_INTERNO_FALHAS.carregarConversas));
  }, [falhou, conversas.error]); // once per failure: a new failure brings a new error and a new errorUpdatedAt

  useEffect(() => {
    conversaAberta.set(selecionadaId);
    return () => conversaAberta.set(null);
  }, [selecionadaId]);

  const selecionar = useCallback(
    (id: string | null) => {
      setSelecionadaId(id);
      if (id) qc.setQueryData(chatKeys.conversas, (l: Parameters<typeof clearNaoVistas>[0]) => clearNaoVistas(l, id));
    },
    [qc],
  );
  useEffect(() => {
    if (pedida) selecionar(pedida.id);
  }, [pedida, selecionar]);

  // Escape closes the panel, unless something inside (a rename box, the video player) used it first. Its dialogs and
  // menus live in portals: their keys bubble here through React but are not in the panel's DOM, and stay theirs.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !e.defaultPrevented && ref.current?.contains(e.target as Node)) onClose();
  };

  const conversa = conversas.data?.find((c) => c.id === selecionadaId);
  const verLista = !mobile || !selecionadaId;
  const verConversa = !mobile || Boolean(selecionadaId);
  return (
    <section
      ref={ref}
      role="dialog"
      aria-label={PAINEL_TEXTS.chatInterno}
      onKeyDown={onKeyDown}
      className={cn(
        'fixed z-40 flex overflow-hidden bg-background text-foreground',
        mobile ? 'inset-0' : 'bottom-18 right-4 rounded-xl border shadow-2xl animate-in fade-in-0 slide-in-from-bottom-2',
      )}
      style={
        mobile
          ? undefined
          : {
              width: `min(${PAINEL_LARGURA_PX}px, calc(100vw - ${FOLGA_HORIZONTAL}))`,
              height: `min(${PAINEL_ALTURA_PX}px, calc(100dvh - ${FOLGA_VERTICAL}))`,
            }
      }
    >
      {verLista && (
        <ConversationList
          className={mobile ? 'w-full' : 'w-[30%] shrink-0 border-r'}
          conversas={conversas.data}
          carregando={conversas.isPending}
          eu={user}
          selecionadaId={selecionadaId}
          onSelecionar={selecionar}
          onNovo={setNovo}
          onFechar={onClose}
        />
      )}
      {verConversa && (
        <ConversationView
          key={selecionadaId ?? 'nenhuma'}
          className="min-w-0 flex-1"
          conversaId={selecionadaId}
          conversa={conversa}
          listaCarregada={Boolean(conversas.data)}
          user={user}
          onVoltar={mobile ? () => setSelecionadaId(null) : undefined}
          onSaiu={() => {
            setSelecionadaId(null);
            void qc.invalidateQueries({ queryKey: chatKeys.conversas });
          }}
        />
      )}
      <NewConversationDialog open={novo === 'conversa'} onOpenChange={(v) => setNovo(v ? 'conversa' : null)} onCriada={selecionar} />
      <NewGroupDialog open={novo === 'grupo'} onOpenChange={(v) => setNovo(v ? 'grupo' : null)} onCriada={selecionar} user={user} />
    </section>
  );
}
