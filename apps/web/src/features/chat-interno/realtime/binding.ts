import { cachedCurrentUser } from '@/features/auth/api';
import { noteChatMensagem } from '@/features/notificacoes/eventos';
import type { QueryClient } from '@tanstack/react-query';
import type { TConversa, TMensagem } from '@balcao/shared/chat-interno';
import type { TMensagensData } from '../api';
import { chatKeys } from '../keys';
import { applyMensagem } from '../list-cache';
import { insertMensagem } from '../message-cache';
import { isConversaOpen, pendentes } from '../stores';
import { chatInterno } from './chat-interno-socket';
import { trackMessage } from '@/features/analytics/analytics';

/**
 * A stored message reaches the caches: its history (if loaded), the list (moved to the top, unread raised unless
 * it is ours or open), and our pending copy is dropped. Used for ReceiveMessage and for our own acks alike.
 */
export function receiveMensagem(qc: QueryClient, meuId: string, m: TMensagem) {
  if (m.clientId && pendentes.tem(m.clientId)) pendentes.remover(m.clientId);
  qc.setQueryData<TMensagensData>(chatKeys.mensagens(m.conversaId), (d) => insertMensagem(d, m));
  const lista = qc.getQueryData<TConversa[]>(chatKeys.conversas);
  const next = lista ? applyMensagem(lista, m, { meuId, aberta: isConversaOpen(m.conversaId) }) : null;
  // A message for a conversation we do not list (a new one, or one we were just added to): reload the list.
  if (next) qc.setQueryData(chatKeys.conversas, next);
  else void qc.invalidateQueries({ queryKey: chatKeys.conversas });
}

/**
 * Spec §4: UpdateConversations reloads the list. Renames, joins and promotions may have changed the group's participants
 * too. If the conversation is no longer ours (we left or were removed), what we held of it is only marked stale: not read
 * now (the server would refuse), read afresh if we are ever added again.
 */
async function atualizarConversa(qc: QueryClient, conversaId: string) {
  await qc.invalidateQueries({ queryKey: chatKeys.conversas });
  const ainda = qc.getQueryData<TConversa[]>(chatKeys.conversas)?.some((c) => c.id === conversaId);
  if (ainda) return qc.invalidateQueries({ queryKey: chatKeys.participantes(conversaId) });
  await qc.invalidateQueries({ queryKey: chatKeys.participantes(conversaId), refetchType: 'none' });
  await qc.invalidateQueries({ queryKey: chatKeys.mensagens(conversaId), refetchType: 'none' });
}

/** Starts the hub for the signed-in user; the returned function stops it (logout, user change). */
export function startChatInterno(qc: QueryClient, meuId: string): () => void {
  chatInterno.start({
    onMessage: (m) => {
      if (m.remetenteId !== meuId) trackMessage('recebida', 'interno', m.tipo);
      receiveMensagem(qc, meuId, m);
      // Sound, title count and a notification while hidden; an @mention of my first name is its own event.
      noteChatMensagem(m, meuId, cachedCurrentUser(qc)?.nome ?? '', isConversaOpen(m.conversaId));
    },
    onUpdateConversations: ({ conversaId }) => void atualizarConversa(qc, conversaId),
    onConnected: () => {
      void qc.invalidateQueries({ queryKey: chatKeys.conversas });
      void qc.invalidateQueries({ queryKey: chatKeys.mensagensTodas });
    },
  });
  return () => {
    chatInterno.stop();
    pendentes.limpar();
  };
}
