import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, DB_KINDS } from '../../test/harness';
import { makeAccount } from '../../test/factories';
import { roundTrips } from '../../test/statement-counter';
import type { Database } from '../../db/client';
import { forgetInscritos, inscritos } from './destinatarios';

/**
 * Every customer message asks for its account's subscribed browsers: within the window that is one read,
 * however many messages await it (a kept Drizzle query would run again on each await: 1,400 reads for
 * 1,400 messages, and inbound at 1,000/s saturated at p99 11.8 s).
 */
describe.each(DB_KINDS)('subscribed browsers of an account (%s)', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('reads them once for many messages, and again once forgotten', async () => {
    const acc = await makeAccount(database.db);
    const readsOf = (trips: { sql: string }[]) => trips.filter((t) => t.sql.includes('push_inscricoes')).length;
    const first = await roundTrips(async () => {
      for (let i = 0; i < 5; i++) await Promise.all([inscritos(database.db, acc.account.id), inscritos(database.db, acc.account.id)]);
    });
    expect(readsOf(first.trips)).toBe(1);
    forgetInscritos(acc.account.id);
    const again = await roundTrips(() => inscritos(database.db, acc.account.id));
    expect(readsOf(again.trips)).toBe(1);
  });
});
