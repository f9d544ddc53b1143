// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TEnviarMensagem, TSendAck } from '@balcao/shared/atendimentos';
import { CUSTOMER_CHAT_CHECK_MS, STATUS_UPDATE_WINDOW_EVENT } from '@balcao/shared/atendimentos/realtime';
import { makeMensagem, makeEvento } from '../testing/factories';
import { CustomerChatConnection, type TChatHandlers, type TChatSocket } from './connection';

/** A socket.io client stand-in: the test decides when it connects and what the server answers. */
class FakeSocket {
  connected = false;
  active = false;
  online = true;
  readonly sent: { event: string; clientId: string }[] = [];
  private readonly handlers = new Map<string, ((...a: unknown[]) => void)[]>();
  answer: (event: string, json: string) => TSendAck | 'timeout' = (_e, json) => ({
    ok: true,
    mensagem: makeMensagem({ clientId: (JSON.parse(json) as TEnviarMensagem).clientId }),
  });
  on(ev: string, fn: (...a: unknown[]) => void) {
    this.handlers.set(ev, [...(this.handlers.get(ev) ?? []), fn]);
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  fire(ev: string, ...args: unknown[]) {
    for (const fn of this.handlers.get(ev) ?? []) fn(...args);
  }
  connect() {
    this.active = true;
    if (this.online) {
      this.connected = true;
      this.fire('connect');
    }
    return this;
  }
  drop() {
    this.connected = false;
    this.fire('disconnect', 'transport close');
  }
  disconnect() {
    this.active = false;
    this.connected = false;
    return this;
  }
  emit() {
    return this;
  }
  timeout() {
    return {
      emitWithAck: async (event: string, json: string) => {
        const res = this.answer(event, json);
        if (res === 'timeout') throw new Error('operation has timed out');
        this.sent.push({ event, clientId: (JSON.parse(json) as TEnviarMensagem).clientId });
        return res;
      },
    };
  }
}

const msg = (clientId: string): TEnviarMensagem => ({
  clientId,
  atendimentoId: '00000000-0000-4000-8000-000000000001',
  tipo: 'text',
  conteudo: clientId,
});

function setup() {
  const socket = new FakeSocket();
  const handlers = {
    abertoId: null,
    numeroDe: () => null,
    onMessage: vi.fn(),
    onStatus: vi.fn(),
    onRow: vi.fn(),
    onPresence: vi.fn(),
    onListPresence: vi.fn(),
    onAck: vi.fn(),
    onConnected: vi.fn(),
  } satisfies TChatHandlers;
  let session = true;
  const conn = new CustomerChatConnection({ createSocket: () => socket as unknown as TChatSocket, hasSession: () => session });
  conn.setHandlers(handlers);
  return { socket, handlers, conn, endSession: () => (session = false) };
}

describe('CustomerChatConnection', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes connecting -> connected, and closed on stop', () => {
    const { socket, conn } = setup();
    socket.online = false;
    const states: string[] = [];
    conn.subscribe(() => states.push(conn.getState()));
    conn.start();
    expect(conn.getState()).toBe('connecting');
    socket.online = true;
    vi.advanceTimersByTime(CUSTOMER_CHAT_CHECK_MS);
    // socket.io keeps retrying by itself while active; the check reconnects only a refused handshake.
    socket.active = false;
    vi.advanceTimersByTime(CUSTOMER_CHAT_CHECK_MS);
    expect(conn.getState()).toBe('connected');
    conn.stop();
    expect(states).toEqual(['connecting', 'connected', 'closed']);
  });

  it('queues while offline and sends in order once connected; widget and WhatsApp on their own events', async () => {
    const { socket, conn, handlers } = setup();
    socket.online = false;
    conn.start();
    conn.send('widget', msg('w1'));
    conn.send('whatsapp', msg('z1'));
    conn.send('widget-response', msg('w2'));
    expect(conn.widgetQueue.size).toBe(2);
    expect(conn.agentQueue.size).toBe(1);
    socket.online = true;
    socket.active = false;
    await vi.advanceTimersByTimeAsync(CUSTOMER_CHAT_CHECK_MS);
    expect(socket.sent.filter((s) => s.event === 'SendWidgetMessage').map((s) => s.clientId)).toEqual(['w1', 'w2']);
    expect(socket.sent.filter((s) => s.event === 'SendMessage').map((s) => s.clientId)).toEqual(['z1']);
    expect(handlers.onAck).toHaveBeenCalledTimes(3);
  });

  it('keeps an unacked message queued and resends it on the 5 s check', async () => {
    const { socket, conn } = setup();
    conn.start();
    socket.answer = () => 'timeout';
    conn.send('widget', msg('w1'));
    conn.send('widget', msg('w2'));
    await vi.advanceTimersByTimeAsync(0);
    expect(conn.widgetQueue.size).toBe(2);
    socket.answer = (_e, json) => ({ ok: true, mensagem: makeMensagem({ clientId: (JSON.parse(json) as TEnviarMensagem).clientId }) });
    await vi.advanceTimersByTimeAsync(CUSTOMER_CHAT_CHECK_MS);
    expect(socket.sent.map((s) => s.clientId)).toEqual(['w1', 'w2']);
    expect(conn.widgetQueue.size).toBe(0);
  });

  it('normalises, suppresses duplicates and hands messages over', () => {
    const { socket, conn, handlers } = setup();
    conn.start();
    const ev = makeEvento({ type: 'reaction' }, { conteudo: '❤️' });
    socket.fire('ClientReceiveMessage', ev);
    socket.fire('ClientReceiveMessage', ev);
    socket.fire('ClientReceiveMessage', makeEvento({ type: 'presence' }));
    expect(handlers.onMessage).toHaveBeenCalledTimes(1);
    expect(handlers.onMessage.mock.calls[0]![0].mensagem.tipo).toBe('reaction');
  });

  it('re-dispatches status updates as a window event', () => {
    const { socket, conn, handlers } = setup();
    conn.start();
    const seen: unknown[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent).detail);
    window.addEventListener(STATUS_UPDATE_WINDOW_EVENT, listener);
    const update = { atendimentoId: 'a1', messageId: 'm1', clientId: null, status: 'read' };
    socket.fire('ReceiveMessageStatusUpdate', update);
    window.removeEventListener(STATUS_UPDATE_WINDOW_EVENT, listener);
    expect(seen).toEqual([update]);
    expect(handlers.onStatus).toHaveBeenCalledWith(update);
  });

  it('asks for what was missed at every connection, the first included (a list loaded before the rooms were joined)', () => {
    const { socket, conn, handlers } = setup();
    conn.start();
    expect(handlers.onConnected).toHaveBeenCalledTimes(1);
    socket.drop();
    socket.connect();
    expect(handlers.onConnected).toHaveBeenCalledTimes(2);
  });

  it('closes for good when the session is gone, forgetting what was queued', () => {
    const { socket, conn, endSession } = setup();
    socket.online = false;
    conn.start();
    conn.send('widget', msg('w1'));
    endSession();
    vi.advanceTimersByTime(CUSTOMER_CHAT_CHECK_MS);
    expect(conn.getState()).toBe('closed');
    expect(conn.widgetQueue.size).toBe(0);
  });

  it('asks about the session when the server itself closes the socket (deactivation), not on a network drop', () => {
    const socket = new FakeSocket();
    const onServerDisconnect = vi.fn();
    const conn = new CustomerChatConnection({
      createSocket: () => socket as unknown as TChatSocket,
      hasSession: () => true,
      onServerDisconnect,
    });
    conn.start();
    socket.drop();
    expect(onServerDisconnect).not.toHaveBeenCalled();
    socket.connect();
    socket.connected = false;
    socket.fire('disconnect', 'io server disconnect');
    expect(onServerDisconnect).toHaveBeenCalledTimes(1);
    conn.stop();
  });

  it('hands ReceiveWhatsAppEvent to its listeners, across a restart, until they unsubscribe', () => {
    const { socket, conn } = setup();
    const visto = vi.fn();
    const sair = conn.onWhatsAppEvent(visto);
    conn.start();
    const evento = {
      tipo: 'wapi.sessao',
      sessao: { estado: 'desconectado', qr: null, codigoPareamento: null, numero: null, nome: null, erro: null, ativo: false },
    };
    socket.fire('ReceiveWhatsAppEvent', evento);
    expect(visto).toHaveBeenCalledWith(evento);
    conn.stop();
    conn.start();
    socket.fire('ReceiveWhatsAppEvent', evento);
    expect(visto).toHaveBeenCalledTimes(2);
    sair();
    socket.fire('ReceiveWhatsAppEvent', evento);
    expect(visto).toHaveBeenCalledTimes(2);
    conn.stop();
  });
});
