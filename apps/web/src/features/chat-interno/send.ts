import type { QueryClient } from '@tanstack/react-query';
import {
  CHAT_INTERNO_FALHAS,
  type TConversa,
  type TEnviarMensagemInput,
  type TMensagem,
  type TMensagemTipo,
} from '@balcao/shared/chat-interno';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { isTransientAck } from '@balcao/shared/hubs';
import { ApiError, errorMessage } from '@/lib/http';
import { sendMensagemHttp, viewMensagensHttp } from './api';
import { toastError } from './feedback';
import { chatKeys } from './keys';
import { applyMensagem, clearNaoVistas } from './list-cache';
import type { TMensagemLocal } from './message-cache';
import { chatInterno } from './realtime/chat-interno-socket';
import { receiveMensagem } from './realtime/binding';
import { pendentes } from './stores';
import { ENVIO_ACK_TIMEOUT_MS } from './ui-constants';
import { trackMessage } from '@/features/analytics/analytics';

export type TNovaMensagem = { tipo: TMensagemTipo; texto: string; midiaUrl?: string | null; nomeArquivo?: string | null };

/**
 * Over the hub when it is up; over HTTP when it is down or its ack does not come. Both carry the same client id, and
 * the server stores an id once, so a late ack can never make a second message. A refusal is not retried, unless its
 * code says it was not about the message (the database was away): then HTTP tries once more.
 */
async function transmitir(payload: TEnviarMensagemInput): Promise<TMensagem> {
  if (chatInterno.isConnected()) {
    try {
      return await chatInterno.send(payload, ENVIO_ACK_TIMEOUT_MS);
    } catch (err) {
      if (err instanceof ApiError && !isTransientAck(err)) throw err;
    }
  }
  return sendMensagemHttp(payload);
}

async function entregar(qc: QueryClient, me: TCurrentUser, local: TMensagemLocal) {
  const payload: TEnviarMensagemInput = {
    conversaId: local.conversaId,
    mensagem: { id: local.clientId!, texto: local.conteudo, tipo: local.tipo, midiaUrl: local.midiaUrl, nomeArquivo: local.nomeArquivo },
  };
  try {
    receiveMensagem(qc, me.id, await transmitir(payload));
    trackMessage('enviada', 'interno', local.tipo);
  } catch (err) {
    pendentes.atualizar(local.clientId!, { envio: 'falhou', erro: errorMessage(err, CHAT_INTERNO_FALHAS.enviar) });
    toastError(err, CHAT_INTERNO_FALHAS.enviar);
  }
}

/**
 * Spec §4: a sent message shows at once (pending) and moves its conversation to the top as 'Você: ...'. The
 * optimistic time is the real current instant; the account zone is applied when it is shown (ARCHITECTURE "Time").
 */
export function sendMensagem(qc: QueryClient, me: TCurrentUser, conversaId: string, nova: TNovaMensagem): Promise<void> {
  const clientId = crypto.randomUUID();
  const local: TMensagemLocal = {
    id: clientId,
    clientId,
    conversaId,
    conteudo: nova.texto,
    remetenteId: me.id,
    remetenteNome: me.nome,
    remetenteFotoUrl: me.fotoUrl,
    dataEnvio: new Date().toISOString(),
    lida: false,
    origemTipo: 1,
    tipo: nova.tipo,
    midiaUrl: nova.midiaUrl ?? null,
    nomeArquivo: nova.nomeArquivo ?? null,
    envio: 'pendente',
  };
  pendentes.adicionar(local);
  const lista = qc.getQueryData<TConversa[]>(chatKeys.conversas);
  const next = lista && applyMensagem(lista, local, { meuId: me.id, aberta: true });
  if (next) qc.setQueryData(chatKeys.conversas, next);
  return entregar(qc, me, local);
}

/** The retry of a refused or lost message: same client id, so it is stored at most once. */
export function resend(qc: QueryClient, me: TCurrentUser, m: TMensagemLocal): Promise<void> {
  pendentes.atualizar(m.clientId!, { envio: 'pendente', erro: undefined });
  return entregar(qc, me, m);
}

/**
 * Spec §4/§7: tells the server what was seen (ViewMessages, or its HTTP twin while the hub is down) and clears the
 * row's count. Failure is silent: the next view moves the mark anyway.
 */
export function markViewed(qc: QueryClient, conversaId: string, ultimaMensagemId: string | null) {
  qc.setQueryData<TConversa[]>(chatKeys.conversas, (l) => clearNaoVistas(l, conversaId));
  if (!chatInterno.view(conversaId, ultimaMensagemId)) void viewMensagensHttp(conversaId, ultimaMensagemId).catch(() => undefined);
}
