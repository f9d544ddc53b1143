import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_INTERNO_RECONNECT_DELAYS_MS, CHAT_INTERNO_RETRY_MS } from '@balcao/shared/chat-interno/constants';
import { ReconnectScheduler, type TEstadoConexao } from './reconnect-scheduler';

/** A scheduler whose attempts always fail (or succeed when `up` is set), recording when each was made. */
function setup() {
  const at: number[] = [];
  const states: TEstadoConexao[] = [];
  let up = false;
  const s = new ReconnectScheduler({
    attempt: () => {
      at.push(Date.now());
      // The transport answers asynchronously, like a socket.
      queueMicrotask(() => (up ? s.connected() : s.failed()));
    },
    onState: (st) => states.push(st),
  });
  return { s, at, states, setUp: (v: boolean) => (up = v) };
}

describe('ReconnectScheduler (spec part 2 §4: 0, 2, 10, 30 s then stop; a retry every 3 s while disconnected)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => vi.useRealTimers());

  it('retries a dropped connection immediately, then after 2, 10 and 30 s, then stops the series', async () => {
    const { s, at, states, setUp } = setup();
    setUp(true);
    s.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(s.getState()).toBe('Connected');
    setUp(false);
    at.length = 0;
    // A drop at t=1000 ms.
    await vi.advanceTimersByTimeAsync(1_000);
    s.failed();
    expect(s.getState()).toBe('Reconnecting');
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(CHAT_INTERNO_RECONNECT_DELAYS_MS[1]);
    await vi.advanceTimersByTimeAsync(CHAT_INTERNO_RECONNECT_DELAYS_MS[2]);
    expect(s.getState()).toBe('Reconnecting');
    await vi.advanceTimersByTimeAsync(CHAT_INTERNO_RECONNECT_DELAYS_MS[3]);
    // Drop at 1 s: attempts at +0, +2, +10, +30 s (each delay counted from the previous failure).
    expect(at).toEqual([1_000, 3_000, 13_000, 43_000]);
    expect(s.getState()).toBe('Disconnected');
    // Then the 3 s check (ticking since start at 0) takes over at its next tick, 45 s.
    await vi.advanceTimersByTimeAsync(2_000);
    expect(at).toEqual([1_000, 3_000, 13_000, 43_000, 45_000]);
    expect(states).toEqual(['Connecting', 'Connected', 'Reconnecting', 'Disconnected', 'Connecting', 'Disconnected']);
  });

  it('tries again every 3 s while disconnected and none while the series runs', async () => {
    const { s, at } = setup();
    s.start(); // the first start fails: Disconnected, left to the 3 s check
    await vi.advanceTimersByTimeAsync(0);
    expect(s.getState()).toBe('Disconnected');
    await vi.advanceTimersByTimeAsync(CHAT_INTERNO_RETRY_MS * 3);
    expect(at).toEqual([0, 3_000, 6_000, 9_000]);
  });

  it('a success ends the retries; the next drop starts the series from 0 again', async () => {
    const { s, at, setUp } = setup();
    s.start();
    await vi.advanceTimersByTimeAsync(0);
    setUp(true);
    await vi.advanceTimersByTimeAsync(CHAT_INTERNO_RETRY_MS);
    expect(s.getState()).toBe('Connected');
    const before = at.length;
    await vi.advanceTimersByTimeAsync(CHAT_INTERNO_RETRY_MS * 5);
    expect(at.length).toBe(before);
    s.failed();
    await vi.advanceTimersByTimeAsync(0);
    expect(at.at(-1)).toBe(Date.now());
    expect(s.getState()).toBe('Connected');
  });

  it('stop ends everything: no series, no 3 s check', async () => {
    const { s, at, states } = setup();
    s.start();
    await vi.advanceTimersByTimeAsync(0);
    s.stop();
    const n = at.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(at.length).toBe(n);
    expect(states.slice(-2)).toEqual(['Disconnecting', 'Disconnected']);
    expect(s.running).toBe(false);
  });
});
