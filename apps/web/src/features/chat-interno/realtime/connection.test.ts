import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/http';
import { makeMensagem } from '../testing/factories';
import { ChatInternoConnection, type TChatInternoSocket } from './connection';

type Listener = (...args: unknown[]) => void;

/** Just enough of a socket.io client socket: listeners, connect/disconnect, emit and the ack timeout chain. */
class FakeSocket {
  connected = false;
  connects = 0;
  emitted: [string, unknown][] = [];
  ackAnswer: unknown = { ok: true, mensagem: null };
  private ls = new Map<string, Listener[]>();
  on(ev: string, l: Listener) {
    this.ls.set(ev, [...(this.ls.get(ev) ?? []), l]);
    return this;
  }
  fire(ev: string, ...args: unknown[]) {
    if (ev === 'connect') this.connected = true;
    if (ev === 'disconnect') this.connected = false;
    for (const l of this.ls.get(ev) ?? []) l(...args);
  }
  connect() {
    this.connects++;
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
  removeAllListeners() {
    this.ls.clear();
    return this;
  }
  emit(ev: string, payload: unknown) {
    this.emitted.push([ev, payload]);
    return this;
  }
  timeout() {
    return {
      emitWithAck: async (ev: string, payload: unknown) => {
        this.emitted.push([ev, payload]);
        return this.ackAnswer;
      },
    };
  }
}

function setup(session = { ok: true }) {
  const socket = new FakeSocket();
  const conn = new ChatInternoConnection({ createSocket: () => socket as unknown as TChatInternoSocket, hasSession: () => session.ok });
  const handlers = { onMessage: vi.fn(), onUpdateConversations: vi.fn(), onConnected: vi.fn() };
  conn.start(handlers);
  return { socket, conn, handlers };
}

describe('ChatInternoConnection', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('connects at start, forwards ReceiveMessage and UpdateConversations, and refetches at every connection', async () => {
    const { socket, conn, handlers } = setup();
    expect(socket.connects).toBe(1);
    socket.fire('connect');
    expect(conn.getState()).toBe('Connected');
    expect(handlers.onConnected).toHaveBeenCalledTimes(1);
    const m = makeMensagem();
    socket.fire('ReceiveMessage', m);
    socket.fire('UpdateConversations', { conversaId: 'c1' });
    expect(handlers.onMessage).toHaveBeenCalledWith(m);
    expect(handlers.onUpdateConversations).toHaveBeenCalledWith({ conversaId: 'c1' });

    socket.fire('disconnect', 'transport close');
    expect(conn.getState()).toBe('Reconnecting');
    await vi.advanceTimersByTimeAsync(0); // first delay of the series is 0
    expect(socket.connects).toBe(2);
    socket.fire('connect');
    expect(handlers.onConnected).toHaveBeenCalledTimes(2);
  });

  it('follows the series after failed attempts and never reconnects what it closed itself', async () => {
    const { socket, conn } = setup();
    socket.fire('connect_error', new Error('x'));
    expect(conn.getState()).toBe('Disconnected');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(socket.connects).toBe(2);
    conn.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(socket.connects).toBe(2);
  });

  it('stops when the session is gone', async () => {
    const session = { ok: true };
    const { socket, conn } = setup(session);
    socket.fire('connect_error', new Error('x'));
    session.ok = false;
    await vi.advanceTimersByTimeAsync(3_000);
    expect(socket.connects).toBe(1);
    expect(conn.getState()).toBe('Disconnected');
  });

  it('sends with an ack, turning a refusal into the server message, and views only while connected', async () => {
    const { socket, conn } = setup();
    expect(conn.view('c1', 'm1')).toBe(false);
    socket.fire('connect');
    const m = makeMensagem();
    socket.ackAnswer = { ok: true, mensagem: m };
    await expect(conn.send({ conversaId: 'c1', mensagem: { id: 'x', texto: 'oi', tipo: 'text', midiaUrl: null } }, 1000)).resolves.toBe(m);
    socket.ackAnswer = { ok: false, message: 'Conversa não encontrada', code: 'NOT_FOUND' };
    const err = await conn.send({ conversaId: 'c1', mensagem: { id: 'y', texto: 'oi' } }, 1000).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('Conversa não encontrada');
    expect(conn.view('c1', 'm1')).toBe(true);
    expect(socket.emitted.at(-1)).toEqual(['ViewMessages', { conversaId: 'c1', ultimaMensagemId: 'm1' }]);
  });
});
