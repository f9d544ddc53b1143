// The AI assistant's streaming path: a local OpenAI-compatible provider streams its answer at a fixed pace;
// 20 assistants at once ask the built server (POST .../assistente, text/event-stream) round after round. Each
// answer's latency is from the moment the provider wrote its first token to the moment the client read its
// first `delta` event (provider and clients share this process's clock). Goal: p99 <= 50 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { api, benchDatabase, freePort, freshPostgres, login, now, startServer, summary, withDatabase, writeResult } from './lib.mjs';

const CONCURRENT = Number(process.env.BENCH_IA_CONCURRENT ?? 20);
const ROUNDS = Number(process.env.BENCH_IA_ROUNDS ?? 10);
/** The provider's pace: pieces of the answer and the gap between them. */
const PIECES = 20;
const PIECE_MS = 50;
const GOAL_P99_MS = 50;

// The provider: the first content chunk's time is kept by the request's marker (the question's `bench-N`).
const firstToken = new Map();
const provider = createServer(async (req, res) => {
  let raw = '';
  for await (const c of req) raw += c;
  // The last marker: a free question also carries this attendant's earlier ones (the panel's history).
  const marker = [...raw.matchAll(/bench-\d+/g)].at(-1)?.[0];
  const base = { id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: 'bench' };
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (o) => res.write(`data: ${typeof o === 'string' ? o : JSON.stringify(o)}\n\n`);
  send({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
  for (let i = 0; i < PIECES; i++) {
    await new Promise((r) => setTimeout(r, PIECE_MS));
    if (i === 0 && marker) firstToken.set(marker, now());
    send({ ...base, choices: [{ index: 0, delta: { content: `parte ${i} ` }, finish_reason: null }] });
  }
  send({ ...base, choices: [], usage: { prompt_tokens: 500, completion_tokens: PIECES, total_tokens: 500 + PIECES } });
  send('[DONE]');
  res.end();
});
const providerPort = await freePort();
await new Promise((r) => provider.listen(providerPort, '127.0.0.1', r));

const env = {
  IA_BASE_URL: `http://127.0.0.1:${providerPort}/v1`,
  IA_API_KEY: 'sk-bench',
  IA_MODELO: 'bench',
  // The per-user pace guards paid calls; here one user stands for 20 attendants.
  IA_CHAMADAS_POR_MINUTO: '1000000',
};
const dataDir = mkdtempSync(path.join(tmpdir(), 'balcao-bench-ia-'));
const pg = benchDatabase() === 'postgres' ? await freshPostgres(process.env.BENCH_DATABASE_URL) : null;
// First start: migrations and the demo; then, stopped, the AI tool and CONCURRENT conversations of 30 messages.
let server = await startServer({ dataDir, databaseUrl: pg?.url, env });
const canalAuth = { authorization: `Bearer ${await login(server.base, 'master@demo.local')}` };
await api(
  server.base,
  'POST',
  '/backend/api/canais/widget',
  { nome: 'Bench IA', origensPermitidas: ['https://ia.exemplo.com'] },
  canalAuth,
);
await server.stop();
await withDatabase(dataDir, pg?.url, async (query) => {
  const [acc] = await query(`select id from accounts where database_name = 'demo'`);
  const [canal] = await query(`select id from canais where account_id = $1 and tipo = 'widget' limit 1`, [acc.id]);
  await query(`update licencas set ferramentas = '["InteligenciaArtificial"]'::jsonb where account_id = $1`, [acc.id]);
  for (let i = 0; i < CONCURRENT; i++) {
    const [c] = await query(`insert into clientes (account_id, nome, identificador) values ($1, $2, $3) returning id`, [
      acc.id,
      `Cliente IA ${i}`,
      `bench-ia-${i}`,
    ]);
    const [a] = await query(
      `insert into atendimentos (account_id, ticket, cliente_id, canal_id, origem, status) values ($1, $2, $3, $4, 'widget', 'aguardando') returning id`,
      [acc.id, 900_000 + i, c.id, canal.id],
    );
    await query(
      `insert into mensagens (account_id, atendimento_id, autor, tipo, conteudo)
       select $1, $2, case when k % 2 = 0 then 'cliente' else 'atendente' end, 'text', 'Mensagem ' || k || ' sobre o pedido e o prazo de entrega'
       from generate_series(1, 30) k`,
      [acc.id, a.id],
    );
  }
});
server = await startServer({ dataDir, databaseUrl: pg?.url, env });

/** The floor: the same client reading the provider's own stream (no server between), by the same clock. */
async function direto(n) {
  const marker = `bench-${n}`;
  const res = await fetch(`http://127.0.0.1:${providerPort}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'bench', stream: true, messages: [{ role: 'user', content: marker }] }),
  });
  const decoder = new TextDecoder();
  let buffer = '';
  let first = null;
  for await (const chunk of res.body) {
    buffer += decoder.decode(chunk, { stream: true });
    if (first === null && buffer.includes('"content":"parte')) first = now();
  }
  return first - firstToken.get(marker);
}

/** One answer: the time from the provider's first token to the first delta read here. */
async function pedir(base, token, atendimentoId, n) {
  const marker = `bench-${n}`;
  const res = await fetch(`${base}/backend/api/ia/atendimentos/${atendimentoId}/assistente`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    body: JSON.stringify({ acao: 'livre', pergunta: `Resuma a conversa (${marker})` }),
  });
  if (!res.ok) throw new Error(`assistente: ${res.status} ${await res.text()}`);
  const decoder = new TextDecoder();
  let buffer = '';
  let first = null;
  for await (const chunk of res.body) {
    buffer += decoder.decode(chunk, { stream: true });
    if (first === null && buffer.includes('event: delta')) first = now();
  }
  if (first === null || !firstToken.has(marker)) throw new Error(`${marker}: no delta`);
  return first - firstToken.get(marker);
}

try {
  const token = await login(server.base, 'admin@demo.local');
  const auth = { authorization: `Bearer ${token}` };
  const lista = (await api(server.base, 'GET', '/backend/api/atendimento/conversas?status=aguardando', null, auth)).itens;
  if (!lista.length) throw new Error('the demo has no conversation');
  // One warm-up round (connections, statements), not counted.
  await Promise.all(
    Array.from({ length: CONCURRENT }, (_, i) => pedir(server.base, token, lista[i % lista.length].atendimentoId, 1_000_000 + i)),
  );
  const latencies = [];
  const start = now();
  for (let round = 0; round < ROUNDS; round++) {
    const batch = await Promise.all(
      Array.from({ length: CONCURRENT }, (_, i) =>
        pedir(server.base, token, lista[i % lista.length].atendimentoId, round * CONCURRENT + i),
      ),
    );
    latencies.push(...batch);
  }
  const s = summary(latencies);
  const piso = [];
  for (let round = 0; round < ROUNDS; round++)
    piso.push(...(await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => direto(2_000_000 + round * CONCURRENT + i)))));
  writeResult({
    scenario: 'ia',
    what: `provider's first token -> client's first delta, ${CONCURRENT} assistants at once, ${ROUNDS} rounds, provider pace ${PIECE_MS} ms x ${PIECES}`,
    database: server.database,
    concurrent: CONCURRENT,
    answers: latencies.length,
    firstDelta: s,
    floorProviderToClient: summary(piso),
    goalP99Ms: GOAL_P99_MS,
    passes: s.p99Ms <= GOAL_P99_MS,
    seconds: Math.round((now() - start) / 100) / 10,
    loadAverage1m: loadavg()[0],
  });
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  await pg?.drop();
  provider.close();
}
