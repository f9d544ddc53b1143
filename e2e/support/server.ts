import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { throwawayPostgres } from '../../apps/server/src/test/throwaway-postgres.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

export type E2EServer = {
  baseUrl: string;
  dataDir: string;
  /** Every log line the server printed so far (pino JSON), e.g. to read e-mails from the outbox log. */
  logs: () => Record<string, unknown>[];
  /** Waits for a log line that matches. */
  waitForLog: (match: (line: Record<string, unknown>) => boolean, timeoutMs?: number) => Promise<Record<string, unknown>>;
  stop: () => Promise<void>;
  restart: () => Promise<void>;
  /** Stops the process and keeps its data (an outage); `resume` starts it again on the same port and data. */
  halt: () => Promise<void>;
  resume: () => Promise<void>;
  /** `kill -9`: the process dies at once, letting go of nothing (leases, sockets). */
  crash: () => Promise<void>;
};

export type E2EServerOptions = {
  /** The test tree's entry with a fake WhatsApp Web (see ENTRY). */
  wapiFake?: boolean;
  /** A given port (an instance started again where a proxy expects it), else a free one. */
  port?: number;
  /** 'postgres': a throwaway database on the machine's DATABASE_URL (required), seeded with the demo account. */
  database?: E2EDatabase;
};

export type E2EDatabase = 'pglite' | 'postgres';
/** The databases an e2e flow runs on: the embedded one, and PostgreSQL too when DATABASE_URL is set (as in CI). */
export const E2E_DATABASES: E2EDatabase[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** The product's bundle, or the test tree's entry (under tsx) that adds a fake WhatsApp Web and its /backend/wapi-teste routes. */
const ENTRY = {
  produto: ['apps/server/dist/main.js'],
  wapiFake: ['--import', 'tsx', 'apps/server/src/test/e2e-main.ts'],
};

/**
 * Starts the built server (`npm run build` first) on a fresh embedded database with the demo account; with
 * `database: 'postgres'`, on a throwaway database of the machine's DATABASE_URL (dropped at stop); or on the
 * DATABASE_URL and REDIS_URL given in `env` (the machine's own are never inherited).
 */
export async function startE2EServer(env: Record<string, string> = {}, opts: E2EServerOptions = {}): Promise<E2EServer> {
  if (opts.database === 'postgres' && !process.env.DATABASE_URL) throw new Error('database: postgres needs DATABASE_URL');
  const pg = opts.database === 'postgres' ? await throwawayPostgres(process.env.DATABASE_URL!, 'balcao_e2e') : null;
  if (pg) env = { DATABASE_URL: pg.url, SEED_DEMO: 'true', ...env };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'balcao-e2e-'));
  const port = opts.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const lines: Record<string, unknown>[] = [];
  let child: ChildProcess;

  // The fake-WhatsApp entry compiles the server's sources under tsx at start: slower than the bundle on a busy machine.
  const launch = async (healthyWithinMs = opts.wapiFake ? 150_000 : 60_000) => {
    const { DATABASE_URL: _db, REDIS_URL: _redis, ...inherited } = process.env;
    const childEnv: NodeJS.ProcessEnv = {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...env,
    };
    child = spawn(process.execPath, opts.wapiFake ? ENTRY.wapiFake : ENTRY.produto, {
      cwd: ROOT,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let buf = '';
    child.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        try {
          lines.push(JSON.parse(line));
        } catch {
          lines.push({ msg: line });
        }
      }
    });
    child.stderr!.on('data', (d: Buffer) => process.stderr.write(d));
    const deadline = Date.now() + healthyWithinMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited with ${child.exitCode ?? child.signalCode}`);
      try {
        if ((await fetch(`${baseUrl}/backend/health`)).ok) return;
      } catch {
        /* not up yet */
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    // Not left running behind a failed start (afterAll's stop never learns of it).
    child.kill('SIGKILL');
    throw new Error(`server did not become healthy in ${healthyWithinMs / 1000} s`);
  };

  const stopChild = () =>
    new Promise<void>((resolve) => {
      // This process, not whatever `child` holds by the time the timer fires (a restart's new server).
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return resolve();
      const kill = setTimeout(() => c.kill('SIGKILL'), 10_000);
      kill.unref();
      c.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      c.kill('SIGTERM');
    });

  // A server that never became healthy is ended with what it holds (it kept running, and its database, otherwise).
  await launch().catch(async (err: unknown) => {
    await stopChild();
    rmSync(dataDir, { recursive: true, force: true });
    await pg?.drop();
    throw err;
  });
  return {
    baseUrl,
    dataDir,
    logs: () => lines,
    waitForLog: async (match, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const hit = lines.find(match);
        if (hit) return hit;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('log line not seen');
    },
    stop: async () => {
      await stopChild();
      rmSync(dataDir, { recursive: true, force: true });
      await pg?.drop();
    },
    restart: async () => {
      await stopChild();
      await launch();
    },
    halt: stopChild,
    crash: async () => {
      const c = child;
      if (c.exitCode !== null || c.signalCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGKILL');
      await exited;
    },
    // A loaded machine (several suites at once) can take more than a minute to open the embedded database again.
    resume: () => launch(180_000),
  };
}
