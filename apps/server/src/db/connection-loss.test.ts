import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAtendimentoHub } from '../realtime/atendimento-hub';
import { registerChatInternoHub } from '../realtime/chat-interno-hub';
import { createSocketServer, SOCKET_PATH } from '../realtime/server';
import { createTestApp, type TestApp } from '../test/harness';
import { login, makeAccount } from '../test/factories';

const until = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timeout');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** What a PostgreSQL restart, a failover or a pooler's idle timeout does to the server's connections. */
describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL connections cut under the server', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let url: string;
  let closeSockets: () => Promise<void>;
  /** Staff sockets open through every cut: customer chat and internal chat. */
  let chat: Socket;
  let interno: Socket;
  const dropped: string[] = [];
  beforeAll(async () => {
    t = await createTestApp('postgres');
    const acc = await makeAccount(t.ctx.db);
    const master = await login(t.app, acc.master.email);
    auth = master.auth;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const sockets = createSocketServer(t.app.server, {});
    t.ctx.io = sockets.io;
    registerAtendimentoHub(sockets.io, t.ctx, t.app.log);
    registerChatInternoHub(sockets.io, t.ctx, t.app.log);
    closeSockets = sockets.close;
    const open = (namespace: string) => {
      const s = connect(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${namespace}`, {
        path: SOCKET_PATH,
        auth: { token: master.token },
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      s.on('disconnect', (reason) => dropped.push(`${namespace}: ${reason}`));
      return new Promise<Socket>((resolve, reject) => s.once('connect', () => resolve(s)).once('connect_error', reject));
    };
    [chat, interno] = await Promise.all([open('/atendimento'), open('/chat-interno')]);
    // The presence list a connection triggers (a second later) is out before connections are counted below.
    await new Promise((resolve) => chat.once('ChatListPresence', resolve));
    const result = (await t.ctx.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
    const [row] = result.rows;
    const u = new URL(process.env.DATABASE_URL!);
    u.pathname = `/${row!.name}`;
    url = u.toString();
  });
  afterAll(async () => {
    chat?.close();
    interno?.close();
    await closeSockets?.();
    await t?.close();
  });

  const pool = () => t.database.pool!;
  const currentUser = () => t.app.inject({ method: 'GET', url: '/backend/Usuario/GetCurrentUser', headers: auth });
  /** A connection of its own (never the pool's), closed after `work`. */
  const outside = async <T>(work: (c: pg.Client) => Promise<T>) => {
    const c = new pg.Client({ connectionString: url });
    c.on('error', () => undefined);
    await c.connect();
    try {
      return await work(c);
    } finally {
      await c.end();
    }
  };
  const terminateOthers = (c: pg.Client) =>
    c.query(
      'select count(pg_terminate_backend(pid, 5000)) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );

  it('keeps running when its idle connections are cut, and the next requests open new ones', async () => {
    await Promise.all([currentUser(), currentUser(), currentUser()]);
    expect(pool().idleCount).toBeGreaterThan(0);
    const { rows } = await outside(terminateOthers);
    expect(Number(rows[0].n)).toBeGreaterThan(0);
    // Each idle client hears its connection die, the pool drops it (an 'error' with no listener would end the process).
    await until(() => pool().totalCount === 0);
    for (let i = 0; i < 3; i++) {
      const r = await currentUser();
      expect(r.statusCode, r.body).toBe(200);
    }
  });

  it('answers the request in flight 503 in Portuguese, then serves the next ones on new connections', async () => {
    await outside(async (locker) => {
      await locker.query('begin');
      // The request's query waits on this lock: it is in flight when the connections are cut.
      await locker.query('lock table users in access exclusive mode');
      const inFlight = currentUser();
      await until(async () => {
        const { rows } = await locker.query(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        return rows[0].n > 0;
      });
      await terminateOthers(locker);
      const res = await inFlight;
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        message: 'O banco de dados está indisponível no momento. Tente novamente em instantes.',
        code: 'DATABASE_UNAVAILABLE',
      });
      await locker.query('rollback');
    });
    await until(() => pool().totalCount === 0);
    // More requests at once than the pool has connections: no dead or leaked client is left in it.
    const next = await Promise.all(Array.from({ length: 10 }, () => currentUser()));
    expect(next.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const beat = await t.app.inject({ method: 'GET', url: '/backend/health' });
    expect(beat.statusCode).toBe(200);
  });

  it('takes back a client whose connection died while it was checked out and never released', async () => {
    // What Drizzle does when a transaction's `begin` fails on a dead connection: it never releases the client.
    const leaked = await pool().connect();
    const removed = new Promise<void>((resolve) => pool().on('remove', (c) => c === leaked && resolve()));
    const pid = (leaked as unknown as { processID: number }).processID;
    await outside((c) => c.query('select pg_terminate_backend($1, 5000)', [pid]));
    await removed;
    const next = await Promise.all(Array.from({ length: 6 }, () => currentUser()));
    expect(next.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
  });
  it('keeps staff sockets connected through the cuts; an event whose session check was on a cut connection is answered DATABASE_UNAVAILABLE', async () => {
    await outside(async (locker) => {
      await locker.query('begin');
      // Every staff event first checks its session in refresh_tokens: the check of this one waits on the lock.
      await locker.query('lock table refresh_tokens in access exclusive mode');
      const inFlight = interno.timeout(10_000).emitWithAck('ViewMessages', { conversaId: '00000000-0000-4000-8000-000000000000' });
      await until(async () => {
        const { rows } = await locker.query(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        return rows[0].n > 0;
      });
      await terminateOthers(locker);
      expect(await inFlight).toEqual({
        ok: false,
        code: 'DATABASE_UNAVAILABLE',
        message: 'O banco de dados está indisponível no momento. Tente novamente em instantes.',
      });
      await locker.query('rollback');
    });
    // The same sockets go on, their next events served on new connections.
    expect(dropped).toEqual([]);
    expect([chat.connected, interno.connected]).toEqual([true, true]);
    const next = await chat.timeout(10_000).emitWithAck('SendMessage', '{}');
    // Past the session check: the handler's own refusal of an empty payload.
    expect(next).toMatchObject({ ok: false, message: expect.any(String), code: 'VALIDATION' });
    const view = await interno.timeout(10_000).emitWithAck('ViewMessages', { conversaId: '00000000-0000-4000-8000-000000000000' });
    // Past the session check this time: the handler itself answers (no such conversation).
    expect(view.code).not.toBe('DATABASE_UNAVAILABLE');
    expect(dropped).toEqual([]);
  });
});
