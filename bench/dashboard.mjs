// The overview dashboard on an account with 100,000 atendimentos: p50/p99 of
// GET /backend/api/dashboard/visao-geral per period. Reported, not gated (timings depend on the machine).
// Embedded default: the server starts once to migrate and seed the demo, stops, the rows are inserted
// straight into its PGlite directory, and it starts again on the same data. With BENCH_DATABASE_URL the rows
// go into that PostgreSQL database (which should be empty: the demo is seeded there).
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { api, login, percentile, startOnDataDir, withDatabase } from './lib.mjs';

const N = Number(process.env.BENCH_DASHBOARD_ATENDIMENTOS ?? 100_000);
const RUNS = Number(process.env.BENCH_DASHBOARD_RUNS ?? 40);
const dataDir = mkdtempSync(path.join(tmpdir(), 'balcao-bench-dash-'));
const pgUrl = process.env.BENCH_DATABASE_URL;

const start = () => startOnDataDir(dataDir, pgUrl);

/** The demo's ids, then N customers and N atendimentos spread over 120 days, in a few set-based statements. */
async function seed(query) {
  const one = async (text, params) => (await query(text, params))[0];
  const acc = (await one(`select id from accounts where database_name = 'demo'`)).id;
  const canal = (await one(`select id from canais where account_id = $1 limit 1`, [acc])).id;
  const staff = (await query(`select id from users where account_id = $1 and role in ('admin', 'atendente') order by email`, [acc])).map(
    (r) => r.id,
  );
  const deps = (await query(`select id from departamentos where account_id = $1 order by nome`, [acc])).map((r) => r.id);
  await query(
    `insert into clientes (account_id, nome, identificador) select $1, 'Cliente ' || i, 'bench-' || i from generate_series(1, $2::int) i`,
    [acc, N],
  );
  await query(
    `insert into atendimentos (account_id, ticket, cliente_id, canal_id, origem, status, atendente_id, departamento_id, inicio, fim, nota, primeira_resposta_em)
     select $1, 1000000 + i, c.id, $2,
            case when i % 3 = 0 then 'whatsapp' else 'widget' end,
            case when i % 50 = 0 then 'aguardando' when i % 50 = 1 then 'em_atendimento' else 'finalizado' end,
            case when i % 50 = 0 then null else ($3::uuid[])[1 + i % cardinality($3::uuid[])] end,
            case when i % 4 = 3 then null else ($4::uuid[])[1 + i % cardinality($4::uuid[])] end,
            x.inicio,
            case when i % 50 > 1 then x.inicio + (1 + i % 90) * interval '1 minute' end,
            case when i % 50 > 1 and i % 4 <> 0 then 1 + i % 5 end,
            case when i % 50 <> 0 then x.inicio + (10 + i % 600) * interval '1 second' end
     from (select i, now() - (i % 120) * interval '1 day' - ((i * 7919) % 86400) * interval '1 second' as inicio
           from generate_series(1, $5::int) i) x
     join clientes c on c.account_id = $1 and c.identificador = 'bench-' || x.i`,
    [acc, canal, staff, deps, N],
  );
  await query('analyze atendimentos');
}

let server = await start();
try {
  const admin = await login(server.base, 'admin@demo.local');
  await api(
    server.base,
    'POST',
    '/backend/api/canais/widget',
    { nome: 'Bench', origensPermitidas: ['https://bench.exemplo.com'] },
    { authorization: `Bearer ${admin}` },
  );
  await server.stop();
  const t0 = Date.now();
  await withDatabase(dataDir, pgUrl, seed);
  const seedMs = Date.now() - t0;
  server = await start();
  const token = await login(server.base, 'master@demo.local');
  // The machine's load is part of the figure: on shared cores every request waits its turn.
  const results = {
    date: new Date().toISOString(),
    database: pgUrl ? 'postgresql' : 'pglite',
    atendimentos: N,
    runs: RUNS,
    seedMs,
    loadAverage1m: loadavg()[0],
    periods: {},
  };
  for (const [name, qs] of [
    ['dia', 'periodo=dia'],
    ['semana', 'periodo=semana'],
    ['mes', 'periodo=mes'],
    [
      'personalizado-120-dias',
      `periodo=personalizado&dataInicio=${new Date(Date.now() - 119 * 86_400_000).toISOString().slice(0, 10)}&dataFim=${new Date().toISOString().slice(0, 10)}`,
    ],
  ]) {
    const times = [];
    let body;
    for (let i = 0; i < RUNS + 3; i++) {
      const t = performance.now();
      const res = await fetch(`${server.base}/backend/api/dashboard/visao-geral?${qs}`, { headers: { authorization: `Bearer ${token}` } });
      body = await res.json();
      if (!res.ok) throw new Error(`${name}: ${res.status} ${JSON.stringify(body)}`);
      if (i >= 3) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const r = {
      p50Ms: Math.round(percentile(times, 50) * 10) / 10,
      p99Ms: Math.round(percentile(times, 99) * 10) / 10,
      abertos: body.cards.abertos,
      finalizados: body.cards.finalizados,
    };
    results.periods[name] = r;
    console.log(
      `visao-geral ${name}: p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms (${r.abertos} abertos, ${r.finalizados} finalizados no período)`,
    );
  }
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(`bench/results/dashboard${pgUrl ? '-postgres' : ''}.json`, `${JSON.stringify(results, null, 2)}\n`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
