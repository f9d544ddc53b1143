import type { Redis } from 'ioredis';
import { LOGIN_FAILURE_WINDOW_S, LOGIN_MAX_FAILURES } from '@balcao/shared/auth';

/** Counts failed logins per IP and e-mail; in Redis when there is one, so every instance sees the same count. */
export interface LoginThrottle {
  isBlocked(key: string): Promise<boolean>;
  fail(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export function memoryThrottle(max = LOGIN_MAX_FAILURES, windowS = LOGIN_FAILURE_WINDOW_S): LoginThrottle {
  const hits = new Map<string, { n: number; until: number }>();
  const live = (key: string) => {
    const h = hits.get(key);
    if (h && h.until <= Date.now()) hits.delete(key);
    return hits.get(key);
  };
  return {
    async isBlocked(key) {
      return (live(key)?.n ?? 0) >= max;
    },
    async fail(key) {
      const h = live(key) ?? { n: 0, until: Date.now() + windowS * 1000 };
      h.n += 1;
      hits.set(key, h);
      if (hits.size > 100_000) hits.delete(hits.keys().next().value!);
    },
    async reset(key) {
      hits.delete(key);
    },
  };
}

export function redisThrottle(redis: Redis, max = LOGIN_MAX_FAILURES, windowS = LOGIN_FAILURE_WINDOW_S): LoginThrottle {
  const k = (key: string) => `balcao:login-fail:${key}`;
  return {
    async isBlocked(key) {
      return Number((await redis.get(k(key))) ?? 0) >= max;
    },
    async fail(key) {
      const n = await redis.incr(k(key));
      if (n === 1) await redis.expire(k(key), windowS);
    },
    async reset(key) {
      await redis.del(k(key));
    },
  };
}
