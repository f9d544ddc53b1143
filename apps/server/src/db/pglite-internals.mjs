// The one door to PGlite's private surface (its two locks), beside the thread that uses it (pglite-worker.mjs);
// db/pglite-internals.test.ts is its canary, failing when an upgrade changes what is relied on here.

/**
 * `run` under PGlite's query lock, the one its query() takes for each statement: inside a transaction
 * (which holds the other lock) a statement of our own waits only for the one before it.
 */
export const underQueryLock = (db, run) => db._runExclusiveQuery(run);

/** `run` under PGlite's transaction lock: it waits for any open transaction to end, and none begins meanwhile. */
export const underTransactionLock = (db, run) => db._runExclusiveTransaction(run);
