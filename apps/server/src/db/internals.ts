import type { Query } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/**
 * The one door to Drizzle's private surface (`db._.session`); db/internals.test.ts is its canary, failing when
 * an upgrade changes what is relied on here. Drizzle's public prepare() builds the statement's text again per
 * statement and maps rows to objects; this keeps a text built once and reads rows as arrays (lib/db.ts preparedRows).
 */
export function prepareArrayQuery<R>(db: PgDatabase<PgQueryResultHKT>, text: Query, name: string, rows: (raw: unknown[][]) => R[]) {
  // Given a result mapper, both drivers answer rows as arrays (rowMode 'array') and hand them to it.
  return db._.session.prepareQuery(text, undefined, name, true, (raw) => rows(raw as unknown[][]));
}
