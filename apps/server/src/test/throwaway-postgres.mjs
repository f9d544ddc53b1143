// One throwaway PostgreSQL database for the server's tests (harness.ts), the e2e suites and the benchmarks
// (plain JavaScript so that bench/*.mjs can import it without a build).
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** One statement on a short-lived connection to the server's admin database. */
async function onAdmin(adminUrl, statement) {
  const c = new pg.Client({ connectionString: adminUrl });
  c.on('error', () => undefined);
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/**
 * An empty database on the PostgreSQL server of `adminUrl`, named `<prefix>_<random>`; `drop()` only once
 * nothing uses it any more (`with (force)` ends what is still connected).
 */
export async function throwawayPostgres(adminUrl, prefix = 'balcao_t') {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => onAdmin(adminUrl, `drop database if exists ${name} with (force)`) };
}
