import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer as createHttpServer } from 'node:http';
import { createConnection, createServer } from 'node:net';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSocketServer, SOCKET_PATH } from '../realtime/server';
import { redisCounter } from './rate-counter';
import { closeRedis, createRedis, type RedisLog } from './redis';

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timeout');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** A Redis of this test's own on a free port, stopped (SIGKILL, as a crash) and started again mid-test. */
describe.skipIf(!hasRedis)('Redis going away and coming back', () => {
  let port: number;
  let url: string;
  let proc: ChildProcess | null = null;
  const lines: string[] = [];
  const log: RedisLog = { warn: (_o, m) => lines.push(m), info: (_o, m) => lines.push(m) };
  const startRedis = async () => {
    proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (;;) {
      const ok = await new Promise<boolean>((resolve) => {
        const s = createConnection(port, '127.0.0.1', () => s.end(() => resolve(true)));
        s.on('error', () => resolve(false));
      });
      if (ok) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const stopRedis = async () => {
    const p = proc!;
    proc = null;
    p.kill('SIGKILL');
    await once(p, 'exit');
  };
  beforeAll(async () => {
    port = await freePort();
    url = `redis://127.0.0.1:${port}`;
    await startRedis();
  });
  afterAll(async () => {
    if (proc) await stopRedis();
  });

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

  it('Socket.IO keeps serving its own sockets through the adapter while Redis is down', async () => {
    lines.length = 0;
    const http = createHttpServer();
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const sockets = createSocketServer(http, { redisUrl: url, log });
    const nsp = sockets.io.of('/teste');
    nsp.on('connection', (socket) => {
      socket.on('falar', (texto: string, ack: (r: string) => void) => {
        nsp.emit('ouvir', texto); // a broadcast: published to Redis, and emitted to this instance's sockets
        ack('ok');
      });
    });
    const client = connect(`http://127.0.0.1:${(http.address() as { port: number }).port}/teste`, {
      path: SOCKET_PATH,
      transports: ['websocket'],
    });
    const heard: string[] = [];
    client.on('ouvir', (t: string) => heard.push(t));
    try {
      await new Promise((resolve) => client.once('connect', () => resolve(undefined)));
      const say = (t: string) => client.timeout(5000).emitWithAck('falar', t);
      expect(await say('antes')).toBe('ok');
      await until(() => heard.includes('antes'));

      await stopRedis();
      for (const t of ['durante 1', 'durante 2', 'durante 3']) expect(await say(t)).toBe('ok');
      await until(() => heard.includes('durante 3'));
      expect(client.connected).toBe(true);
      expect(lines.filter((l) => l.startsWith('Socket.IO: evento não repassado'))).toHaveLength(1);

      await startRedis();
      await until(() => lines.includes('Redis (socket.io sub) reconectado') && lines.includes('Redis (socket.io pub) reconectado'));
      expect(await say('depois')).toBe('ok');
      await until(() => heard.includes('depois'));
    } finally {
      client.close();
      await sockets.close();
    }
  });

  it("while Redis is down, joins, leaves and disconnects by room still act on this instance's sockets", async () => {
    if (!proc) await startRedis();
    lines.length = 0;
    const http = createHttpServer();
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const sockets = createSocketServer(http, { redisUrl: url, log });
    const nsp = sockets.io.of('/teste');
    nsp.on('connection', (socket) => socket.join('todos'));
    const open = () =>
      connect(`http://127.0.0.1:${(http.address() as { port: number }).port}/teste`, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
    const clients = [open(), open()];
    const members = (room: string) => nsp.adapter.rooms.get(room)?.size ?? 0;
    try {
      await Promise.all(clients.map((c) => new Promise((resolve) => c.once('connect', () => resolve(undefined)))));
      await until(() => members('todos') === 2);
      // With Redis up, the adapter acts on the request it hears back from Redis.
      nsp.in('todos').socketsJoin('antes');
      await until(() => members('antes') === 2);

      await stopRedis();
      await until(() => lines.includes('Redis (socket.io pub) indisponível; reconectando'));
      await until(() => lines.includes('Redis (socket.io sub) indisponível; reconectando'));
      // Logout, a reset or a paused channel ends sockets by room; a department change moves them: no echo now.
      nsp.in('todos').socketsJoin('sala');
      await until(() => members('sala') === 2);
      nsp.in('sala').socketsLeave('sala');
      await until(() => members('sala') === 0);
      const reasons = clients.map((c) => new Promise<string>((resolve) => c.once('disconnect', resolve)));
      nsp.in('todos').disconnectSockets(true);
      expect(await Promise.all(reasons)).toEqual(['io server disconnect', 'io server disconnect']);

      await startRedis();
      await until(() => lines.includes('Redis (socket.io sub) reconectado') && lines.includes('Redis (socket.io pub) reconectado'));
      const again = open();
      clients.push(again);
      await new Promise((resolve) => again.once('connect', () => resolve(undefined)));
      const cut = new Promise<string>((resolve) => again.once('disconnect', resolve));
      nsp.in('todos').disconnectSockets(true);
      expect(await cut).toBe('io server disconnect');
    } finally {
      for (const c of clients) c.close();
      await sockets.close();
    }
  });

  it('Socket.IO and the counters close at once while Redis is down, with no unhandled rejection', async () => {
    if (!proc) await startRedis();
    lines.length = 0;
    const http = createHttpServer();
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const sockets = createSocketServer(http, { redisUrl: url, log });
    sockets.io.of('/teste');
    const counters = createRedis(url, 'contadores', log, { enableOfflineQueue: false, commandTimeout: 1000 });
    await once(counters, 'ready');
    await stopRedis();
    await until(() => lines.filter((l) => l.endsWith('indisponível; reconectando')).length >= 3);
    // Without Redis, a polite QUIT or the adapter's unsubscribe would wait for a reconnection that is not coming.
    await sockets.close();
    await closeRedis(counters);
  });
});
