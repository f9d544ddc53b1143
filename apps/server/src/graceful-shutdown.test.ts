import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { WIDGET_NAMESPACE } from '@balcao/shared/widget';
import { openPglite } from './db/client';
import { SOCKET_PATH } from './realtime/server';
import { DB_KINDS, throwawayPostgres } from './test/harness';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SITE = 'https://loja.exemplo.com.br';
/** Visitors sending at once, and messages each: within one socket's event burst (the hub drops a flood). */
const VISITORS = 12;
const PER_VISITOR = 19;
const FIRST_WAVE = 15;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

type Ack = { ok: boolean; message?: string };
type Visitor = { visitante: string; socket: Socket | null; messages: string[]; lastDisconnect?: string };

/**
 * The real server in a child process (tsx, no build needed): SIGTERM while visitors are sending, then a
 * restart on the same DATA_DIR (or database) where the widgets reconnect and resend what had no ack.
 * Every message acknowledged before the stop is stored, and every message is stored exactly once.
 */
describe.each(DB_KINDS)('SIGTERM in the middle of a burst of widget messages on %s', (kind) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'balcao-sigterm-'));
  let child: ChildProcess | null = null;
  let drop: (() => Promise<void>) | null = null;
  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores every acknowledged message exactly once, and the resends of the others once', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let databaseUrl: string | undefined;
    if (kind === 'postgres') {
      const throwaway = await throwawayPostgres();
      databaseUrl = throwaway.url;
      drop = throwaway.drop;
    }
    const output: string[] = [];
    const start = async () => {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        WIDGET_MESSAGES_PER_MINUTE: '100000',
        WIDGET_SESSIONS_PER_MINUTE: '100000',
      };
      delete env.REDIS_URL;
      delete env.DATABASE_URL;
      if (databaseUrl) env.DATABASE_URL = databaseUrl;
      const c = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      c.stdout!.on('data', (d: Buffer) => output.push(d.toString()));
      c.stderr!.on('data', (d: Buffer) => output.push(d.toString()));
      child = c;
      for (;;) {
        if (c.exitCode !== null) throw new Error(`o servidor saiu com ${c.exitCode}: ${output.join('').slice(-2000)}`);
        const up = await fetch(`${base}/backend/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) return c;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const json = async <T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(base + url, {
        method,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };

    let server = await start();
    const { token } = await json<{ token: string }>('POST', '/backend/api/auth/login', {
      email: 'master@demo.local',
      senha: 'balcao-demo',
    });
    const canal = await json<{ token: string }>(
      'POST',
      '/backend/api/canais/widget',
      { nome: 'Site', origensPermitidas: [SITE] },
      { authorization: `Bearer ${token}` },
    );
    const visitors: Visitor[] = [];
    for (let v = 0; v < VISITORS; v++) {
      const session = await json<{ visitante: string }>('POST', `/backend/api/public/widget/${canal.token}/sessao`, {}, { origin: SITE });
      visitors.push({ visitante: session.visitante, socket: null, messages: Array.from({ length: PER_VISITOR }, () => randomUUID()) });
    }
    const open = async (v: Visitor) => {
      const socket = connect(`${base}${WIDGET_NAMESPACE}`, {
        path: SOCKET_PATH,
        transports: ['websocket'],
        extraHeaders: { origin: SITE },
        auth: { canal: canal.token, visitante: v.visitante },
        reconnection: false,
      });
      v.socket = socket;
      socket.on('disconnect', (reason) => {
        v.lastDisconnect = reason;
      });
      await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
      return socket;
    };
    await Promise.all(visitors.map(open));

    // The burst. Each visitor sends a first wave, then an event the server answers at once without the
    // database (an invalid pre-chat form): events of one socket are handled in order, so its answer proves
    // the whole first wave has reached the handlers. SIGTERM goes then, in the middle of the writing, and
    // the second wave follows it, as visitors keep typing during a deploy.
    const acked = new Set<string>();
    const refused: string[] = [];
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    const send = (v: Visitor, clientId: string) =>
      v.socket!.emit('EnviarMensagem', { clientId, conteudo: `mensagem ${clientId}` }, (r: Ack) => {
        if (r.ok) acked.add(clientId);
        else refused.push(`${clientId}: ${r.message}`);
      });
    const firstWave = visitors.flatMap((v) => v.messages.slice(0, FIRST_WAVE));
    // On PostgreSQL the writes are held by a lock until the server is already shutting down, so the
    // first wave is certainly in flight when SIGTERM arrives (on PGlite its volume makes it likely).
    const locker = databaseUrl ? new pg.Client({ connectionString: databaseUrl }) : null;
    if (locker) {
      await locker.connect();
      await locker.query('begin');
      await locker.query('lock table mensagens in exclusive mode');
    }
    await Promise.all(
      visitors.map((v) => {
        for (const id of v.messages.slice(0, FIRST_WAVE)) send(v, id);
        return v.socket!.timeout(30_000).emitWithAck('IniciarConversa', 0);
      }),
    );
    if (locker) {
      for (;;) {
        const { rows } = await locker.query(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        if (rows[0].n > 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    server.kill('SIGTERM');
    for (const v of visitors) for (const id of v.messages.slice(FIRST_WAVE)) send(v, id);
    if (locker) {
      // Released once the server has stopped accepting connections, i.e. is well into its shutdown.
      while (
        await fetch(`${base}/backend/health`).then(
          () => true,
          () => false,
        )
      )
        await new Promise((r) => setTimeout(r, 20));
      await locker.query('commit');
      await locker.end();
    }
    const code = await exited;
    expect(code, output.join('').slice(-2000)).toBe(0);
    expect(refused).toEqual([]);
    // Everything that had reached the server when it was told to stop was written and acknowledged.
    expect(firstWave.filter((id) => !acked.has(id))).toEqual([]);
    // Closed as a lost transport (a widget then reconnects by itself), not as "io server disconnect".
    for (const v of visitors) {
      const reason = v.socket!.connected ? await new Promise((resolve) => v.socket!.once('disconnect', resolve)) : v.lastDisconnect;
      expect(reason).toBe('transport close');
      v.socket!.close();
    }
    const total = VISITORS * PER_VISITOR;
    const ackedBeforeStop = new Set(acked);

    // Restart on the same data: the widgets come back and resend what had no acknowledgement.
    server = await start();
    await Promise.all(visitors.map(open));
    const resent = await Promise.all(
      visitors.flatMap((v) =>
        v.messages
          .filter((id) => !acked.has(id))
          .map(async (clientId) => {
            const r = (await v.socket!.timeout(30_000).emitWithAck('EnviarMensagem', { clientId, conteudo: 'reenviada' })) as Ack;
            if (r.ok) acked.add(clientId);
            return r.ok;
          }),
      ),
    );
    expect(resent.every(Boolean)).toBe(true);
    expect(acked.size).toBe(total);
    for (const v of visitors) v.socket!.close();
    const second = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await second;

    // Count what is stored, straight from the database the server used.
    const query = `select client_id, count(*)::int as n from mensagens where autor = 'cliente' group by client_id`;
    let rows: { client_id: string; n: number }[];
    if (databaseUrl) {
      const c = new pg.Client({ connectionString: databaseUrl });
      await c.connect();
      rows = (await c.query(query)).rows;
      await c.end();
    } else {
      const database = await openPglite(dataDir);
      rows = ((await database.db.execute(sql.raw(query))) as unknown as { rows: typeof rows }).rows;
      await database.close();
    }
    const stored = new Map(rows.map((r) => [r.client_id, r.n]));
    for (const id of ackedBeforeStop) expect(stored.get(id), `mensagem confirmada ${id}`).toBe(1);
    expect([...stored.values()].every((n) => n === 1)).toBe(true);
    expect(stored.size).toBe(total);
  });
});
