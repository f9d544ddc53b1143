// A large account: 10,000 open atendimentos (half waiting in the queue, half with the atendente) and
// 1,000,000 messages (90 in each conversation, 100,000 more in one long conversation). p50/p99 over the API of
// the first page of the conversation list (the master's and the atendente's) and of the long conversation.
// The rows go straight into the database (set-based statements) between two starts of the server. On the
// floor: GET /page answering the same bytes from memory. BENCH_LARGE_MESSAGES (default 1000000), BENCH_RUNS (200).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api, benchDatabase, freshPostgres, login, now, startFloor, startServer, summary, withDatabase, writeResult } from './lib.mjs';

const OPEN = Number(process.env.BENCH_LARGE_OPEN ?? 10_000);
const MESSAGES = Number(process.env.BENCH_LARGE_MESSAGES ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const PER_CONVERSATION = Math.floor((MESSAGES * 0.9) / OPEN);
const LONG = MESSAGES - PER_CONVERSATION * OPEN;

async function seed(query) {
  const one = async (text, params) => (await query(text, params))[0];
  const acc = (await one(`select id from accounts where database_name = 'demo'`)).id;
  const canal = (await one(`select id from canais where account_id = $1 and tipo = 'widget' limit 1`, [acc])).id;
  const atendente = (await one(`select id from users where email = 'atendente@demo.local'`)).id;
  await query(
    `insert into clientes (account_id, nome, identificador) select $1, 'Cliente ' || i, 'grande-' || i from generate_series(1, $2::int) i`,
    [acc, OPEN],
  );
  await query(
    `insert into atendimentos (account_id, ticket, cliente_id, canal_id, origem, status, atendente_id, inicio, ultima_mensagem, ultima_mensagem_tipo, ultima_mensagem_em)
     select $1, 2000000 + i, c.id, $2, 'widget', case when i % 2 = 0 then 'aguardando' else 'em_atendimento' end,
            case when i % 2 = 0 then null else $3::uuid end, now() - i * interval '1 minute', 'mensagem ' || i, 'text', now() - i * interval '1 second'
     from generate_series(1, $4::int) i join clientes c on c.account_id = $1 and c.identificador = 'grande-' || i`,
    [acc, canal, atendente, OPEN],
  );
  await query(
    `insert into mensagens (account_id, atendimento_id, autor, atendente_id, tipo, conteudo, created_at)
     select $1, a.id, case when g % 2 = 0 then 'cliente' else 'atendente' end, case when g % 2 = 0 then null else $2::uuid end,
            'text', 'mensagem ' || g || ' da conversa ' || a.ticket, a.inicio + g * interval '1 second'
     from atendimentos a cross join generate_series(1, $3::int) g where a.account_id = $1 and a.ticket >= 2000000`,
    [acc, atendente, PER_CONVERSATION],
  );
  const long = (await one(`select id from atendimentos where ticket = 2000001`)).id;
  await query(
    `insert into mensagens (account_id, atendimento_id, autor, atendente_id, tipo, conteudo, created_at)
     select $1, $2, case when g % 2 = 0 then 'cliente' else 'atendente' end, case when g % 2 = 0 then null else $3::uuid end,
            'text', 'mensagem longa ' || g, now() - interval '1 day' + g * interval '1 second'
     from generate_series(1, $4::int) g`,
    [acc, long, atendente, LONG],
  );
  // What a live account's tables have had: PostgreSQL's autovacuum, or the server's upkeep on PGlite
  // (jobs/embedded-vacuum.ts), vacuumed and analyzed them since the rows came. Timed: on PGlite it is what the
  // upkeep's first pass costs an install that was never vacuumed (upkeep came after its rows).
  const t0 = now();
  await query('vacuum (analyze)');
  return { long, vacuumMs: Math.round(now() - t0) };
}

async function timeGet(url, headers) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < RUNS + 5; i++) {
    const t = now();
    const res = await fetch(url, { headers: { 'accept-encoding': 'br, gzip', ...headers } });
    const body = await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    bytes = body.byteLength;
    if (i >= 5) times.push(now() - t);
  }
  return { ...summary(times), bytes };
}

if (process.env.BENCH_TARGET === 'floor') {
  const floor = await startFloor();
  try {
    // The answer of the atendente's first page, about 30 rows of 1 KB as JSON.
    const page = { itens: Array.from({ length: 30 }, (_, i) => ({ atendimentoId: `a${i}`, texto: 'x'.repeat(900) })) };
    await api(floor.base, 'PUT', '/page', page);
    writeResult({ target: 'floor', page: await timeGet(`${floor.base}/page`, {}) });
  } finally {
    await floor.stop();
  }
} else {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'balcao-bench-large-'));
  const pg = benchDatabase() === 'postgres' ? await freshPostgres(process.env.BENCH_DATABASE_URL) : null;
  let server = await startServer({ dataDir, databaseUrl: pg?.url });
  try {
    const master = await login(server.base, 'master@demo.local');
    await api(
      server.base,
      'POST',
      '/backend/api/canais/widget',
      { nome: 'Grande', origensPermitidas: ['https://grande.exemplo.com'] },
      { authorization: `Bearer ${master}` },
    );
    await server.stop();
    const t0 = now();
    const { long, vacuumMs } = await withDatabase(dataDir, pg?.url, seed);
    const seedSeconds = Math.round((now() - t0) / 1000);
    server = await startServer({ dataDir, databaseUrl: pg?.url });
    const auth = async (email) => ({ authorization: `Bearer ${await login(server.base, email)}` });
    const [m, a] = [await auth('master@demo.local'), await auth('atendente@demo.local')];
    const out = {
      target: server.database,
      openAtendimentos: OPEN,
      messages: MESSAGES,
      longConversationMessages: LONG + PER_CONVERSATION,
      runs: RUNS,
      seedSeconds,
      seedVacuumMs: vacuumMs,
      conversationListMaster: await timeGet(`${server.base}/backend/api/atendimento/conversas?status=aguardando`, m),
      conversationListAtendente: await timeGet(`${server.base}/backend/api/atendimento/conversas?status=em_atendimento`, a),
      longConversationFirstPage: await timeGet(`${server.base}/backend/api/atendimento/${long}/mensagens`, a),
    };
    console.log(
      `large account on ${out.target}: list p99 ${out.conversationListMaster.p99Ms} / ${out.conversationListAtendente.p99Ms} ms, long conversation p99 ${out.longConversationFirstPage.p99Ms} ms; the seed's vacuum (analyze) ${vacuumMs} ms`,
    );
    writeResult(out);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await pg?.drop();
  }
}
