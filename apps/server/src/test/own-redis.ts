import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createConnection, createServer } from 'node:net';

/** Whether this machine can start a Redis of a test's own. */
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createConnection(port, '127.0.0.1', () => s.end(() => resolve(true)));
    s.on('error', () => resolve(false));
  });

/**
 * A Redis of the test's own on a free port, without persistence: `stop` kills it (SIGKILL, as a crash, every
 * key gone) and `start` brings it back on the same port.
 */
export async function ownRedis() {
  const port = await freePort();
  let proc: ChildProcess | null = null;
  const redis = {
    url: `redis://127.0.0.1:${port}`,
    get running() {
      return proc !== null;
    },
    start: async () => {
      proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      while (!(await accepts(port))) await new Promise((r) => setTimeout(r, 20));
    },
    stop: async () => {
      const p = proc;
      proc = null;
      if (!p) return;
      p.kill('SIGKILL');
      await once(p, 'exit');
    },
  };
  await redis.start();
  return redis;
}
