import type { PGlite } from '@electric-sql/pglite';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * PGlite runs Postgres on this thread, one statement at a time, and its answers resume their callers as
 * microtasks: with a backlog, statement after statement ran without the event loop reaching its timers or
 * sockets, Socket.IO's heartbeats stopped and clients dropped (the send-path bench at 200 sends/s: 6 to 12
 * of 20 attendant sockets timed out, their sends unanswered). Here the statements and transactions started
 * from outside a transaction wait in one queue, first come first served, and each starts on a fresh turn of
 * the event loop, so timers and sockets are served between any two of them. Statements inside a transaction
 * do not queue (it holds the database until it ends). PGlite ran them one at a time already: nothing is
 * lost in throughput but one turn of the loop per statement.
 */
export function yieldBetweenStatements(client: PGlite): PGlite {
  let tail: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const result = tail.then(() => nextTurn()).then(run);
    tail = result.catch(() => undefined);
    return result;
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = ((...args: Parameters<typeof query>) => inTurn(() => query(...args))) as typeof client.query;
  client.exec = (...args: Parameters<typeof exec>) => inTurn(() => exec(...args));
  client.transaction = ((...args: Parameters<typeof transaction>) => inTurn(() => transaction(...args))) as typeof client.transaction;
  return client;
}
