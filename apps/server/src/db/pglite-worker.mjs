// PGlite in its own thread (db/pglite-thread.ts starts it and speaks for it). Plain JavaScript: Node loads
// this file as it is, from src/ in tests and from dist/ once built. One PGlite per worker; its own lock keeps
// a transaction exclusive, as on the main thread. Messages: { id, op, ... } in, { id, ok, result | error } out.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const db = new PGlite(workerData.dataDir ?? undefined);
/** Open transactions by id: their client, and how to end them (commit or roll back). */
const open = new Map();
let nextTx = 1;
const ROLLED_BACK = new Error('rollback');

/** The column types answered as text (the caller applies its own parsers to them). */
const asText = (oids) => (oids?.length ? Object.fromEntries(oids.map((oid) => [oid, (value) => value])) : undefined);
function clientOf(tx) {
  const client = tx ? open.get(tx)?.client : db;
  if (!client) throw new Error('Transaction is closed');
  return client;
}

/** Answers once PGlite has run BEGIN; the transaction then waits for `end` (its lock held, as on the main thread). */
function begin() {
  return new Promise((begun, failed) => {
    const id = nextTx++;
    const t = { client: null, end: null, done: null };
    t.done = db.transaction(
      (client) =>
        new Promise((commit, rollback) => {
          Object.assign(t, { client, end: (ok) => (ok ? commit() : rollback(ROLLED_BACK)) });
          open.set(id, t);
          begun(id);
        }),
    );
    t.done.catch((err) => {
      if (!open.has(id)) failed(err); // BEGIN itself failed
    });
  });
}

async function end(id, commit) {
  const t = open.get(id);
  if (!t) throw new Error('Transaction is closed');
  t.end(commit);
  try {
    await t.done;
  } catch (err) {
    if (err !== ROLLED_BACK) throw err; // a failed COMMIT is the caller's error
  } finally {
    open.delete(id);
  }
}

const ops = {
  ready: async () => {
    await db.waitReady;
  },
  query: async ({ tx, sql, params, rowMode, text }) => {
    const client = clientOf(tx);
    const r = await client.query(sql, params, { rowMode, parsers: asText(text) });
    return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
  },
  exec: async ({ tx, sql }) => {
    const client = clientOf(tx);
    return (await client.exec(sql)).map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
  },
  begin: () => begin(),
  end: ({ tx, commit }) => end(tx, commit),
  close: async () => {
    if (!db.closed) await db.close();
  },
};

parentPort.on('message', async (m) => {
  try {
    parentPort.postMessage({ id: m.id, ok: true, result: await ops[m.op](m) });
  } catch (err) {
    // What the callers read of a database error (code, detail, constraint…), as plain data.
    const error = { message: err?.message ?? String(err), ...(err && typeof err === 'object' ? { ...err } : {}) };
    parentPort.postMessage({ id: m.id, ok: false, error: JSON.parse(JSON.stringify(error)) });
  }
});
