// PGlite in its own thread (db/pglite-thread.ts starts it and speaks for it). Plain JavaScript: Node loads
// this file as it is, from src/ in tests and from dist/ once built. One PGlite per worker; its own lock keeps
// a transaction exclusive, as on the main thread. Messages: { id, op, ... } in, { id, ok, result | error } out.
import fs from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { underQueryLock, underTransactionLock } from './pglite-internals.mjs';

/**
 * `PGLITE_STATEMENT_TIMES=<file>`: the time this thread spends on each statement (by its text, in PGlite's lock),
 * on commits and in the WAL's syncs, written to the file as JSON when the database closes. Why: under load this
 * one thread is what the embedded database's tail waits for, and its CPU profile cannot tell one statement from
 * another (docs/desempenho.md). Off unless set; a sync is counted in its statement's time too; pages (isPage) are
 * not counted.
 */
const TIMES_FILE = process.env.PGLITE_STATEMENT_TIMES;
const SYNC = '(fsync)';
/** Entries by the text as given (a kept statement's SQL is the same string at every run), named on one line. */
const times = new Map();
/** Counts the time since `t0` under `what` (a statement's SQL, or a name); nothing when the diagnostic is off. */
function timed(what, t0) {
  if (!TIMES_FILE) return;
  let t = times.get(what);
  if (!t) {
    t = { what: what.replace(/\s+/g, ' ').trim().slice(0, 200), ms: 0, n: 0 };
    times.set(what, t);
  }
  t.ms += performance.now() - t0;
  t.n++;
}
function writeTimes() {
  if (!TIMES_FILE) return;
  const rows = [...times.values()].sort((a, b) => b.ms - a.ms).map((t) => ({ ...t, ms: Math.round(t.ms * 10) / 10 }));
  fs.writeFileSync(TIMES_FILE, JSON.stringify(rows, null, 1));
}

/**
 * On disk, a commit is on the disk when it is acknowledged, as on PostgreSQL. Why: PGlite starts Postgres with
 * fsync off, and the file system it gives Postgres in Node cannot sync anyway (its fsync() and fdatasync() do
 * nothing), so a power cut could lose the writes of the last ~30 s (what Linux keeps in its cache) or leave the
 * data directory inconsistent; a killed process lost nothing, its writes were in the system's cache. Here
 * Postgres runs with fsync on and syncs its WAL with fsync() (fdatasync stays a no-op in PGlite's build), which
 * this file system now does (its cost: docs/desempenho.md; the decision: docs/decisoes/0002-fsync-no-banco-embutido.md).
 */
class DurableNodeFS extends NodeFS {
  async init(pg, opts) {
    const setup = await super.init(pg, opts);
    setup.emscriptenOpts.preRun.push(({ NODEFS }) => {
      NODEFS.stream_ops.fsync = (stream) =>
        NODEFS.tryFSOperation(() => {
          const t0 = performance.now();
          fs.fsyncSync(stream.nfd);
          timed(SYNC, t0);
        });
    });
    return setup;
  }
}
const DURABLE_START = [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'wal_sync_method=fsync'];

