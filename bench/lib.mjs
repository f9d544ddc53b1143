// Shared by the benchmarks: start the built server on a throwaway database (embedded PGlite, or a fresh
// database on the PostgreSQL server of BENCH_DATABASE_URL), the floor, memory probes, percentiles.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { throwawayPostgres } from '../apps/server/src/test/throwaway-postgres.mjs';

/** The server's own dependencies (fastify, socket.io, pg, PGlite): dependencies of apps/server, not of the root. */
const serverRequire = createRequire(new URL('../apps/server/package.json', import.meta.url));
export const load = (name) => import(pathToFileURL(serverRequire.resolve(name)).href);

/** Thousands of sockets need more open files than the default; as root the limit of this process is raised. */
export function raiseFileLimit() {
  spawnSync('prlimit', ['--pid', String(process.pid), '--nofile=250000:250000']);
}

export const now = () => performance.timeOrigin + performance.now();
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** A V8 profile's frame as the profile tools print it: function, then the script from its package (or its path) and line. */
export function frameName({ functionName, url, lineNumber }) {
  const where = url ? `${url.replace(/^.*node_modules\//, '')}:${lineNumber + 1}` : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
}

export const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** A fresh database per server start on the PostgreSQL of BENCH_DATABASE_URL; dropped by `drop`. */
export const freshPostgres = (adminUrl) => throwawayPostgres(adminUrl, 'balcao_bench');

/** The database a scenario runs on: BENCH_DB=postgres (on BENCH_DATABASE_URL's server) or pglite (default). */
export const benchDatabase = () => (process.env.BENCH_DB === 'postgres' ? 'postgres' : 'pglite');

