import type { Server } from 'socket.io';
import {
  CHAT_INTERNO_EVENTS,
  CHAT_INTERNO_FALHAS,
  CHAT_INTERNO_NAMESPACE,
  ZEnviarMensagemInput,
  ZVisualizarInput,
} from '@balcao/shared/chat-interno';
import type { TAckError } from '@balcao/shared/hubs';
import type { AppContext } from '../context';
import { invalidAck, refusalAck } from './ack';
import { enviarMensagem, visualizarMensagens } from '../modules/chat-interno/mensagens-service';
import { chatInternoNamespace, publishChange, type ChatInternoNamespace } from './chat-interno-events';
import { useStaffAuth } from './server';

type Logger = { error: (obj: unknown, msg?: string) => void };
/** ViewMessages has no toast in the spec (§8); this is what its ack says when the server fails. */
const VIEW_FAILED = 'Não foi possível marcar as mensagens como vistas';

/**
 * The internal chat hub (spec part 2 §7): namespace /chat-interno, JWT handshake, one room per user.
 * SendMessage is stored before it is acknowledged or broadcast; ViewMessages moves the read mark.
 * HTTP changes (groups, participants) reach the same rooms through publishChange.
 */
export function registerChatInternoHub(io: Server, ctx: Pick<AppContext, 'db' | 'tokens' | 'publish'>, log?: Logger): ChatInternoNamespace {
  const nsp = chatInternoNamespace(io);
  // Every staff role chats internally: the session alone, no rooms beyond the staff handshake's own.
  useStaffAuth(io, CHAT_INTERNO_NAMESPACE, ctx, async (user) => ({ user, rooms: [] }));

  nsp.on('connection', (socket) => {
    const { user } = socket.data;

    socket.on(CHAT_INTERNO_EVENTS.sendMessage, async (payload, ack) => {
      const parsed = ZEnviarMensagemInput.safeParse(payload);
      const answer = parsed.success
        ? await attempt(
            async () => {
              const { mensagem, change } = await enviarMensagem(ctx.db, user, parsed.data);
              // Through the context's publisher when there is one: Web Push hears of it there too.
              if (change) ctx.publish ? ctx.publish.chatInterno(change, socket.id) : publishChange(io, change, socket.id);
              return { ok: true as const, mensagem };
            },
            CHAT_INTERNO_FALHAS.enviar,
            log,
          )
        : invalidAck(parsed.error.issues[0]?.message ?? CHAT_INTERNO_FALHAS.enviar);
      if (typeof ack === 'function') ack(answer);
    });

    socket.on(CHAT_INTERNO_EVENTS.viewMessages, async (payload, ack) => {
      const parsed = ZVisualizarInput.safeParse(payload);
      const answer = parsed.success
        ? await attempt(
            async () => {
              await visualizarMensagens(ctx.db, user, parsed.data);
              return { ok: true as const };
            },
            VIEW_FAILED,
            log,
          )
        : invalidAck(parsed.error.issues[0]?.message ?? VIEW_FAILED);
      if (typeof ack === 'function') ack(answer);
    });
  });
  return nsp;
}

/** A socket handler never throws: a refusal is acknowledged with the same { message, code } an HTTP call would answer. */
async function attempt<T>(work: () => Promise<T>, fallback: string, log?: Logger): Promise<T | TAckError> {
  try {
    return await work();
  } catch (err) {
    return refusalAck(err, fallback, log, 'chat-interno hub');
  }
}
