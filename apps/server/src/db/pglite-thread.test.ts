import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../lib/error-handler';
import { PGliteThread } from './pglite-thread';

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
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let begun = () => {};
    const inside = new Promise<void>((r) => {
      begun = r;
    });
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
});
