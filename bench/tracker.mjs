// The tracker on an account with 10,000 tasks: p50/p99 of a board column's first page
// (GET /backend/api/tracker/tarefas?status=…, 50 cards) and of the list's first page, of a move
// (POST …/mover to a random place of a random column), and of a vote reaching the other voters' sockets
// (20 sockets on /tracker, one POST …/votacao/votos, time until each of the other 19 has VotacaoAtualizada).
// Reported, not gated. Embedded default as in dashboard.mjs: seeded once, rows inserted straight into PGlite.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { io } from 'socket.io-client';
import { api, login, percentile, startOnDataDir, withDatabase } from './lib.mjs';

const N = Number(process.env.BENCH_TRACKER_TAREFAS ?? 10_000);
const RUNS = Number(process.env.BENCH_TRACKER_RUNS ?? 100);
const VOTERS = 20;
const dataDir = mkdtempSync(path.join(tmpdir(), 'balcao-bench-tracker-'));
const pgUrl = process.env.BENCH_DATABASE_URL;
const COLUNAS = ['a-fazer', 'em-andamento', 'em-revisao', 'concluida'];

const start = () => startOnDataDir(dataDir, pgUrl);

/** N tasks spread over the four columns, a third assigned to the tracker user, in set-based statements. */
async function seed(query) {
  const acc = (await query(`select id from accounts where database_name = 'demo'`))[0].id;
  const tracker = (await query(`select id from users where account_id = $1 and role = 'tracker'`, [acc]))[0].id;
  await query(
    `insert into tarefas (account_id, numero, titulo, status, ordem, responsaveis, etiquetas)
     select $1, i, 'Tarefa ' || i, ($2::text[])[1 + i % 4], (i / 4 + 1) * 1024,
            case when i % 3 = 0 then array[$3::uuid] else '{}'::uuid[] end,
            case when i % 5 = 0 then array['boleto'] else '{}'::text[] end
     from generate_series(1, $4::int) i`,
    [acc, COLUNAS, tracker, N],
  );
  await query(`insert into tarefa_counters (account_id, ultimo) values ($1, $2)`, [acc, N]);
  await query('analyze tarefas');
}

const timed = async (runs, work) => {
  const times = [];
  for (let i = 0; i < runs + 3; i++) {
    const t = performance.now();
    await work(i);
    if (i >= 3) times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50Ms: Math.round(percentile(times, 50) * 10) / 10, p99Ms: Math.round(percentile(times, 99) * 10) / 10 };
};

let server = await start();
const sockets = [];
try {
  const admin = await login(server.base, 'admin@demo.local');
  // The default columns are written on first use.
  await api(server.base, 'GET', '/backend/api/tracker/colunas', null, { authorization: `Bearer ${admin}` });
  await server.stop();
  const t0 = Date.now();
  await withDatabase(dataDir, pgUrl, seed);
  const seedMs = Date.now() - t0;
  server = await start();
  const emails = ['master', 'admin', 'atendente', 'atendente2', 'user', 'tracker'].map((u) => `${u}@demo.local`);
  const tokens = await Promise.all(emails.map((e) => login(server.base, e)));
  const auth = { authorization: `Bearer ${tokens[1]}` };
  const results = {
    date: new Date().toISOString(),
    database: pgUrl ? 'postgresql' : 'pglite',
    tarefas: N,
    runs: RUNS,
    seedMs,
    loadAverage1m: loadavg()[0],
  };

  results.coluna = await timed(RUNS, (i) => api(server.base, 'GET', `/backend/api/tracker/tarefas?status=${COLUNAS[i % 4]}`, null, auth));
  results.lista = await timed(RUNS, () => api(server.base, 'GET', '/backend/api/tracker/tarefas', null, auth));
  results.minhas = await timed(RUNS, () =>
    api(server.base, 'GET', '/backend/api/tracker/tarefas?minhas=true&status=a-fazer', null, { authorization: `Bearer ${tokens[5]}` }),
  );
  const ids = (await api(server.base, 'GET', '/backend/api/tracker/tarefas?limite=200', null, auth)).tarefas.map((t) => t.id);
  results.mover = await timed(RUNS, (i) =>
    api(
      server.base,
      'POST',
      `/backend/api/tracker/tarefas/${ids[i % ids.length]}/mover`,
      { status: COLUNAS[(i * 7) % 4], posicao: (i * 37) % 200 },
      auth,
    ),
  );

  // Votes: 20 sockets of the account's people; each vote is timed until every other socket has heard it.
  const tarefa = ids[0];
  await api(server.base, 'POST', `/backend/api/tracker/tarefas/${tarefa}/votacao`, {}, auth);
  for (let i = 0; i < VOTERS; i++) {
    const s = io(`${server.base}/tracker`, {
      path: '/backend/socket.io',
      transports: ['websocket'],
      auth: { token: tokens[i % tokens.length] },
    });
    await new Promise((resolve, reject) => {
      s.once('connect', resolve);
      s.once('connect_error', reject);
    });
    sockets.push(s);
  }
  const latencies = [];
  const cards = [1, 2, 3, 5, 8, 13, 21];
  for (let i = 0; i < RUNS + 3; i++) {
    const voter = i % tokens.length;
    const others = sockets.filter((_, k) => k % tokens.length !== voter);
    const t = performance.now();
    const heard = others.map((s) => new Promise((resolve) => s.once('VotacaoAtualizada', () => resolve(performance.now() - t))));
    await api(
      server.base,
      'POST',
      `/backend/api/tracker/tarefas/${tarefa}/votacao/votos`,
      { valor: cards[i % 7] },
      { authorization: `Bearer ${tokens[voter]}` },
    );
    const ms = await Promise.all(heard);
    if (i >= 3) latencies.push(...ms);
  }
  latencies.sort((a, b) => a - b);
  results.voto = {
    sockets: VOTERS,
    p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
    p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
  };
  for (const [k, v] of Object.entries(results))
    if (v && typeof v === 'object') console.log(`tracker ${k}: p50 ${v.p50Ms} ms, p99 ${v.p99Ms} ms`);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(`bench/results/tracker${pgUrl ? '-postgres' : ''}.json`, `${JSON.stringify(results, null, 2)}\n`);
  if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, JSON.stringify(results));
} finally {
  for (const s of sockets) s.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
