import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../lib/error-handler';
import { PGliteThread } from './pglite-thread';

/** A promise and what resolves it. */
function signal() {
  let open = () => {};
  const done = new Promise<void>((r) => {
    open = r;
  });
  return { done, open };
}

describe('PGlite on its own thread', () => {
  let pg: PGliteThread;
  beforeAll(async () => {
    pg = new PGliteThread(null);
    await pg.waitReady;
    await pg.exec('create table t (id int primary key, at timestamptz, doc jsonb)');
  });
  afterAll(() => pg.close());

  it('answers rows as PGlite does, with the caller’s parsers applied to the columns they name', async () => {
    await pg.query('insert into t values ($1, $2, $3)', [1, '2026-11-25T01:00:00Z', { a: [1, 2] }]);
    const objects = await pg.query<{ id: number; at: Date; doc: unknown }>('select * from t where id = $1', [1]);
    expect(objects.rows).toEqual([{ id: 1, at: new Date('2026-11-25T01:00:00Z'), doc: { a: [1, 2] } }]);
    const TIMESTAMPTZ = 1184;
    const arrays = await pg.query('select id, at from t', [], {
      rowMode: 'array',
      parsers: { [TIMESTAMPTZ]: (v: string) => `texto:${v}` },
    });
    expect(arrays.rows).toEqual([[1, 'texto:2026-11-25 01:00:00+00']]);
    // The thread keeps the merged parsers per list of text columns: a later call without them is not touched.
    expect((await pg.query('select id, at from t', [], { rowMode: 'array' })).rows).toEqual([[1, new Date('2026-11-25T01:00:00Z')]]);
    expect((await pg.query('select at from t', [], { parsers: { [TIMESTAMPTZ]: (v: string) => v } })).rows).toEqual([
      { at: '2026-11-25 01:00:00+00' },
    ]);
  });

  it('passes a database error’s code across (a unique violation stays a unique violation)', async () => {
    const err = (await pg.query('insert into t (id) values (1)').catch((e: unknown) => e)) as Error & {
      code?: string;
      constraint?: string;
    };
    expect(err).toBeInstanceOf(Error);
    expect([err.code, err.constraint]).toEqual(['23505', 't_pkey']);
  });

  it('commits a transaction whose work resolves, rolls back one that throws, and keeps others out meanwhile', async () => {
    await pg.transaction(async (tx) => {
      await tx.query('insert into t (id) values (10)');
    });
    await expect(
      pg.transaction(async (tx) => {
        await tx.query('insert into t (id) values (11)');
        throw new Error('desistiu');
      }),
    ).rejects.toThrow('desistiu');
    const order: string[] = [];
    const { done: held, open: release } = signal();
    const { done: inside, open: begun } = signal();
    const tx = pg.transaction(async (t) => {
      await t.query('insert into t (id) values (12)');
      begun();
      await held;
      order.push('commit');
    });
    await inside;
    // A statement from outside waits until the transaction ends, and then sees its row.
    const outside = pg.query<{ n: number }>('select count(*)::int as n from t where id = 12').then((r) => {
      order.push('outside');
      return r.rows[0]!.n;
    });
    await new Promise((r) => setTimeout(r, 50));
    release();
    await tx;
    expect(await outside).toBe(1);
    expect(order).toEqual(['commit', 'outside']);
    const ids = (await pg.query<{ id: number }>('select id from t where id >= 10 order by id')).rows.map((r) => r.id);
    expect(ids).toEqual([10, 12]);
  });

  it('keeps each statement prepared: the same answers on every run, and a table changed under it read as it is now', async () => {
    await pg.query('insert into t (id, doc) values ($1, $2), ($3, $4)', [20, { n: 20 }, 21, { n: 21 }]);
    const byId = (id: number) => pg.query<Record<string, unknown>>('select * from t where id = $1', [id]).then((r) => r.rows);
    // Past Postgres's five custom plans, so the kept statement also runs its generic plan.
    for (let k = 0; k < 8; k++) expect(await byId(20 + (k % 2))).toEqual([{ id: 20 + (k % 2), at: null, doc: { n: 20 + (k % 2) } }]);
    await pg.exec('alter table t add column nota text');
    await pg.query('update t set nota = $1 where id = $2', ['nova', 21]);
    expect(await byId(21)).toEqual([{ id: 21, at: null, doc: { n: 21 }, nota: 'nova' }]);
    // A statement that fails leaves nothing behind: the next ones run.
    await expect(pg.query('select * from tabela_que_nao_existe')).rejects.toMatchObject({ code: '42P01' });
    await expect(pg.query('insert into t (id) values ($1)', [20])).rejects.toMatchObject({ code: '23505' });
    expect(await byId(20)).toEqual([{ id: 20, at: null, doc: { n: 20 }, nota: null }]);
  });

  it('refuses calls once closed as "database unavailable" (503), not as a crash', async () => {
    const other = new PGliteThread(null);
    await other.waitReady;
    await other.close();
    expect(other.closed).toBe(true);
    const err = await other.query('select 1').catch((e: unknown) => e);
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it('on disk, syncs the WAL at every commit (PGlite alone runs with fsync off) and keeps what it committed', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'balcao-pglite-'));
    const walSyncs = async (db: PGliteThread) => {
      await db.query('select pg_stat_force_next_flush()'); // the counters reach the view at the next statement's end
      await db.query('select 1');
      const { rows } = await db.query<{ n: string }>("select sum(fsyncs) as n from pg_stat_io where object = 'wal'");
      return Number(rows[0]!.n);
    };
    try {
      const disk = new PGliteThread(path.join(dir, 'pgdata'));
      await disk.waitReady;
      expect((await disk.query('show fsync')).rows).toEqual([{ fsync: 'on' }]);
      // fdatasync() is a no-op in PGlite's build; fsync() reaches the disk through the thread's file system.
      expect((await disk.query('show wal_sync_method')).rows).toEqual([{ wal_sync_method: 'fsync' }]);
      await disk.exec('create table d (n int)');
      const before = await walSyncs(disk);
      for (let n = 0; n < 5; n++) await disk.query('insert into d values ($1)', [n]);
      expect((await walSyncs(disk)) - before).toBeGreaterThanOrEqual(5);
      await disk.close();
      const again = new PGliteThread(path.join(dir, 'pgdata'));
      await again.waitReady;
      expect((await again.query('select count(*)::int as n from d')).rows).toEqual([{ n: 5 }]);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with PGLITE_STATEMENT_TIMES, writes its time by statement, commit and sync when it closes (the bench’s diagnostic)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'balcao-pglite-'));
    const file = path.join(dir, 'tempos.json');
    process.env.PGLITE_STATEMENT_TIMES = file;
    const disk = new PGliteThread(path.join(dir, 'pgdata')); // the thread takes a copy of the environment now
    delete process.env.PGLITE_STATEMENT_TIMES;
    try {
      await disk.waitReady;
      await disk.exec('create table d (n int)');
      for (let n = 0; n < 3; n++) await disk.query('insert into d   values ($1)', [n]);
      await disk.transaction(async (tx) => void (await tx.query('update d set n = n + 1 where n = $1', [0])));
      await disk.close();
      type Row = { what: string; ms: number; n: number };
      const rows = JSON.parse(readFileSync(file, 'utf8')) as Row[];
      const count = (what: string) => rows.find((r) => r.what === what)?.n;
      expect([count('insert into d values ($1)'), count('update d set n = n + 1 where n = $1'), count('(commit)')]).toEqual([3, 1, 1]);
      expect(count('(fsync)')).toBeGreaterThanOrEqual(4);
      expect(rows.map((r) => r.ms)).toEqual(rows.map((r) => r.ms).sort((a, b) => b - a));
    } finally {
      await disk.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  /** A thread on disk whose syncs fail while `failing` exists (test/failing-disk.mjs), and what it told. */
  function onFailingDisk(dir: string) {
    const failing = path.join(dir, 'disco-falhando');
    const disk = pathToFileURL(path.join(import.meta.dirname, '../test/failing-disk.mjs'));
    disk.searchParams.set('flag', failing);
    const events: string[] = [];
    const db = new PGliteThread(path.join(dir, 'pgdata'), {
      execArgv: ['--import', disk.href],
      onDown: (_err, retryInMs) => events.push(`parou, de novo em ${retryInMs} ms`),
      onUp: () => events.push('voltou'),
    });
    return { db, events, failing };
  }

  it('on disk, opens again after its database stopped (a sync that failed: PANIC), with what it committed', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'balcao-pglite-'));
    const { db, events, failing } = onFailingDisk(dir);
    const answers = async () => (await db.query<{ n: number }>('select n from d order by n')).rows.map((r) => r.n);
    try {
      await db.waitReady;
      await db.exec('create table d (n int)');
      await db.query('insert into d values (1)');
      writeFileSync(failing, '');
      // Postgres does not go on after a sync it cannot make: the commit fails and the database stops.
      const panic = await db.query('insert into d values (2)').catch((e: unknown) => e);
      expect([panic, isDatabaseUnavailable(panic)]).toMatchObject([{ severity: 'PANIC', code: '58030' }, true]);
      await expect.poll(() => events[0]).toBe('parou, de novo em 500 ms');
      // Meanwhile every call is refused at once as "database unavailable" (503), none waits for ever.
      expect(isDatabaseUnavailable(await db.query('select 1').catch((e: unknown) => e))).toBe(true);
      // The disk still fails at the first tries (Postgres's recovery syncs what it replays): it keeps trying, longer apart.
      await expect.poll(() => events.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      expect(events[1]).toBe('parou, de novo em 1000 ms');
      rmSync(failing);
      await expect.poll(() => events.at(-1), { timeout: 20_000 }).toBe('voltou');
      // What was committed is there; the row whose commit failed was never acknowledged (its WAL may hold it).
      expect((await answers())[0]).toBe(1);
      await db.query('insert into d values (3)');
      expect((await answers()).at(-1)).toBe(3);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);

  it('never lets a transaction of the thread that stopped go on in one of the thread that replaced it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'balcao-pglite-'));
    const { db, events, failing } = onFailingDisk(dir);
    try {
      await db.waitReady;
      await db.exec('create table d (n int)');
      let stale: Promise<unknown> = Promise.resolve();
      const first = db.transaction(async (tx) => {
        await tx.query('insert into d values (1)');
        writeFileSync(failing, '');
        await tx.query('checkpoint').catch(() => undefined); // its sync fails: PANIC, the thread ends
        rmSync(failing);
        await expect.poll(() => events.at(-1), { timeout: 20_000 }).toBe('voltou');
        // The new thread numbers its transactions from 1 again: the next one has this one's number.
        const { done: held, open: release } = signal();
        const { done: inside, open: begun } = signal();
        stale = db.transaction(async (t) => {
          await t.query('insert into d values (2)');
          begun();
          await held;
        });
        await inside;
        const late = await tx.query('insert into d values (99)').catch((e: unknown) => e);
        release();
        expect(isDatabaseUnavailable(late)).toBe(true);
      });
      await expect(first).rejects.toSatisfy(isDatabaseUnavailable);
      await stale;
      expect((await db.query<{ n: number }>('select n from d order by n')).rows).toEqual([{ n: 2 }]);
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);
});
