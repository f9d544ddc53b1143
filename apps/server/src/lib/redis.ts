import { Redis, type RedisOptions } from 'ioredis';

/** The two levels these clients log at; Fastify's logger fits. */
export type RedisLog = {
  warn: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
};

/**
 * A Redis client that never takes the process down: its errors are logged once per outage (not once per
 * reconnection attempt), it reconnects forever (ioredis' default back-off, at most 2 s apart), and the
 * return is logged. `role` names it in the log ("contadores", "socket.io pub", ...).
 */
export function createRedis(url: string, role: string, log: RedisLog, options: RedisOptions = {}): Redis {
  const redis = new Redis(url, options);
  let down = false;
  const lost = (detail: object) => {
    if (down) return;
    down = true;
    log.warn(detail, `Redis (${role}) indisponível; reconectando`);
  };
  redis.on('error', (err: Error) => lost({ err: err.message }));
  redis.on('reconnecting', () => lost({}));
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({}, `Redis (${role}) reconectado`);
  });
  return redis;
}

/**
 * Quits politely when connected (at most `timeoutMs`: a connection that died unnoticed never answers); while
 * Redis is away, stops reconnecting at once instead of waiting for it.
 */
export async function closeRedis(redis: Redis, timeoutMs = 1000): Promise<void> {
  if (redis.status === 'ready') {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([redis.quit().catch(() => undefined), late]);
    clearTimeout(timer);
  }
  if (redis.status !== 'end') redis.disconnect();
}
