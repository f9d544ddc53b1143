import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, freshDatabase } from '../test/harness';
import type { Database } from './client';
import { prepareArrayQuery } from './internals';

/** Canary of Drizzle's private surface (db/internals.ts): fails when an upgrade changes it. */
describe.each(DB_KINDS)('Drizzle private surface on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  it('db._.session.prepareQuery runs a named statement by placeholder and hands its rows as arrays to the mapper', async () => {
    expect(typeof database.db._.session.prepareQuery).toBe('function');
    const text = new PgDialect().sqlToQuery(sql`select ${sql.placeholder('n')}::int + 1 as a, 'x' as b`);
    const seen: unknown[][][] = [];
    const query = prepareArrayQuery(database.db, text, 'canary_prepare_query', (raw) => {
      seen.push(raw);
      return raw.map(([a, b]) => ({ a, b }));
    });
    expect(await query.execute({ n: 2 })).toEqual([{ a: 3, b: 'x' }]);
    expect(await query.execute({ n: 40 })).toEqual([{ a: 41, b: 'x' }]);
    expect(seen).toEqual([[[3, 'x']], [[41, 'x']]]);
  });
});