/** What a first start wrote (initdb's files, written before fsync was on), synced once, as initdb does. */
function syncTree(at) {
  if (fs.statSync(at).isDirectory()) for (const entry of fs.readdirSync(at)) syncTree(path.join(at, entry));
  const fd = fs.openSync(at, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

const { dataDir } = workerData;
const created = dataDir && !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
const db = dataDir ? new PGlite({ fs: new DurableNodeFS(dataDir), startParams: DURABLE_START }) : new PGlite();
/** Open transactions by id: their client, and how to end them (commit or roll back). */
const open = new Map();
let nextTx = 1;
const ROLLED_BACK = new Error('rollback');

/** The column types answered as text (the caller applies its own parsers to them). */
const asText = (oids) => (oids?.length ? Object.fromEntries(oids.map((oid) => [oid, (value) => value])) : undefined);
/**
 * PGlite's parsers with the caller's text columns, built once per list of columns (Drizzle uses one or two).
 * Why: given parsers of its own, PGlite's parseResults copies all of its ~320 into a new object at every
 * call, and Drizzle gives its own (timestamps, dates, intervals as text) with every statement: the copy took
 * more of this thread than a one-row statement's run in Postgres (docs/desempenho.md).
 */
const parsersByText = new Map();
function parsersFor(oids) {
  if (!oids?.length) return db.parsers;
  const key = oids.join(',');
  let parsers = parsersByText.get(key);
  if (!parsers) {
    parsers = { ...db.parsers, ...asText(oids) };
    parsersByText.set(key, parsers);
  }
  return parsers;
}
function clientOf(tx) {
  const client = tx ? open.get(tx)?.client : db;
  if (!client) throw new Error('Transaction is closed');
  return client;
}

/**
 * Statements run as named prepared statements, kept per SQL text. Why: PGlite's query() parses and plans a
 * statement every time, in six calls into the WebAssembly backend, and planning cost more than running
 * (docs/desempenho.md). A kept statement is parsed once,
 * runs in one call (bind, describe, execute, sync), and past five runs Postgres uses a generic plan when it
 * costs no more than the custom ones (plan_cache_mode auto); pages are the exception (isPage). Most kept
 * statements: PREPARED_MAX (the least recently used is closed); a statement that depends on a changed table
 * is planned again by Postgres.
 */
const PREPARED_MAX = 500;
/**
 * A page (a LIMIT given as a parameter, above 1) is parsed and planned for its values at every run, as
 * PGlite's query() does: a generic plan cannot see the LIMIT's value and, on a long conversation, read its
 * messages in bulk instead of the newest page by index.
 */
const isPage = (sql, params) => [...sql.matchAll(/\blimit \$(\d+)/gi)].some(([, n]) => Number(params?.[Number(n) - 1]) > 1);
const prepared = new Map();
let nextStatement = 1;
const { serialize } = protocol;
const concat = (...parts) => Buffer.concat(parts);

async function statementFor(sql) {
  const kept = prepared.get(sql);
  if (kept) {
    prepared.delete(sql); // most recently used last
    prepared.set(sql, kept);
    return kept;
  }
  const name = `balcao_${nextStatement++}`;
  const { messages } = await db.execProtocol(
    concat(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()),
    { syncToFs: false },
  );
  const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
  prepared.set(sql, statement);
  if (prepared.size > PREPARED_MAX) {
    const [oldest, { name: old }] = prepared.entries().next().value;
    prepared.delete(oldest);
    await db.execProtocol(concat(serialize.close({ type: 'S', name: old }), serialize.sync()), { syncToFs: false });
  }
  return statement;
}

/** What Postgres answers when a kept statement's columns changed under it (a migration added one to `select *`). */
const RESULT_TYPE_CHANGED = 'cached plan must not change result type';

/** One statement through its kept prepared statement; the caller holds PGlite's lock (see `query`). */
async function runPrepared(sql, params = [], rowMode, parsers) {
  try {
    return await runKept(sql, params, rowMode, parsers);
  } catch (err) {
    if (!err?.message?.includes(RESULT_TYPE_CHANGED)) throw err;
    // Prepared again, for the table as it is now.
    const { name } = prepared.get(sql);
    prepared.delete(sql);
    await db.execProtocol(concat(serialize.close({ type: 'S', name }), serialize.sync()), { syncToFs: false });
    return runKept(sql, params, rowMode, parsers);
  }
}

async function runKept(sql, params, rowMode, parsers) {
  const { name, paramTypes } = await statementFor(sql);
  const values = params.map((v, k) => {
    if (v === null || v === undefined) return null;
    const serializer = db.serializers[paramTypes[k]];
    return serializer ? serializer(v) : v.toString();
  });
  const { messages } = await db.execProtocol(
    concat(serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()),
    { syncToFs: false },
  );
  return parse.parseResults(messages, parsers, { rowMode })[0];
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
  const t0 = performance.now();
  t.end(commit);
  try {
    await t.done;
  } catch (err) {
    if (err !== ROLLED_BACK) throw err; // a failed COMMIT is the caller's error
  } finally {
    open.delete(id);
    timed(commit ? '(commit)' : '(rollback)', t0);
  }
}

const ops = {
  ready: async () => {
    await db.waitReady;
    if (created) syncTree(dataDir);
  },
  query: async ({ tx, sql, params, rowMode, text }) => {
    const client = clientOf(tx);
    // A kept statement takes PGlite's own locks as its query() does: inside a transaction the query lock only
    // (the transaction holds the other); from outside, it waits for any open transaction to end.
    const kept = () =>
      underQueryLock(db, async () => {
        const t0 = performance.now();
        try {
          return await runPrepared(sql, params, rowMode, parsersFor(text));
        } finally {
          timed(sql, t0);
        }
      });
    let r;
    if (isPage(sql, params)) r = await client.query(sql, params, { rowMode, parsers: asText(text) });
    else if (tx) r = await kept();
    else r = await underTransactionLock(db, kept);
    return { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows };
  },
  exec: async ({ tx, sql }) => {
    const client = clientOf(tx);
    return (await client.exec(sql)).map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
  },
  /**
   * The data directory copied to `to` while no statement or transaction runs (both of PGlite's locks held),
   * after a checkpoint: the copy is what a stop would have left, and opens as it is (operator backup).
   */
  snapshot: ({ to }) =>
    underTransactionLock(db, () =>
      underQueryLock(db, async () => {
        await db.execProtocol(serialize.query('checkpoint'), { syncToFs: false });
        fs.cpSync(dataDir, to, { recursive: true });
      }),
    ),
  begin: () => begin(),
  end: ({ tx, commit }) => end(tx, commit),
  close: async () => {
    if (!db.closed) await db.close();
    writeTimes();
  },
};

/**
 * Postgres ends its backend at a PANIC (a sync or a WAL write that failed: the disk, or a full one) or a FATAL,
 * and PGlite then never answers again. This thread ends with it; pglite-thread.ts opens another on the same
 * files, where Postgres recovers what was committed from its WAL, as a server restarts after a PANIC.
 */
const BACKEND_ENDED = new Set(['PANIC', 'FATAL']);

parentPort.on('message', async (m) => {
  try {
    parentPort.postMessage({ id: m.id, ok: true, result: await ops[m.op](m) });
  } catch (err) {
    // What the callers read of a database error (code, detail, constraint…), as plain data.
    const error = { message: err?.message ?? String(err), ...(err && typeof err === 'object' ? { ...err } : {}) };
    const ended = BACKEND_ENDED.has(err?.severity);
    parentPort.postMessage({ id: m.id, ok: false, error: JSON.parse(JSON.stringify(error)), ended });
    if (ended) process.exit(1);
  }
});
