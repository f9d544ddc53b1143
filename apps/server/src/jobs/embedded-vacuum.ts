import { sql } from 'drizzle-orm';
import { type Db, rawRows } from '../lib/db';

/**
 * PostgreSQL's autovacuum defaults (`autovacuum_vacuum_threshold` and `_scale_factor`, the insert and analyze
 * ones): a table is vacuumed or analyzed here when PostgreSQL's own autovacuum would have done it.
 */
const VACUUM_BASE = 50;
const VACUUM_SCALE = 0.2;
const INSERT_BASE = 1000;
const INSERT_SCALE = 0.2;
const ANALYZE_BASE = 50;
const ANALYZE_SCALE = 0.1;

type Due = { schema: string; tabela: string; vacuum: boolean };
type Feita = { tabela: string; feito: 'vacuum' | 'analyze'; ms: number };

/**
 * The embedded database (PGlite) runs PostgreSQL without its background workers, so nothing ever vacuums or
 * analyzes it: every update of a conversation's list columns leaves a dead row and an index entry for good, the
 * visibility map stays empty (no index-only scan, the open tabs' count reads the table), and the planner keeps
 * the statistics of an empty table. This does autovacuum's work from the server: each table past autovacuum's
 * thresholds (by the table counts PGlite keeps, as PostgreSQL does) is vacuumed and analyzed, or only
 * analyzed, one statement per table so that requests run between them (PGlite answers one statement at a time).
 * Answers the tables it took, what was done to each and how long it held the database.
 */
export async function vacuumEmbedded(db: Db): Promise<Feita[]> {
  // PGlite never reaches the idle point where PostgreSQL flushes a backend's table counts: asked to, it flushes
  // them at the end of this statement, so the next one reads them.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const due = await rawRows<Due>(
    db,
    sql`select schema, tabela, vacuum from (
        select s.schemaname as schema, s.relname as tabela, s.n_dead_tup as dead,
          (s.n_dead_tup > ${VACUUM_BASE} + ${VACUUM_SCALE} * c.tuples
            or s.n_ins_since_vacuum > ${INSERT_BASE} + ${INSERT_SCALE} * c.tuples) as vacuum,
          s.n_mod_since_analyze > ${ANALYZE_BASE} + ${ANALYZE_SCALE} * c.tuples as analisar
        from pg_stat_user_tables s
        join (select oid, greatest(reltuples, 0) as tuples from pg_class) c on c.oid = s.relid
      ) t
      where vacuum or analisar
      order by dead desc`,
  );
  const done: Feita[] = [];
  for (const t of due) {
    const name = sql`${sql.identifier(t.schema)}.${sql.identifier(t.tabela)}`;
    const started = performance.now();
    await db.execute(t.vacuum ? sql`vacuum (analyze) ${name}` : sql`analyze ${name}`);
    done.push({ tabela: t.tabela, feito: t.vacuum ? 'vacuum' : 'analyze', ms: Math.round(performance.now() - started) });
  }
  return done;
}
