import type { Socket } from 'socket.io-client';
import {
  CHAT_INTERNO_EVENTS as E,
  type ChatInternoClientEvents,
  type ChatInternoServerEvents,
  type TEnviarMensagemInput,
  type TMensagem,
  type TUpdateConversations,
} from '@balcao/shared/chat-interno';
import { ApiError } from '@/lib/http';
import { ReconnectScheduler, type TEstadoConexao } from './reconnect-scheduler';

export type TChatInternoSocket = Socket<ChatInternoServerEvents, ChatInternoClientEvents>;

export type TChatInternoHandlers = {
  onMessage(m: TMensagem): void;
  onUpdateConversations(p: TUpdateConversations): void;
  /**
   * Connected, the first time included: fetch what may have been missed outside the rooms (ARCHITECTURE
   * "Delivery"; a list loaded while the socket was still joining them, or everything during a drop).
   */
  onConnected(): void;
};

type TDeps = {
  /** Built with socket.io's own reconnection off: the spec's schedule (ReconnectScheduler) drives it instead. */
  createSocket: () => TChatInternoSocket;
  /** Logout (here or in another tab) ends the connection for good. */
  hasSession: () => boolean;
};

/** socket.io's reason when we closed it ourselves; anything else is a drop to recover from. */
const FECHADO_POR_NOS = 'io client disconnect';

/**
 * The internal chat hub connection (spec part 2 §4/§7): namespace /chat-interno, ReceiveMessage and UpdateConversations
 * in, SendMessage (acknowledged) and ViewMessages out. Reconnection follows the spec's series through the scheduler.
 */
export class ChatInternoConnection {
  private socket: TChatInternoSocket | null = null;
  private handlers: TChatInternoHandlers | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly scheduler = new ReconnectScheduler({
    attempt: () => this.attempt(),
    onState: () => {
      for (const l of this.listeners) l();
    },
  });

  constructor(private readonly deps: TDeps) {}

  getState = (): TEstadoConexao => this.scheduler.getState();
  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => void this.listeners.delete(l);
  };
  isConnected = () => Boolean(this.socket?.connected);

  start(handlers: TChatInternoHandlers) {
    this.handlers = handlers;
    if (!this.socket) {
      this.socket = this.deps.createSocket();
      this.wire(this.socket);
    }
    this.scheduler.start();
  }

  stop() {
    this.scheduler.stop();
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
    this.socket = null;
    this.handlers = null;
  }

  /** SendMessage with its ack; a refusal throws the server's { message, code } as an ApiError. */
  async send(payload: TEnviarMensagemInput, timeoutMs: number): Promise<TMensagem> {
    const s = this.socket;
    if (!s?.connected) throw new Error('desconectado');
    const ack = await s.timeout(timeoutMs).emitWithAck(E.sendMessage, payload);
    if (!ack.ok) throw new ApiError(400, ack.message, ack.code);
    return ack.mensagem;
  }

  /** ViewMessages; false when not connected, so the caller can use HTTP instead. */
  view(conversaId: string, ultimaMensagemId: string | null): boolean {
    if (!this.socket?.connected) return false;
    this.socket.emit(E.viewMessages, { conversaId, ultimaMensagemId });
    return true;
  }

  private attempt() {
    if (!this.deps.hasSession()) return this.stop();
    const s = this.socket;
    if (!s) return;
    if (s.connected) return this.scheduler.connected();
    s.connect();
  }

  private wire(s: TChatInternoSocket) {
    s.on('connect', () => {
      this.scheduler.connected();
      this.handlers?.onConnected();
    });
    s.on('connect_error', () => this.scheduler.failed());
    s.on('disconnect', (reason) => {
      if (reason !== FECHADO_POR_NOS) this.scheduler.failed();
    });
    s.on(E.receiveMessage, (m) => this.handlers?.onMessage(m));
    s.on(E.updateConversations, (p) => this.handlers?.onUpdateConversations(p));
  }
}
