import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { loadEnv } from '../env';
import { startServer, type Running } from '../server';
import { freshDatabase, type TestApp } from './harness';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/**
 * The real server listening on a free port (Socket.IO included) on a fresh database of the kind, for the describe
 * block that calls it: started before its tests, stopped after them with every socket `open` made.
 */
export function liveServer(kind: 'pglite' | 'postgres', env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'balcao-live-'));
  const sockets: Socket[] = [];
  const live = {
    running: undefined as unknown as Running,
    base: '',
    /** The app and context as the HTTP fixtures take them (atendimentos-fixtures). */
    get t() {
      return { app: live.running.app, ctx: live.running.ctx } as TestApp;
    },
    /** A staff socket of the namespace, connected (rejects with the server's refusal). */
    async open(namespace: string, token: string) {
      const s = connect(`${live.base}${namespace}`, {
        path: '/backend/socket.io',
        auth: { token },
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      sockets.push(s);
      await new Promise<void>((resolve, reject) => {
        s.once('connect', resolve);
        s.once('connect_error', reject);
      });
      return s;
    },
  };
  beforeAll(async () => {
    const port = await freePort();
    live.base = `http://127.0.0.1:${port}`;
    const loaded = loadEnv({
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
      ...env,
    });
    live.running = await startServer(loaded, { database: await freshDatabase(kind) });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await live.running?.close();
    await live.running?.database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return live;
}
