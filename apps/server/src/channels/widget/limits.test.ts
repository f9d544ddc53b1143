import { afterEach, describe, expect, it, vi } from 'vitest';
import { Coalescer, TokenBucket } from './limits';

afterEach(() => vi.useRealTimers());

describe('visitor event limits', () => {
  it('a token bucket lets a burst through, then the refill rate', () => {
    let now = 0;
    const bucket = new TokenBucket(3, 2, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
    now = 499;
    expect(bucket.take()).toBe(false);
    now = 500;
    expect(bucket.take()).toBe(true);
    now = 60_000;
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
  });

  it('typing reaches staff at most once a second per conversation, the latest state last', () => {
    vi.useFakeTimers();
    const typing = new Coalescer<boolean>(1000);
    const sent: [string, boolean][] = [];
    const push = (key: string, v: boolean) => typing.push(key, v, (x) => sent.push([key, x]));
    for (let i = 0; i < 2000; i++) push('a', i % 2 === 0);
    push('b', true);
    expect(sent).toEqual([
      ['a', true],
      ['b', true],
    ]);
    vi.advanceTimersByTime(1000);
    // The flood ended on "stopped" (i = 1999): that is what staff see a second later, once.
    expect(sent).toEqual([
      ['a', true],
      ['b', true],
      ['a', false],
    ]);
    push('a', false);
    vi.advanceTimersByTime(5000);
    expect(sent).toHaveLength(3);
    push('a', true);
    push('a', false);
    typing.forget('a');
    vi.advanceTimersByTime(5000);
    expect(sent).toHaveLength(4);
  });
});
