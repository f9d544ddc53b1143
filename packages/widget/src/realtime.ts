import { isTransientAck } from '@balcao/shared/hubs';
import type { TPreChat, WidgetClientEvents, WidgetServerEvents } from '@balcao/shared/widget';
import { io, type Socket } from 'socket.io-client';
import type { OutboxItem, SendResult } from './outbox';
import type { WidgetOptions } from './script';
import { T } from './texts';

export type WidgetSocket = Socket<WidgetServerEvents, WidgetClientEvents>;
/** An ack slower than this counts as lost: the message stays queued and goes again (same clientId). */
const ACK_TIMEOUT_MS = 10_000;

export type RealtimeHandlers = WidgetServerEvents & {
  connected: (again: boolean) => void;
  disconnected: () => void;
  /** The server refused the handshake (origin, channel, session): it will not retry by itself. */
  refused: (message: string) => void;
};

/** The `/widget` namespace of docs/integracao.md, on the chat host (never the embedding site). */
export function connect(opts: WidgetOptions, visitante: string, on: RealtimeHandlers): WidgetSocket {
  const socket: WidgetSocket = io(`${opts.origin}/widget`, {
    path: '/backend/socket.io',
    auth: { canal: opts.canal, visitante },
    transports: ['websocket', 'polling'],
  });
  let before = false;
  socket.on('connect', () => {
    on.connected(before);
    before = true;
  });
  socket.on('disconnect', () => on.disconnected());
  socket.on('connect_error', (err) => (socket.active ? on.disconnected() : on.refused(err.message || T.semConexao)));
  socket.on('Mensagem', on.Mensagem);
  socket.on('AtendimentoAtualizado', on.AtendimentoAtualizado);
  socket.on('Digitando', on.Digitando);
  return socket;
}

/**
 * Sends one queued message; "retry" unless the server answered about the message itself, so nothing is lost to a
 * dropped link or to the server's database being away for a moment (decided by the refusal's code, not its text).
 */
export function emitSend(socket: WidgetSocket | null, o: OutboxItem): Promise<SendResult> {
  if (!socket?.connected) return Promise.resolve({ ok: false, retry: true });
  const payload = { clientId: o.clientId, conteudo: o.conteudo, ...(o.uploadId ? { uploadId: o.uploadId } : {}) };
  return new Promise((resolve) =>
    socket
      .timeout(ACK_TIMEOUT_MS)
      .emit('EnviarMensagem', payload, (err, r) =>
        resolve(err || !r ? { ok: false, retry: true } : r.ok ? r : { ok: false, retry: isTransientAck(r), message: r.message }),
      ),
  );
}

/** Answers null when the conversation may start, else the message to show under the form. */
export function emitPreChat(socket: WidgetSocket | null, p: TPreChat): Promise<string | null> {
  if (!socket?.connected) return Promise.resolve(T.semConexao);
  return new Promise((resolve) =>
    socket
      .timeout(ACK_TIMEOUT_MS)
      .emit('IniciarConversa', p, (err, r) => resolve(err || !r ? T.semConexao : r.ok ? null : r.message || T.erroGenerico)),
  );
}
