import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { underQueryLock, underTransactionLock } from './pglite-internals.mjs';

const INT4 = 23;

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

  it('exist as methods of the instance', () => {
    const internals = db as unknown as Record<string, unknown>;
    expect(typeof internals._runExclusiveQuery).toBe('function');
    expect(typeof internals._runExclusiveTransaction).toBe('function');
  });

  // A parser runs while query() holds both locks: what it asks of a lock must wait until the statement ends.
  it.each([
    { lock: 'query', under: underQueryLock },
    { lock: 'transaction', under: underTransactionLock },
  ])('the $lock lock answers what it ran, once a query() holding it has ended', async ({ under }) => {
    const order: string[] = [];
    let locked: Promise<string> | undefined;
    const parsers = {
      [INT4]: (value: string) => {
        locked ??= under(db, async () => {
          order.push('locked');
          return 'ran';
        });
        order.push('parsed');
        return Number(value);
      },
    };
    const { rows } = await db.query<{ n: number }>('select 1::int4 as n', [], { parsers });
    expect(rows).toEqual([{ n: 1 }]);
    expect(await locked).toBe('ran');
    expect(order).toEqual(['parsed', 'locked']);
  });

  it('a statement inside a transaction takes the query lock only (the worker nests them so)', async () => {
    const answer = await underTransactionLock(db, () => underQueryLock(db, async () => 'nested'));
    expect(answer).toBe('nested');
  });
});
