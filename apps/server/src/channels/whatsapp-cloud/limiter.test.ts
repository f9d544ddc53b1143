import { afterEach, describe, expect, it, vi } from 'vitest';
import { PerNumberLimiter } from './sender';

describe('WhatsApp per-number send limit', () => {
  afterEach(() => vi.useRealTimers());

  it('lets N sends a second through per phone number and holds the next until the second has passed; numbers are apart', async () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const limiter = new PerNumberLimiter(2);
    const done: string[] = [];
    const take = (numero: string, tag: string) => limiter.take(numero).then(() => done.push(tag));
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
});