async function waitHealthy(base, child) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/backend/health`)).ok) return;
    } catch {}
    await sleep(200);
  }
  throw new Error('server never became healthy');
}

/** Resolves with what a child writes after `ready ` on its standard output (the floor's port). */
function childLine(child) {
  return new Promise((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d;
      const m = /ready (\S+)/.exec(buf);
      if (m) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });
}

/** `node --expose-gc --import bench/gc-probe.mjs`: SIGUSR2 writes heap + external after a forced GC. */
function probeArgs(file) {
  return ['--expose-gc', '--import', pathToFileURL(path.resolve('bench/gc-probe.mjs')).href, `--title=bench:${path.basename(file)}`];
}

const probeSeq = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8')).seq;
  } catch {
    return 0;
  }
};
async function readProbe(pid, probeFile) {
  const before = probeSeq(probeFile);
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 400 && probeSeq(probeFile) <= before; i++) await sleep(50);
  return JSON.parse(readFileSync(probeFile, 'utf8'));
}

/**
 * The built server (apps/server/dist/main.js). `databaseUrl` shares a PostgreSQL database between
 * instances; otherwise PGlite, or a fresh PostgreSQL database when BENCH_DB=postgres.
 */
export async function startServer({ env = {}, databaseUrl, seed = true, dataDir: keptDir } = {}) {
  // A given data directory outlives the server (restarted on the same data); a fresh one does not.
  const dataDir = keptDir ?? mkdtempSync(path.join(tmpdir(), 'balcao-bench-'));
  let pgDb = null;
  if (!databaseUrl && benchDatabase() === 'postgres') {
    if (!process.env.BENCH_DATABASE_URL) throw new Error('BENCH_DB=postgres needs BENCH_DATABASE_URL');
    pgDb = await freshPostgres(process.env.BENCH_DATABASE_URL);
    databaseUrl = pgDb.url;
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const probeFile = path.join(dataDir, 'probe.json');
  const childEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: seed ? 'true' : 'false',
    BENCH_PROBE_FILE: probeFile,
    ...env,
  };
  delete childEnv.DATABASE_URL;
  if (databaseUrl) childEnv.DATABASE_URL = databaseUrl;
  // BENCH_PROFILE=<dir>: a CPU profile of the server (--cpu-prof); BENCH_NODE_ARGS: more flags for it.
  const profile = [
    ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
    ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
  ];
  // BENCH_SERVER: another build of the server to measure (an earlier commit's, for a before/after).
  const entry = process.env.BENCH_SERVER ?? 'apps/server/dist/main.js';
  const child = spawn(process.execPath, [...probeArgs('server'), ...profile, entry], {
    env: childEnv,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitHealthy(base, child);
  return {
    base,
    pid: child.pid,
    dataDir,
    databaseUrl,
    database: databaseUrl ? 'postgresql' : 'pglite',
    memory: () => readProbe(child.pid, probeFile),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
      await pgDb?.drop();
    },
  };
}

/** The floor (bench/floor-server.mjs): Fastify + Socket.IO, no database, the same events. */
export async function startFloor() {
  const dir = mkdtempSync(path.join(tmpdir(), 'balcao-floor-'));
  const probeFile = path.join(dir, 'probe.json');
  const child = spawn(process.execPath, [...probeArgs('floor'), 'bench/floor-server.mjs'], {
    env: { ...process.env, BENCH_PROBE_FILE: probeFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await childLine(child);
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    memory: () => readProbe(child.pid, probeFile),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Straight SQL on a stopped server's data: its PGlite directory, or the PostgreSQL database at `url`. */
export async function withDatabase(dataDir, url, work) {
  if (url) {
    const { default: pg } = await load('pg');
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return await work(async (text, params) => (await c.query(text, params)).rows);
    } finally {
      await c.end();
    }
  }
  const { PGlite } = await load('@electric-sql/pglite');
  const db = new PGlite(path.join(dataDir, 'pgdata'));
  try {
    return await work(async (text, params) => (await db.query(text, params)).rows);
  } finally {
    await db.close();
  }
}

export async function api(base, method, url, body, headers = {}) {
  const res = await fetch(base + url, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

export const login = async (base, email) => (await api(base, 'POST', '/backend/api/auth/login', { email, senha: 'balcao-demo' })).token;

export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

export const round = (x, digits = 1) => (Number.isFinite(x) ? Math.round(x * 10 ** digits) / 10 ** digits : null);
/** p50/p95/p99/max in ms, one decimal; `values` need not be sorted. */
export function summary(values) {
  const s = Float64Array.from(values).sort();
  return {
    n: s.length,
    p50Ms: round(percentile(s, 50)),
    p95Ms: round(percentile(s, 95)),
    p99Ms: round(percentile(s, 99)),
    maxMs: round(s.at(-1)),
  };
}

/** Clock ticks a second of /proc's CPU times (USER_HZ: 100 on Linux whatever the kernel's own rate). */
const TICKS_PER_SECOND = 100;
/** CPU time of a process, every thread, user + system, in ms; null where there is no /proc. */
function processCpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
/** CPU time of every PostgreSQL server process on this machine (the bench's database is the busy one), in ms; null where there is no /proc. */
function postgresCpuMs() {
  if (!existsSync('/proc')) return null;
  let total = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let comm = '';
    try {
      comm = readFileSync(`/proc/${pid}/comm`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    if (comm.startsWith('postgres')) total += processCpuMs(pid) ?? 0;
  }
  return total;
}

/**
 * Who uses the cores during a run (Linux): CPU of the server process (every thread: on PGlite the database
 * too), of PostgreSQL when the server uses it, and of this load generator (its receiving threads included),
 * from `start()` (the warm-up's end) to `stop(messages)` (every message delivered): ms of CPU a message and
 * share of one core over that time. A PostgreSQL backend that
 * exits meanwhile is not counted (the server's pool keeps its connections through a run).
 */
export function cpuMeter(serverPid, { postgres }) {
  const read = () => {
    const { user, system } = process.cpuUsage();
    return {
      at: performance.now(),
      server: processCpuMs(serverPid),
      database: postgres ? postgresCpuMs() : null,
      load: (user + system) / 1000,
    };
  };
  let from = read();
  return {
    start: () => {
      from = read();
    },
    stop: (messages) => {
      const to = read();
      const seconds = (to.at - from.at) / 1000;
      const part = (k) => {
        if (from[k] == null || to[k] == null) return null;
        const ms = to[k] - from[k];
        return { msPerMessage: round(ms / messages, 3), coreShare: round((ms / (seconds * 1000)) * 100) };
      };
      return { seconds: round(seconds), server: part('server'), database: part('database'), loadGenerator: part('load') };
    },
  };
}

/** The project's figure over the floor's (how many times the floor), one decimal. */
export const ratio = (project, floor) => (project > 0 && floor > 0 ? Math.round((project / floor) * 10) / 10 : null);

/** A scenario's result goes to BENCH_OUT (run.mjs collects it) and to the console. */
export function writeResult(result) {
  if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, JSON.stringify(result));
  console.log(JSON.stringify(result, null, 1));
}

/**
 * The built server on `dataDir` (or on `pgUrl`), demo seeded: a scenario that inserts its rows straight into
 * the database starts it once to migrate and seed, stops it, writes, and starts it again on the same data.
 */
export async function startOnDataDir(dataDir, pgUrl) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'true' };
  delete env.DATABASE_URL;
  if (pgUrl) env.DATABASE_URL = pgUrl;
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/backend/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
