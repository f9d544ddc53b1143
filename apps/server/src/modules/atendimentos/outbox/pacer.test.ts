import { afterEach, describe, expect, it, vi } from 'vitest';
import { GapPacer, RatePacer } from './pacer';

describe('outbox pacing', () => {
  afterEach(() => vi.useRealTimers());

  it('lets N sends a second through per phone number and holds the next until the second has passed; numbers are apart', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const pacers = new Map([
      ['111', new RatePacer(2)],
      ['222', new RatePacer(2)],
    ]);
    const done: string[] = [];
    const take = (numero: string, tag: string) => pacers.get(numero)!.run(async () => done.push(tag));
    await take('111', 'a1');
    await take('111', 'a2');
    const third = take('111', 'a3');
    await take('222', 'b1');
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toEqual(['a1', 'a2', 'b1']);
    await vi.advanceTimersByTimeAsync(1);
    await third;
    expect(done).toEqual(['a1', 'a2', 'b1', 'a3']);
  });

  it('runs one send at a time at least the gap apart, and a failed send does not stop the next', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const pacer = new GapPacer(1000);
    const started: number[] = [];
    let inFlight = 0;
    let most = 0;
    const send = (fail = false) =>
      pacer.run(async () => {
        started.push(Date.now());
        most = Math.max(most, ++inFlight);
        await new Promise((r) => setTimeout(r, 300));
        inFlight--;
        if (fail) throw new Error('recusada');
      });
    const all = Promise.allSettled([send(), send(true), send()]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await all).map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(most).toBe(1);
    for (let k = 1; k < started.length; k++) expect(started[k]! - started[k - 1]!).toBeGreaterThanOrEqual(1000);
    expect(pacer.quiet()).toBe(true);
  });
});
