import type { Namespace, Server } from 'socket.io';
import {
  CHAT_INTERNO_EVENTS,
  CHAT_INTERNO_FALHAS,
  ZEnviarMensagemInput,
  ZVisualizarInput,
  type TAckError,
} from '@balcao/shared/chat-interno';
import type { AppContext } from '../context';
import { AppError } from '../lib/errors';
import type { TSessionUser } from '../lib/session';
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
export function registerChatInternoHub(io: Server, ctx: Pick<AppContext, 'db' | 'tokens'>, log?: Logger): ChatInternoNamespace {
  const nsp = chatInternoNamespace(io);
  useStaffAuth(nsp as unknown as Namespace, ctx);

  nsp.on('connection', (socket) => {
    const user = (socket.data as { user: TSessionUser }).user;

    socket.on(CHAT_INTERNO_EVENTS.sendMessage, async (payload, ack) => {
      const parsed = ZEnviarMensagemInput.safeParse(payload);
      const answer = parsed.success
        ? await attempt(
            async () => {
              const { mensagem, change } = await enviarMensagem(ctx.db, user, parsed.data);
              if (change) publishChange(io, change, socket.id);
              return { ok: true as const, mensagem };
            },
            CHAT_INTERNO_FALHAS.enviar,
            log,
          )
        : invalid(parsed.error.issues[0]?.message ?? CHAT_INTERNO_FALHAS.enviar);
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
        : invalid(parsed.error.issues[0]?.message ?? VIEW_FAILED);
      if (typeof ack === 'function') ack(answer);
    });
  });
  return nsp;
}

const invalid = (message: string): TAckError => ({ ok: false, message, code: 'VALIDATION' });

/** A socket handler never throws: a refusal is acknowledged with the same { message, code } an HTTP call would answer. */
async function attempt<T>(work: () => Promise<T>, fallback: string, log?: Logger): Promise<T | TAckError> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) return { ok: false, message: err.message, code: err.code };
    log?.error(err, 'chat-interno hub');
    return { ok: false, message: fallback, code: 'INTERNAL' };
  }
}
