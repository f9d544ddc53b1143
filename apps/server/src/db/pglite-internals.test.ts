import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { underQueryLock, underTransactionLock } from './pglite-internals.mjs';

/** Canary of PGlite's private surface (db/pglite-internals.mjs): fails when an upgrade changes it. */
describe("PGlite's locks", () => {
  let db: PGlite;
  beforeAll(async () => {
    db = new PGlite();
    await db.waitReady;
  });
  afterAll(async () => {
    await db.close();
  });

  /** A lock held until release() is called; resolves `held` once `run` has begun. */
  function hold(lock: typeof underQueryLock) {
    let release: () => void = () => undefined;
    let begun: () => void = () => undefined;
    const held = new Promise<void>((r) => {
      begun = r;
    });
    const done = lock(db, () => {
      begun();
      return new Promise<string>((r) => {
        release = () => r('ran');
      });
    });
    return { held, done, release: () => release() };
  }

  it('exist as methods of the instance', () => {
    const internals = db as unknown as Record<string, unknown>;
    expect(typeof internals._runExclusiveQuery).toBe('function');
    expect(typeof internals._runExclusiveTransaction).toBe('function');
  });

  it('the query lock answers what it ran, and a query() waits for it', async () => {
    const order: string[] = [];
    const lock = hold(underQueryLock);
    await lock.held;
    const query = db.query('select 1').then(() => order.push('query'));
    order.push('released');
    lock.release();
    expect(await lock.done).toBe('ran');
    await query;
    expect(order).toEqual(['released', 'query']);
  });

  it('the transaction lock answers what it ran, and a transaction waits for it', async () => {
    const order: string[] = [];
    const lock = hold(underTransactionLock);
    await lock.held;
    const tx = db.transaction(async (t) => t.query('select 1')).then(() => order.push('transaction'));
    order.push('released');
    lock.release();
    expect(await lock.done).toBe('ran');
    await tx;
    expect(order).toEqual(['released', 'transaction']);
  });

  it('a statement inside a transaction takes the query lock only (the worker nests them so)', async () => {
    const answer = await underTransactionLock(db, () => underQueryLock(db, async () => 'nested'));
    expect(answer).toBe('nested');
  });
});
