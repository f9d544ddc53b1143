import type { PGlite } from '@electric-sql/pglite';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * PGlite runs Postgres on this thread and its answers resume their callers as microtasks: with a backlog,
 * one query's answer starts the next and the event loop never gets to its timers or sockets, so Socket.IO's
 * heartbeats stop and clients drop (the send-path bench at 200 sends/s: 6 of 20 attendant sockets timed out,
 * their unanswered sends lost). Each statement and transaction from outside a transaction first waits for
 * the next turn of the event loop; statements inside a transaction do not (it holds the database).
 */
export function yieldBetweenStatements(client: PGlite): PGlite {
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<typeof query>) => {
    await nextTurn();
    return query(...args);
  }) as typeof client.query;
  client.exec = async (...args: Parameters<typeof exec>) => {
    await nextTurn();
    return exec(...args);
  };
  client.transaction = (async (...args: Parameters<typeof transaction>) => {
    await nextTurn();
    return transaction(...args);
  }) as typeof client.transaction;
  return client;
}
