// npm run bench: builds, then runs every scenario of docs/desempenho.md on the project (PGlite, and PostgreSQL when
// BENCH_DATABASE_URL names a server where throwaway databases may be created) and on the floor, in the same
// run, each in its own process; prints each figure beside the floor's and their ratio; writes
// bench/results/latest.json and appends one line to bench/results/history.jsonl.
// `npm run bench -- --quick`: short runs for trying things, written to bench/results/quick.json only.
// `--only=inbound,send,sockets,redis,large,pages,uploads,ia,documentacao`: some scenarios (results not written to latest.json).
// `--redo=send,…`: runs those scenarios again and puts them in place of the same ones in the committed
// complete latest.json (the rest kept as measured); `redone` lists what was run again, when, on which commit.
import { execSync, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { ratio } from './lib.mjs';

const quick = process.argv.includes('--quick');
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
const redo = process.argv
  .find((a) => a.startsWith('--redo='))
  ?.slice(7)
  .split(',');
const want = (s) => (redo ? redo.includes(s) : !only || only.includes(s));
/** The complete full run whose scenarios `--redo` replaces. */
const previous = redo ? JSON.parse(readFileSync('bench/results/latest.json', 'utf8')) : null;
if (previous && !(previous.complete && previous.mode === 'full')) {
  console.error('--redo needs a complete full run in bench/results/latest.json');
  process.exit(2);
}
const pgUrl = process.env.BENCH_DATABASE_URL;
const DATABASES = ['pglite', ...(pgUrl ? ['postgres'] : [])];
const P = quick
  ? {
      seconds: 5,
      rates: [250, 1000],
      saturationFrom: 4000,
      saturationUpTo: 4000,
      saturationSeconds: 5,
      refine: false,
      steps: '500,2000',
      large: { OPEN: 1000, MESSAGES: 100_000, RUNS: 30 },
      redisRates: '500',
      redisSeconds: 5,
      uploadRuns: 30,
    }
  : {
      seconds: 60,
      rates: [250, 500, 1000, 2000],
      // The floor's steps double from here until it no longer carries: its saturation is never capped by a
      // last step (the fastest hour so far carried 8,000/s).
      saturationFrom: 4000,
      saturationUpTo: Number.POSITIVE_INFINITY,
      saturationSeconds: 20,
      refine: true,
      // 20,000 sockets do not fit one process here (20,000 open files, hard limit); 19,000 do.
      steps: '1000,5000,10000,19000',
      large: { OPEN: 10_000, MESSAGES: 1_000_000, RUNS: 200 },
      redisRates: '1000,2000',
      redisSeconds: 30,
      uploadRuns: 200,
    };
const GOAL_P99_MS = 150;

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The commit measured is the one checked out when the run starts (and what differed from it then).
const COMMIT = {
  hash: git('rev-parse HEAD'),
  uncommitted: (git('status --porcelain') ?? '').split('\n').filter((l) => l && !l.includes('bench/results/')),
};
// The machine is shared: its load is sampled through the run and kept with the figures.
const loads = [loadavg()[0]];
const sampler = setInterval(() => loads.push(loadavg()[0]), 10_000);
const tmp = mkdtempSync(path.join(tmpdir(), 'balcao-bench-run-'));
const errors = [];

/**
 * One scenario in its own process; answers what it wrote to BENCH_OUT (null if it failed). Not spawnSync:
 * this process samples the machine's load while the scenario runs.
 */
async function scenario(file, env) {
  const out = path.join(tmp, `${Math.random().toString(36).slice(2)}.json`);
  console.log(
    `\n# ${file} ${Object.entries(env)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );
  const child = spawn(process.execPath, [`bench/${file}`], { stdio: 'inherit', env: { ...process.env, ...env, BENCH_OUT: out } });
  const status = await new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    if (status !== 0) throw new Error(`exit ${status}`);
    return JSON.parse(readFileSync(out, 'utf8'));
  } catch (err) {
    errors.push(`${file} ${JSON.stringify(env)}: ${err.message}`);
    return null;
  }
}
const dbName = (d) => (d === 'postgres' ? 'postgresql' : d);
const dbEnv = (d) => ({ BENCH_DB: d });
const passes = (r) => r && r.attendantSocket.p99Ms <= GOAL_P99_MS && r.lost === 0 && r.duplicated === 0;
const results = {};

if (want('inbound')) {
  /** One inbound run at `rate` for `seconds` (on the floor or a database: `env`); its figures, or null. */
  const inbound = async (rate, seconds, env) =>
    (await scenario('inbound.mjs', { BENCH_RATES: String(rate), BENCH_SECONDS: String(seconds), ...env }))?.runs[rate] ?? null;
  const floorEnv = { BENCH_TARGET: 'floor' };
  const byRate = {};
  for (const rate of P.rates) {
    const row = { floor: await inbound(rate, P.seconds, floorEnv) };
    for (const d of DATABASES) row[dbName(d)] = await inbound(rate, P.seconds, dbEnv(d));
    row.ratio = {};
    for (const d of DATABASES)
      row.ratio[dbName(d)] = {
        p50: ratio(row[dbName(d)]?.attendantSocket.p50Ms, row.floor?.attendantSocket.p50Ms),
        p99: ratio(row[dbName(d)]?.attendantSocket.p99Ms, row.floor?.attendantSocket.p99Ms),
      };
    byRate[rate] = row;
  }
  // The floor's saturation: the highest offered rate it still carries (delivers at >= 95% of the offered
  // rate, nothing lost); the project's knee: the highest offered rate with p99 <= 150 ms, nothing lost.
  const carries = (v, rate) => v && v.lost === 0 && v.deliveredPerSecond >= 0.95 * rate;
  const saturation = {};
  for (let rate = P.saturationFrom; rate <= P.saturationUpTo; rate *= 2) {
    saturation[rate] = await inbound(rate, P.saturationSeconds, floorEnv);
    if (!carries(saturation[rate], rate)) break;
  }
  // `runs` ({ rate: result }): the highest rate whose result is `ok`.
  const highest = (runs, ok) => Math.max(0, ...Object.entries(runs).flatMap(([r, v]) => (ok(v, Number(r)) ? [Number(r)] : [])));
  /**
   * The steps double, so each figure is known within a factor of two: one more run halfway between the
   * highest rate that passed and the next one tried (which failed) narrows it, for the floor and each
   * database alike; the run is added to `steps` (what is kept in the results).
   */
  const narrow = async (runs, ok, steps, seconds, env) => {
    const up = highest(runs, ok);
    const down = Math.min(
      ...Object.keys(runs)
        .map(Number)
        .filter((r) => r > up),
    );
    if (!P.refine || up === 0 || !Number.isFinite(down)) return;
    const mid = Math.round((up + down) / 2);
    steps[mid] = await inbound(mid, seconds, env);
  };
  const of = (target) => Object.fromEntries(P.rates.map((r) => [r, byRate[r][target]]));
  await narrow({ ...of('floor'), ...saturation }, carries, saturation, P.saturationSeconds, floorEnv);
  const floorSaturation = highest({ ...of('floor'), ...saturation }, carries);
  const knee = {};
  const kneeSteps = {};
  const throughputVsFloor = {};
  for (const d of DATABASES) {
    const table = of(dbName(d));
    const steps = {};
    kneeSteps[dbName(d)] = steps;
    // Past the table's rates: while the highest rate tried passes and the floor carried more, the next step
    // doubles (at most the floor's saturation), so that a knee is never capped below the floor's.
    for (let top = Math.max(...P.rates); P.refine && passes(table[top] ?? steps[top]) && top < floorSaturation; ) {
      top = Math.min(2 * top, floorSaturation);
      steps[top] = await inbound(top, P.seconds, dbEnv(d));
    }
    await narrow({ ...table, ...steps }, passes, steps, P.seconds, dbEnv(d));
    knee[dbName(d)] = highest({ ...table, ...steps }, passes);
    throughputVsFloor[dbName(d)] = floorSaturation ? Math.round((knee[dbName(d)] / floorSaturation) * 100) / 100 : null;
  }
  results.inbound = {
    what: 'inbound message -> 20 attendant sockets; widget sockets and signed WhatsApp webhooks half each; 200 customers (above 2,000/s more: none sends over 10 a second)',
    seconds: P.seconds,
    byRate,
    floorSaturationSteps: saturation,
    floorSaturationPerSecond: floorSaturation,
    kneeSteps,
    kneePerSecond: knee,
    throughputVsFloor,
  };
}

save(false);

if (want('send')) {
  const env = { BENCH_SECONDS: String(P.seconds) };
  const r = { floor: await scenario('send-path.mjs', { ...env, BENCH_TARGET: 'floor' }) };
  for (const d of DATABASES) r[dbName(d)] = await scenario('send-path.mjs', { ...env, ...dbEnv(d) });
  r.ratio = Object.fromEntries(
    DATABASES.map((d) => [
      dbName(d),
      {
        ackP99: ratio(r[dbName(d)]?.ack.p99Ms, r.floor?.ack.p99Ms),
        deliveredP99: ratio(r[dbName(d)]?.delivered.p99Ms, r.floor?.delivered.p99Ms),
      },
    ]),
  );
  results.sendPath = { what: 'attendant SendMessage -> stored -> visitor socket or Graph API (fake), 200 sends/s', ...r };
}

save(false);

if (want('redis') && pgUrl) {
  const r = await scenario('redis.mjs', { BENCH_REDIS_RATES: P.redisRates, BENCH_SECONDS: String(P.redisSeconds) });
  const ratios = {};
  for (const [rate, v] of Object.entries(r?.runs ?? {}))
    ratios[rate] = {
      p99TwoOverOne: ratio(v.twoInstancesRedis?.attendantSocket.p99Ms, v.oneInstanceInMemory?.attendantSocket.p99Ms),
      extraP99Ms: v.extraP99Ms ?? null,
      deliveredPerSecondTwoOverOne: ratio(v.twoInstancesRedis?.deliveredPerSecond, v.oneInstanceInMemory?.deliveredPerSecond),
    };
  // The floor beside it: the inbound floor at the same rates, from this run.
  const floor = Object.fromEntries(
    Object.keys(r?.runs ?? {}).map((rate) => [rate, results.inbound?.byRate[rate]?.floor?.attendantSocket ?? null]),
  );
  results.redis = {
    what: 'two instances with the Socket.IO Redis streams adapter vs one with the in-memory adapter, same inbound mix, PostgreSQL; extraP99Ms: the other instance sockets p99 minus the one instance p99 (goal <= 10 ms at 1,000/s)',
    ...r,
    floor,
    ratio: ratios,
  };
}

save(false);

if (want('sockets')) {
  const env = { BENCH_SOCKET_STEPS: P.steps };
  const r = { floor: await scenario('sockets.mjs', { ...env, BENCH_TARGET: 'floor' }) };
  for (const d of DATABASES) r[dbName(d)] = await scenario('sockets.mjs', { ...env, ...dbEnv(d) });
  const last = (x) => x?.steps.at(-1);
  r.ratio = Object.fromEntries(
    DATABASES.map((d) => [
      dbName(d),
      {
        kbPerSocket: ratio(last(r[dbName(d)])?.kbPerSocket, last(r.floor)?.kbPerSocket),
        broadcastLast: ratio(last(r[dbName(d)])?.broadcast.lastMs, last(r.floor)?.broadcast.lastMs),
      },
    ]),
  );
  results.idleSockets = {
    what: 'idle authenticated attendant sockets from 127.0.0.2-5; heap + external after a forced GC; one event broadcast to all',
    ...r,
  };
}

save(false);

if (want('large')) {
  const env = { BENCH_LARGE_OPEN: String(P.large.OPEN), BENCH_LARGE_MESSAGES: String(P.large.MESSAGES), BENCH_RUNS: String(P.large.RUNS) };
  const r = { floor: await scenario('large-account.mjs', { ...env, BENCH_TARGET: 'floor' }) };
  for (const d of DATABASES) r[dbName(d)] = await scenario('large-account.mjs', { ...env, ...dbEnv(d) });
  r.ratio = Object.fromEntries(
    DATABASES.map((d) => {
      const x = r[dbName(d)];
      const f = r.floor?.page.p99Ms;
      return [
        dbName(d),
        {
          listMasterP99: ratio(x?.conversationListMaster.p99Ms, f),
          listAtendenteP99: ratio(x?.conversationListAtendente.p99Ms, f),
          longConversationP99: ratio(x?.longConversationFirstPage.p99Ms, f),
        },
      ];
    }),
  );
  results.largeAccount = { what: 'first pages over the API on an account with 10,000 open atendimentos and 1,000,000 messages', ...r };
}

save(false);

if (want('uploads')) {
  const r = {};
  for (const d of DATABASES) r[dbName(d)] = await scenario('uploads.mjs', { BENCH_UPLOAD_RUNS: String(P.uploadRuns), ...dbEnv(d) });
  results.uploads = {
    what: 'profile photo POST then GET of its URL, one at a time: DATA_DIR/uploads vs an S3 bucket (s3rver, local)',
    ...r,
  };
}

if (want('ia')) {
  const r = {};
  for (const d of DATABASES) r[dbName(d)] = await scenario('ia.mjs', { BENCH_IA_ROUNDS: quick ? '3' : '10', ...dbEnv(d) });
  results.ia = { what: "AI assistant: provider's first token to the client's first delta, 20 at once (goal p99 <= 50 ms)", ...r };
}

save(false);

if (want('documentacao')) {
  const env = { BENCH_SECONDS: String(P.seconds), BENCH_DOC_RUNS: quick ? '100' : '400' };
  const r = { floor: await scenario('documentacao.mjs', { ...env, BENCH_TARGET: 'floor' }) };
  for (const d of DATABASES) r[dbName(d)] = await scenario('documentacao.mjs', { ...env, ...dbEnv(d) });
  r.ratio = Object.fromEntries(
    DATABASES.map((d) => [
      dbName(d),
      {
        documentPageP99: ratio(r[dbName(d)]?.documentPage.p99Ms, r.floor?.documentPage.p99Ms),
        searchP99: ratio(r[dbName(d)]?.search.p99Ms, r.floor?.search.p99Ms),
      },
    ]),
  );
  results.documentacao = {
    what: 'public documentation over 5,000 documents: a document page (compressed bytes in all, goal <= 50 KB; p99 at 200/s, goal <= 20 ms) and the public search (p99, goal <= 50 ms)',
    ...r,
  };
}

save(false);

if (want('pages')) results.pageWeight = await scenario('page-weight.mjs', {});

save(true);
clearInterval(sampler);
rmSync(tmp, { recursive: true, force: true });
printTable(report());
process.exit(errors.length ? 1 : 0);

function git(cmd) {
  try {
    return execSync(`git ${cmd}`, { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

function report(complete = true) {
  const r = measured(complete);
  if (!previous) return r;
  const { date, commit, uncommitted, machine } = r;
  const again = { scenarios: redo, date, commit, uncommitted, loadAverage1m: machine.loadAverage1m, complete };
  return {
    ...previous,
    ...results,
    complete,
    errors: [...previous.errors, ...errors],
    redone: [...(previous.redone ?? []), again],
  };
}

function measured(complete) {
  return {
    date: new Date().toISOString(),
    commit: COMMIT.hash,
    // Files changed since that commit when the run started (other than the results).
    uncommitted: COMMIT.uncommitted,
    mode: quick ? 'quick' : only ? `only ${only.join(',')}` : 'full',
    // A full run writes latest.json after each scenario: `complete` says whether it got to the end.
    complete,
    databases: DATABASES.map(dbName),
    machine: {
      cores: cpus().length,
      cpu: cpus()[0]?.model,
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      // Server, database and load generator share these cores, and so do other programs: the load average
      // (1 minute, sampled every 10 s) says how shared they were.
      loadAverage1m: {
        start: loads[0],
        min: Math.min(...loads),
        max: Math.max(...loads),
        mean: Math.round((loads.reduce((a, b) => a + b, 0) / loads.length) * 10) / 10,
      },
    },
    errors,
    ...results,
  };
}

/** Full runs: latest.json after every scenario, and one line in history.jsonl at the end. Others: quick.json. */
function save(complete) {
  const r = report(complete);
  mkdirSync('bench/results', { recursive: true });
  if (r.mode !== 'full') {
    if (complete) writeFileSync('bench/results/quick.json', `${JSON.stringify(r, null, 1)}\n`);
    return;
  }
  writeFileSync('bench/results/latest.json', `${JSON.stringify(r, null, 1)}\n`);
  if (complete) appendFileSync('bench/results/history.jsonl', `${JSON.stringify(r)}\n`);
}

function printTable(r) {
  const f = (x) => (x == null ? '–' : String(x));
  /** CPU ms a message (inbound.mjs cpuMeter): server, PostgreSQL, load generator. */
  const cpu = (v) =>
    `CPU ms/msg server ${f(v?.cpu?.server?.msPerMessage)} db ${f(v?.cpu?.database?.msPerMessage)} load ${f(v?.cpu?.loadGenerator?.msPerMessage)}`;
  console.log(
    `\n## ${r.mode} run, ${r.date}, commit ${r.commit?.slice(0, 10)}, ${r.machine.cores} cores, load ${r.machine.loadAverage1m.min}–${r.machine.loadAverage1m.max}`,
  );
  for (const [rate, row] of Object.entries(r.inbound?.byRate ?? {})) {
    const cells = r.databases.map(
      (d) =>
        `${d} ${f(row[d]?.attendantSocket.p50Ms)} / ${f(row[d]?.attendantSocket.p99Ms)} ms (×${f(row.ratio[d]?.p99)}), webhook ack p99 ${f(row[d]?.webhookAck.p99Ms)}, lost ${f(row[d]?.lost)}, ${cpu(row[d])}`,
    );
    console.log(
      `inbound ${rate}/s: floor ${f(row.floor?.attendantSocket.p50Ms)} / ${f(row.floor?.attendantSocket.p99Ms)} ms, ${cpu(row.floor)} | ${cells.join(' | ')}`,
    );
  }
  if (r.inbound)
    console.log(
      `floor saturation ${r.inbound.floorSaturationPerSecond}/s; knee ${JSON.stringify(r.inbound.kneePerSecond)}; ratio ${JSON.stringify(r.inbound.throughputVsFloor)}`,
    );
  if (r.sendPath)
    console.log(
      `send path ack p99: floor ${f(r.sendPath.floor?.ack.p99Ms)} | ${r.databases.map((d) => `${d} ${f(r.sendPath[d]?.ack.p99Ms)} (×${f(r.sendPath.ratio[d]?.ackP99)})`).join(' | ')}`,
    );
  if (r.idleSockets)
    for (const t of ['floor', ...r.databases]) {
      const s = r.idleSockets[t]?.steps.at(-1);
      console.log(`sockets ${t}: ${f(s?.connected)} at ${f(s?.kbPerSocket)} KB each; broadcast to all ${f(s?.broadcast.lastMs)} ms`);
    }
  if (r.redis) console.log(`redis: ${JSON.stringify(r.redis.ratio)}`);
  if (r.uploads)
    for (const d of r.databases)
      for (const [size, v] of Object.entries(r.uploads[d]?.bySize ?? {}))
        console.log(
          `upload round trip ${d} ${size} p50/p99: disk ${f(v.disk?.roundTrip.p50Ms)} / ${f(v.disk?.roundTrip.p99Ms)} ms | s3 ${f(v.s3?.roundTrip.p50Ms)} / ${f(v.s3?.roundTrip.p99Ms)} ms`,
        );
  if (r.largeAccount)
    console.log(
      `large account p99: floor ${f(r.largeAccount.floor?.page.p99Ms)} | ${r.databases.map((d) => `${d} list ${f(r.largeAccount[d]?.conversationListMaster.p99Ms)} / ${f(r.largeAccount[d]?.conversationListAtendente.p99Ms)}, conversation ${f(r.largeAccount[d]?.longConversationFirstPage.p99Ms)}`).join(' | ')}`,
    );
  if (r.pageWeight)
    console.log(
      `page weight (br): login ${r.pageWeight.brGzip.login}, shell ${r.pageWeight.brGzip.shell}, widget ${r.pageWeight.brGzip.widget} bytes`,
    );
  if (r.documentacao)
    console.log(
      `documentação: floor page p99 ${f(r.documentacao.floor?.documentPage.p99Ms)}, search p99 ${f(r.documentacao.floor?.search.p99Ms)} ms | ${r.databases.map((d) => `${d} page ${f(r.documentacao[d]?.documentPageWeight.bytes)} bytes, p99 ${f(r.documentacao[d]?.documentPage.p99Ms)} ms at 200/s, search p99 ${f(r.documentacao[d]?.search.p99Ms)} ms`).join(' | ')}`,
    );
  if (r.errors.length) console.log(`errors: ${r.errors.join('; ')}`);
}
