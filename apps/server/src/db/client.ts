import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Db } from '../lib/db';
import { sampleDatabase, timeQuery } from '../lib/metrics';
import { lockDataDir } from './data-dir-lock';
import { PGliteThread, type PGliteThreadOptions } from './pglite-thread';

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  ping: () => Promise<void>;
  /** PostgreSQL only: the pool itself, for its counts (tests of connections being cut). */
  pool?: pg.Pool;
  /** PGlite on disk only: copies its data directory, consistent, to a new directory (the operator's backup). */
  snapshot?: (to: string) => Promise<void>;
};

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));
/** Held while migrating so that several instances starting together apply each migration once. */
const MIGRATION_LOCK_KEY = 7_307_001;

/** Told when the embedded database stops (and opens again on its files later) and when it is back. */
export type EmbeddedListener = Pick<PGliteThreadOptions, 'onDown' | 'onUp'>;

/** PGlite under `dataDir/pgdata` (or in memory with `dataDir` null), on its own thread, migrations applied. */
export async function openPglite(dataDir: string | null, listener: EmbeddedListener = {}): Promise<Database> {
  let dir: string | null = null;
  // One process owns the files: a second opener (server or CLI) stops here with DataDirLockedError.
  let unlock = async () => {};
  if (dataDir) {
    dir = path.join(dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    unlock = await lockDataDir(dataDir);
  }
  const client = new PGliteThread(dir, listener);
  // Drizzle's PGlite driver uses only what PGliteThread offers (query, exec, transaction).
  const db = drizzlePglite({ client: client as unknown as PGlite });
  try {
    await client.waitReady;
    await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  } catch (err) {
    await client.close().catch(() => undefined);
    await unlock();
    throw err;
  }
  const unsample = sampleDatabase(() => ({ ocupacao: client.busyShare() }));
  const close = async () => {
    unsample();
    try {
      await client.close();
    } finally {
      await unlock();
    }
  };
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close,
    ping: async () => void (await client.query('select 1')),
    ...(dir ? { snapshot: (to: string) => client.snapshot(to) } : {}),
  };
}

/**
 * Times every statement of a pooled connection (balcao_db_consulta_duracao_seconds): its promise or, as the
 * pool's own query passes one, its callback. Pool waits are a gauge of their own (lib/metrics.ts).
 */
function timeStatements(client: pg.PoolClient) {
  // The class's query looked up per call, not bound once: a spy on it (test/statement-counter.ts) still counts.
  const own = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
  client.query = ((...args: unknown[]) => {
    const done = timeQuery('postgres');
    const last = args.at(-1);
    if (typeof last === 'function')
      args[args.length - 1] = (...r: unknown[]) => {
        done();
        return (last as (...r: unknown[]) => unknown)(...r);
      };
    const result = own.query.apply(client, args);
    if (result instanceof Promise)
      result.then(
        () => done(),
        () => done(),
      );
    return result;
  }) as typeof client.query;
}

/** How long a client whose connection died while checked out may stay out before the pool takes it back. */
const RECLAIM_DEAD_CLIENT_MS = 5000;

/** Told when a PostgreSQL connection dies (restart, failover, a pooler's idle timeout); the pool opens another. */
export type ConnectionErrorListener = (err: Error) => void;
const logToStderr: ConnectionErrorListener = (err) =>
  console.error(`PostgreSQL: conexão perdida (${err.message}); a próxima consulta abre outra.`);

/**
 * A pool that rides through connections being cut: every client, idle or checked out, has an `error`
 * listener (without one node-postgres throws and the process exits); a dead client leaves the pool and
 * the next query opens a new one. close() resolves once every connection has really ended.
 */
export async function openPostgres(
  url: string,
  poolSize = 10,
  onConnectionError: ConnectionErrorListener = logToStderr,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const open = new Set<pg.ClientBase>();
  pool.on('error', (err) => onConnectionError(err));
  const checkedOut = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_err, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    open.add(client);
    timeStatements(client);
    // The pool listens only while a client is idle; this one covers a client in use (a transaction).
    client.on('error', (err) => {
      if (!checkedOut.has(client)) return;
      // Drizzle never releases a client whose `begin` failed: a client that died in use and is still out
      // after a while is given back (as broken, so the pool drops it) instead of shrinking the pool for good.
      setTimeout(() => {
        if (checkedOut.delete(client)) client.release(err);
      }, RECLAIM_DEAD_CLIENT_MS).unref();
    });
    client.once('end', () => open.delete(client));
  });
  const ended = () => Promise.all([...open].map((c) => new Promise((resolve) => c.once('end', resolve))));
  try {
    const conn = await pool.connect();
    try {
      await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migratePg(drizzlePg({ client: conn }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
      conn.release();
    }
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
  const db = drizzlePg({ client: pool }) as unknown as Db;
  const unsample = sampleDatabase(() => ({
    pool: { ativas: pool.totalCount - pool.idleCount, ociosas: pool.idleCount, esperando: pool.waitingCount },
  }));
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      unsample();
      const waiting = ended();
      await pool.end();
      await waiting;
    })());
  return { db, kind: 'postgres', close, pool, ping: async () => void (await pool.query('select 1')) };
}

export function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  onConnectionError?: ConnectionErrorListener;
  embedded?: EmbeddedListener;
}): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, 10, opts.onConnectionError) : openPglite(opts.dataDir, opts.embedded);
}
