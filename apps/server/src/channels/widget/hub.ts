import type { FastifyBaseLogger } from 'fastify';
import type { Namespace, Server } from 'socket.io';
import {
  SOCKET_ABUSE_BLOCK_SECONDS,
  SOCKET_CONNECTIONS_PER_MINUTE,
  SOCKET_DROPPED_BEFORE_DISCONNECT,
  SOCKET_EVENTS_BURST,
  SOCKET_EVENTS_PER_SECOND,
  TYPING_MIN_INTERVAL_MS,
  WIDGET_NAMESPACE,
  WIDGET_TEXTS,
  ZPreChat,
  ZWidgetHandshake,
  ZWidgetTyping,
  type WidgetClientEvents,
  type WidgetServerEvents,
} from '@balcao/shared/widget';
import { atendimentoEvents, type AppContext } from '../../context';
import type { VisitanteRow } from '../../db/schema/atendimentos';
import { AppError, Forbidden, TooManyRequests } from '../../lib/errors';
import { presentAtendimento } from '../../modules/atendimentos/presenter';
import { findAtendimento, findOpenAtendimento } from '../../modules/atendimentos/queries';
import { rooms } from '../../lib/rooms';
import { invalidAck, refusalAck } from '../../realtime/ack';
import { typedNamespace } from '../../realtime/namespace';
import { Coalescer, TokenBucket } from './limits';
import { visitorRead, visitorSend } from './send';
import { findCanalByToken, originAllowed, requireVisitante, savePreChat, type WidgetCanal } from './service';

type VisitorNamespace = Namespace<
  WidgetClientEvents,
  WidgetServerEvents,
  Record<string, never>,
  { canal: WidgetCanal; visitante: VisitanteRow }
>;
const SEND_FAILED = 'Não foi possível enviar a mensagem.';
const abuseKey = (visitanteId: string) => `widget-abuso:${visitanteId}`;

/** Website visitors: only from the channel's allowed origins, with the visitor token from the session call. */
export function registerWidgetHub(io: Server, ctx: AppContext, log: FastifyBaseLogger) {
  const nsp = typedNamespace<VisitorNamespace>(io, WIDGET_NAMESPACE);

  nsp.use(async (socket, next) => {
    try {
      const auth = ZWidgetHandshake.safeParse(socket.handshake.auth ?? {});
      if (!auth.success) throw new Error('sem canal');
      const canal = await findCanalByToken(ctx.db, auth.data.canal);
      const proto = socket.handshake.headers['x-forwarded-proto'] ?? (socket.handshake.secure ? 'https' : 'http');
      if (!originAllowed(canal, socket.handshake.headers.origin, `${proto}://${socket.handshake.headers.host}`))
        throw new Forbidden(WIDGET_TEXTS.origemNaoPermitida);
      socket.data.canal = canal;
      socket.data.visitante = await requireVisitante(ctx.db, canal, auth.data.visitante);
      // Disconnected for flooding a moment ago: refused until the block time is over.
      const id = socket.data.visitante.id;
      if ((await ctx.rates.get(abuseKey(id))) > 0) throw new TooManyRequests(WIDGET_TEXTS.muitasAcoes);
      // Reconnecting in a loop is a flood too (each connection is a presence change for staff).
      if ((await ctx.rates.hit(`widget-conexao:${id}`, 60)) > SOCKET_CONNECTIONS_PER_MINUTE)
        throw new TooManyRequests(WIDGET_TEXTS.muitasAcoes);
      await socket.join([rooms.visitor(socket.data.visitante.clienteId, canal.id), rooms.canal(canal.id)]);
      next();
    } catch (err) {
      next(new Error(err instanceof AppError ? err.message : 'Não autorizado'));
    }
  });

  /** The visitor's open atendimento, for presence and typing on the attendants' screen. */
  const openRow = async (canal: WidgetCanal, v: VisitanteRow) => {
    const open = await findOpenAtendimento(ctx.db, v.clienteId, canal.id);
    const joined = open ? await findAtendimento(ctx.db, canal.accountId, open.id) : null;
    return joined ? presentAtendimento(joined) : null;
  };
  const presence = async (canal: WidgetCanal, v: VisitanteRow, digitando: boolean, online: boolean) => {
    const row = await openRow(canal, v);
    if (row) atendimentoEvents(ctx).presence(canal.accountId, row, digitando, online);
  };
  /** Typing reaches staff at most once a second per conversation, whatever the visitor's tabs send. */
  const typing = new Coalescer<boolean>(TYPING_MIN_INTERVAL_MS);

  nsp.on('connection', (socket) => {
    const { canal, visitante } = socket.data;
    const conversa = rooms.visitor(visitante.clienteId, canal.id);
    void presence(canal, visitante, false, true).catch(() => undefined);
    socket.on('disconnect', () => {
      typing.forget(conversa);
      void presence(canal, visitante, false, false).catch(() => undefined);
    });

    // Every event spends a token; over the rate it is dropped, and a socket that keeps at it is cut off.
    const bucket = new TokenBucket(SOCKET_EVENTS_BURST, SOCKET_EVENTS_PER_SECOND);
    const strikes = new TokenBucket(SOCKET_DROPPED_BEFORE_DISCONNECT, 1);
    socket.use((_packet, next) => {
      if (bucket.take()) return next();
      if (strikes.take() || !socket.connected) return;
      log.warn({ canalId: canal.id, visitanteId: visitante.id }, 'widget: visitante desconectado por excesso de eventos');
      void ctx.rates.hit(abuseKey(visitante.id), SOCKET_ABUSE_BLOCK_SECONDS).catch(() => undefined);
      socket.disconnect(true);
    });

    socket.on('EnviarMensagem', async (m, ack) => {
      if (typeof ack !== 'function') return;
      try {
        // socket.data.visitante is refreshed by IniciarConversa, so the chosen department is current.
        ack({ ok: true, mensagem: await visitorSend(ctx, canal, socket.data.visitante, m) });
      } catch (err) {
        ack(refusalAck(err, SEND_FAILED, log, 'widget EnviarMensagem'));
      }
    });

    socket.on('IniciarConversa', async (p, ack) => {
      if (typeof ack !== 'function') return;
      const parsed = ZPreChat.safeParse(p ?? {});
      if (!parsed.success) return ack(invalidAck(parsed.error.issues[0]?.message ?? 'Dados inválidos.'));
      try {
        socket.data.visitante = await savePreChat(ctx.db, canal, visitante, parsed.data);
        ack({ ok: true });
      } catch (err) {
        ack(refusalAck(err, SEND_FAILED, log, 'widget IniciarConversa'));
      }
    });

    socket.on('Digitando', (raw) => {
      const digitando = ZWidgetTyping.safeParse(raw);
      if (!digitando.success) return;
      typing.push(conversa, digitando.data, (on) => void presence(canal, visitante, on, true).catch(() => undefined));
    });
    socket.on('MarcarLidas', () => void visitorRead(ctx, canal, visitante).catch((err) => log.warn({ err }, 'widget MarcarLidas')));
  });
  return nsp;
}
