import type { TAtendimento, TEnviarMensagem, TSendAck } from '@balcao/shared/atendimentos';
import {
  CUSTOMER_CHAT_CHECK_MS,
  STATUS_UPDATE_WINDOW_EVENT,
  type AtendimentoClientEvents,
  type AtendimentoServerEvents,
  type TChatPresence,
  type TRealtimeMessage,
  type TStatusUpdate,
} from '@balcao/shared/atendimentos/realtime';
import type { TAtendenteOnline } from '@balcao/shared/atendimentos';
import type { TWapiEvento } from '@balcao/shared/wapi';
import { EXIBICAO_ORIGEM } from '@balcao/shared/canais';
import type { Socket } from 'socket.io-client';
import { DuplicateFilter } from './duplicate-filter';
import { carriesMessage, normalizeIncoming, type TMensagemAoVivo, type TNormalizeContext } from './normalize';
import { OutgoingQueue } from './outgoing-queue';
import { restartAnalytics } from '@/features/analytics/start';

export type TConnectionState = 'connecting' | 'connected' | 'closed';
export type TChatSocket = Socket<AtendimentoServerEvents, AtendimentoClientEvents>;

/** What the screen does with each event; set once by the cache binding. */
export type TChatHandlers = TNormalizeContext & {
  onMessage(m: TMensagemAoVivo): void;
  onStatus(u: TStatusUpdate): void;
  onRow(row: TAtendimento): void;
  onPresence(p: TChatPresence): void;
  onListPresence(a: TAtendenteOnline[]): void;
  onAck(clientId: string, ack: TSendAck): void;
  /**
   * Connected, the first time included: fetch what may have been missed outside the rooms (the list a page
   * loaded while the socket was still joining them, or everything during an outage).
   */
  onConnected(): void;
};

type TDeps = {
  createSocket: () => TChatSocket;
  /** The 5 s check stops everything once the session is gone (logout in this or another tab). */
  hasSession: () => boolean;
  /** The server closed the socket itself (logout elsewhere, deactivation, role change): the session may be over. */
  onServerDisconnect?: () => void;
  ackTimeoutMs?: number;
};

/**
 * The customer-chat realtime connection of spec part 2 §4: connecting/connected/closed, reconnects on
 * close, a 5 s check that reconnects and flushes, two ordered outgoing queues (SendMessage for WhatsApp,
 * SendWidgetMessage for the site widget), incoming normalisation and 5 s duplicate suppression.
 */
export class CustomerChatConnection {
  private socket: TChatSocket | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private state: TConnectionState = 'closed';
  private readonly listeners = new Set<() => void>();
  private readonly duplicates = new DuplicateFilter();
  private handlers: TChatHandlers | null = null;
  private readonly whatsAppListeners = new Set<(e: TWapiEvento) => void>();
  readonly agentQueue: OutgoingQueue;
  readonly widgetQueue: OutgoingQueue;

  constructor(private readonly deps: TDeps) {
    const ack = (clientId: string, res: TSendAck) => this.handlers?.onAck(clientId, res);
    this.agentQueue = new OutgoingQueue((json) => this.emit('SendMessage', json), ack);
    this.widgetQueue = new OutgoingQueue((json) => this.emit('SendWidgetMessage', json), ack);
  }

  setHandlers(h: TChatHandlers) {
    this.handlers = h;
  }

  /** WhatsApp Web's session as the server pushes it to admins and master (ReceiveWhatsAppEvent); answers the unsubscribe. */
  onWhatsAppEvent(l: (e: TWapiEvento) => void) {
    this.whatsAppListeners.add(l);
    return () => {
      this.whatsAppListeners.delete(l);
    };
  }

  getState = () => this.state;
  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => void this.listeners.delete(l);
  };

  /** Opened after authentication; calling it again is harmless. */
  start() {
    if (!this.socket) {
      this.socket = this.deps.createSocket();
      this.wire(this.socket);
    }
    if (!this.socket.connected) {
      this.setState('connecting');
      this.socket.connect();
    }
    this.timer ??= setInterval(() => this.check(), CUSTOMER_CHAT_CHECK_MS);
  }

  /** Closes the connection; `esquecerFilas` when the session changes hands (its queued messages go too). */
  stop(esquecerFilas = false) {
    if (esquecerFilas) {
      this.agentQueue.clear();
      this.widgetQueue.clear();
    }
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.socket?.removeAllListeners();
    this.socket?.disconnect();
    this.socket = null;
    this.setState('closed');
  }

  /** Queues a message on its origin's queue and sends at once when connected. */
  send(origem: TAtendimento['origem'], mensagem: TEnviarMensagem) {
    // Each kind of conversation has its hub event (spec part 2 §5), and each event its queue.
    const queue = EXIBICAO_ORIGEM[origem].envio === 'SendWidgetMessage' ? this.widgetQueue : this.agentQueue;
    queue.enqueue(JSON.stringify(mensagem));
    if (this.socket?.connected) void queue.flush();
  }

  typing(atendimentoId: string, digitando: boolean) {
    if (this.socket?.connected) this.socket.emit('Digitando', { atendimentoId, digitando });
  }

  /** The 5 s check: reconnect when needed, else resend what is queued, in order. */
  check() {
    if (!this.deps.hasSession()) return this.stop(true);
    const s = this.socket;
    if (!s) return;
    if (!s.connected) {
      this.setState('connecting');
      if (!s.active) s.connect(); // a refused handshake is not retried by socket.io itself
      return;
    }
    void this.agentQueue.flush();
    void this.widgetQueue.flush();
  }

  private emit(event: 'SendMessage' | 'SendWidgetMessage', json: string): Promise<TSendAck> {
    const s = this.socket;
    if (!s?.connected) return Promise.reject(new Error('not connected'));
    return s.timeout(this.deps.ackTimeoutMs ?? CUSTOMER_CHAT_CHECK_MS).emitWithAck(event, json);
  }

  private wire(s: TChatSocket) {
    s.on('connect', () => {
      this.setState('connected');
      this.handlers?.onConnected();
      void this.agentQueue.flush();
      void this.widgetQueue.flush();
    });
    s.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') this.deps.onServerDisconnect?.();
      this.setState(s.active ? 'connecting' : 'closed');
    });
    s.on('connect_error', () => this.setState(s.active ? 'connecting' : 'closed'));
    s.on('ClientReceiveMessage', (raw) => this.receive(raw));
    s.on('ReceiveMessageStatusUpdate', (u) => {
      this.handlers?.onStatus(u);
      window.dispatchEvent(new CustomEvent(STATUS_UPDATE_WINDOW_EVENT, { detail: u }));
    });
    s.on('ChatListAtendimento', (row) => this.handlers?.onRow(row));
    s.on('ChatPresence', (p) => this.handlers?.onPresence(p));
    s.on('ChatListPresence', (a) => this.handlers?.onListPresence(a));
    s.on('ReceiveWhatsAppEvent', (e) => {
      for (const l of this.whatsAppListeners) l(e);
    });
    s.on('TelemetriaAlterada', restartAnalytics);
  }

  private receive(raw: TRealtimeMessage) {
    const h = this.handlers;
    if (!h) return;
    const m = normalizeIncoming(raw, h);
    if (!carriesMessage(m) || !this.duplicates.accept(m)) return;
    h.onMessage(m);
  }

  private setState(next: TConnectionState) {
    if (next === this.state) return;
    this.state = next;
    for (const l of this.listeners) l();
  }
}
