import type { Redis } from 'ioredis';

/** Fixed-window counters (login failures, visitor messages); in Redis when there is one, so instances agree. */
export interface RateCounter {
  get(key: string): Promise<number>;
  /** Adds one and answers the new count in the current window. */
  hit(key: string, windowS: number): Promise<number>;
  reset(key: string): Promise<void>;
}

const MAX_MEMORY_KEYS = 100_000;

export function memoryCounter(): RateCounter {
  const hits = new Map<string, { n: number; until: number }>();
  const live = (key: string) => {
    const h = hits.get(key);
    if (h && h.until <= Date.now()) hits.delete(key);
    return hits.get(key);
  };
  return {
    async get(key) {
      return live(key)?.n ?? 0;
    },
    async hit(key, windowS) {
      const h = live(key) ?? { n: 0, until: Date.now() + windowS * 1000 };
      h.n += 1;
      hits.set(key, h);
      if (hits.size > MAX_MEMORY_KEYS) hits.delete(hits.keys().next().value!);
      return h.n;
    },
    async reset(key) {
      hits.delete(key);
    },
  };
}

export function redisCounter(redis: Redis, prefix = 'balcao:rate:'): RateCounter {
  return {
    async get(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async hit(key, windowS) {
      const n = await redis.incr(prefix + key);
      if (n === 1) await redis.expire(prefix + key, windowS);
      return n;
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}
