import pg from 'pg';
import { vi } from 'vitest';
import { PGliteThread } from '../db/pglite-thread';

/** One round trip to the database: a statement (its SQL), or PGlite's begin/end of a transaction. */
export type RoundTrip = { sql: string };

/**
 * Counts the round trips to the database while `fn` runs, as they leave the process: each message to the
 * PGlite thread (statements, begin and end) and each node-postgres query (a pooled query is one too).
 * For budgets of a path's statements (tests), not for production.
 */
export async function roundTrips<T>(fn: () => Promise<T>): Promise<{ result: T; trips: RoundTrip[] }> {
  const trips: RoundTrip[] = [];
  const thread = PGliteThread.prototype as unknown as { send: (req: { op: string; sql?: string }, w: unknown) => Promise<unknown> };
  const send = thread.send;
  const pglite = vi.spyOn(thread, 'send').mockImplementation(function (this: unknown, req, w) {
    trips.push({ sql: req.sql ?? req.op });
    return send.call(this, req, w);
  });
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  const postgres = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    const q = args[0] as string | { text?: string; name?: string };
    trips.push({ sql: typeof q === 'string' ? q : (q.text ?? q.name ?? '?') });
    return query.apply(this, args);
  } as never);
  try {
    return { result: await fn(), trips };
  } finally {
    pglite.mockRestore();
    postgres.mockRestore();
  }
}
