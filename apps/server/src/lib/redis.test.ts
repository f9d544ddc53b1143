import { once } from 'node:events';
import { createServer as createHttpServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSocketServer } from '../realtime/server';
import { hasRedisServer, ownRedis } from '../test/own-redis';
import { redisCounter } from './rate-counter';
import { closeRedis, createRedis, type RedisLog } from './redis';

const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timeout');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** A Redis of this test's own on a free port, stopped (SIGKILL, as a crash) and started again mid-test. */
describe.skipIf(!hasRedisServer)('Redis going away and coming back', () => {
  let server: Awaited<ReturnType<typeof ownRedis>>;
  let url: string;
  const lines: string[] = [];
  const log: RedisLog = { warn: (_o, m) => lines.push(m), info: (_o, m) => lines.push(m) };
  const startRedis = () => server.start();
  const stopRedis = () => server.stop();
  beforeAll(async () => {
    server = await ownRedis();
    url = server.url;
  });
  afterAll(() => server.stop());

  it('rate counters keep answering with a local count while Redis is down, logged once, and share again when it is back', async () => {
    lines.length = 0;
    const redis = createRedis(url, 'contadores', log, { enableOfflineQueue: false, commandTimeout: 1000 });
    let reconnects = 0;
    redis.on('reconnecting', () => reconnects++);
    await once(redis, 'ready');
    const counter = redisCounter(redis, 'teste:', log);
    try {
      expect([await counter.hit('k', 60), await counter.hit('k', 60), await counter.hit('k', 60)]).toEqual([1, 2, 3]);
      expect(await counter.get('k')).toBe(3);
      expect(await redis.ttl('teste:k')).toBeGreaterThan(0);

      await stopRedis();
      // The limits still answer, from this instance's own count of the window.
      expect([await counter.hit('k', 60), await counter.hit('k', 60)]).toEqual([1, 2]);
      expect(await counter.get('k')).toBe(2);
      await until(() => reconnects >= 3);
      expect(await counter.hit('k', 60)).toBe(3);
      expect(lines.filter((l) => l.startsWith('Redis indisponível: limites'))).toHaveLength(1);
      expect(lines.filter((l) => l.startsWith('Redis (contadores) indisponível'))).toHaveLength(1);

      await startRedis();
      await once(redis, 'ready');
      expect(await counter.hit('k', 60)).toBe(1);
      expect(lines.filter((l) => l.startsWith('Redis de volta'))).toHaveLength(1);
      expect(lines.filter((l) => l.startsWith('Redis (contadores) reconectado'))).toHaveLength(1);
    } finally {
      redis.disconnect();
    }
  });

  it('Socket.IO and the counters close at once while Redis is down, with no unhandled rejection', async () => {
    if (!server.running) await startRedis();
    lines.length = 0;
    const http = createHttpServer();
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const sockets = createSocketServer(http, { redisUrl: url, log });
    sockets.io.of('/teste');
    const counters = createRedis(url, 'contadores', log, { enableOfflineQueue: false, commandTimeout: 1000 });
    await once(counters, 'ready');
    await stopRedis();
    await until(() => lines.filter((l) => l.endsWith('indisponível; reconectando')).length >= 2);
    // Without Redis, a polite QUIT or the adapter's unsubscribe would wait for a reconnection that is not coming.
    await sockets.close();
    await closeRedis(counters);
  });
});
