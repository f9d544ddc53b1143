import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { clientes } from '../db/schema/atendimentos';
import { rawRows } from '../lib/db';
import { makeAccount } from '../test/factories';
import { freshDatabase } from '../test/harness';
import { vacuumEmbedded } from './embedded-vacuum';

const CUSTOMERS = 200;
type Stats = { n_dead_tup: number; vacuum_count: number; analyze_count: number };

// PGlite only: the job runs on the embedded database (jobs/index.ts); PostgreSQL has its own autovacuum.
describe('embedded database upkeep on pglite', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase('pglite');
  });
  afterAll(async () => {
    await database.close();
  });

  // The counts as the job reads them: flushed first (see vacuumEmbedded).
  const customerStats = async () => {
    await database.db.execute(sql`select pg_stat_force_next_flush()`);
    return (
      await rawRows<Stats>(
        database.db,
        sql`select n_dead_tup::int, vacuum_count::int, analyze_count::int from pg_stat_user_tables where relname = 'clientes'`,
      )
    )[0]!;
  };

  it("vacuums and analyzes a table past autovacuum's thresholds, once, and then has nothing to do", async () => {
    const { account } = await makeAccount(database.db);
    await database.db
      .insert(clientes)
      .values(Array.from({ length: CUSTOMERS }, (_, k) => ({ accountId: account.id, nome: `Cliente ${k}` })));
    // New rows are past the analyze threshold only (200 < autovacuum's 1,000 inserted rows before a vacuum).
    const feitas = async () => (await vacuumEmbedded(database.db)).map(({ tabela, feito }) => ({ tabela, feito }));
    expect(await feitas()).toContainEqual({ tabela: 'clientes', feito: 'analyze' });

    for (const nome of ['Ana', 'Bia']) await database.db.update(clientes).set({ nome }).where(eq(clientes.accountId, account.id));
    const before = await customerStats();
    expect(before.n_dead_tup).toBeGreaterThanOrEqual(2 * CUSTOMERS);

    expect(await feitas()).toEqual([{ tabela: 'clientes', feito: 'vacuum' }]);
    const after = await customerStats();
    expect(after).toEqual({ n_dead_tup: 0, vacuum_count: before.vacuum_count + 1, analyze_count: before.analyze_count + 1 });
    expect(await feitas()).toEqual([]);
  });
});
