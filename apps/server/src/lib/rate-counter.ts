import type { Redis } from 'ioredis';
import type { RedisLog } from './redis';

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

/** INCR and, on the first hit of a window, EXPIRE in one step: a key can never be left without its expiry. */
const HIT_SCRIPT = "local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end return n";

/**
 * Counters in Redis, shared by every instance. While Redis is unreachable (not connected, or a command
 * fails or times out) this instance counts on its own in memory, logged once per outage, so that limits
 * keep answering; once Redis is back the shared counts take over again. Give the client
 * `enableOfflineQueue: false` and a `commandTimeout` (see server.ts) so that an outage answers at once.
 */
export function redisCounter(redis: Redis, prefix = 'balcao:rate:', log?: RedisLog): RateCounter {
  const local = memoryCounter();
  let onLocal = false;
  const attempt = async <T>(remote: () => Promise<T>, fallback: () => Promise<T>): Promise<T> => {
    if (redis.status === 'ready') {
      try {
        const value = await remote();
        if (onLocal) {
          onLocal = false;
          log?.info({}, 'Redis de volta: limites contados de novo entre todas as instâncias');
        }
        return value;
      } catch (err) {
        if (!onLocal) log?.warn({ err: (err as Error).message }, 'Redis indisponível: limites contados só nesta instância até ele voltar');
        onLocal = true;
        return fallback();
      }
    }
    if (!onLocal) log?.warn({ status: redis.status }, 'Redis indisponível: limites contados só nesta instância até ele voltar');
    onLocal = true;
    return fallback();
  };
  return {
    get: (key) =>
      attempt(
        async () => Number((await redis.get(prefix + key)) ?? 0),
        () => local.get(key),
      ),
    hit: (key, windowS) =>
      attempt(
        async () => Number(await redis.eval(HIT_SCRIPT, 1, prefix + key, windowS)),
        () => local.hit(key, windowS),
      ),
    reset: (key) =>
      attempt(
        async () => void (await redis.del(prefix + key)),
        () => local.reset(key),
      ),
  };
}
