// The AI assistant's streaming path: a local OpenAI-compatible provider streams its answer at a fixed pace;
// 20 assistants at once ask the built server (POST .../assistente, text/event-stream) round after round. Each
// answer's latency is from the moment the provider wrote its first token to the moment the client read its
// first `delta` event (provider and clients share this process's clock). Goal: p99 <= 50 ms.
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { api, freePort, login, now, startServer, summary, writeResult } from './lib.mjs';

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
  const marker = /bench-\d+/.exec(raw)?.[0];
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

const operatorToken = `operador-bench-${Math.random().toString(36).slice(2)}`;
const server = await startServer({
  env: {
    IA_BASE_URL: `http://127.0.0.1:${providerPort}/v1`,
    IA_API_KEY: 'sk-bench',
    IA_MODELO: 'bench',
    // The per-user pace guards paid calls; here one user stands for 20 attendants.
    IA_CHAMADAS_POR_MINUTO: '1000000',
    PIX_PROVIDER: 'static',
    PIX_CHAVE: 'contato@balcao-operador.com.br',
    PIX_RECEBEDOR_NOME: 'Balcao Operador',
    PIX_RECEBEDOR_CIDADE: 'Sao Paulo',
    OPERATOR_TOKEN: operatorToken,
  },
});

/** The demo account buys the AI tool; the operator confirms the static PIX (as ia.sh does). */
async function licenciar(master) {
  const auth = { authorization: `Bearer ${master}` };
  await api(
    server.base,
    'POST',
    '/backend/licenca/confirmalicenca',
    { NumeroUsuarios: 5, FerramentasIdsSelecionadas: ['InteligenciaArtificial'] },
    auth,
  );
  await api(server.base, 'POST', '/backend/licenca/gerarcobranca', {}, auth);
  const cob = await api(server.base, 'GET', '/backend/licenca/getcobranca', null, auth);
  const m = /62\d\d05(\d\d)/.exec(cob.pixCopia);
  const txid = cob.pixCopia.slice(m.index + m[0].length, m.index + m[0].length + Number(m[1]));
  await api(
    server.base,
    'POST',
    '/backend/operador/licenca/confirmar-pagamento',
    { databaseName: 'demo', txid, valor: cob.valor },
    {
      authorization: `Bearer ${operatorToken}`,
    },
  );
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
  const master = await login(server.base, 'master@demo.local');
  await licenciar(master);
  const token = await login(server.base, 'admin@demo.local');
  const auth = { authorization: `Bearer ${token}` };
  const lista = [
    ...(await api(server.base, 'GET', '/backend/api/atendimento/conversas?status=em_atendimento', null, auth)).itens,
    ...(await api(server.base, 'GET', '/backend/api/atendimento/conversas?status=aguardando', null, auth)).itens,
  ];
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
  writeResult({
    scenario: 'ia',
    what: `provider's first token -> client's first delta, ${CONCURRENT} assistants at once, ${ROUNDS} rounds, provider pace ${PIECE_MS} ms x ${PIECES}`,
    database: server.database,
    concurrent: CONCURRENT,
    answers: latencies.length,
    firstDelta: s,
    goalP99Ms: GOAL_P99_MS,
    passes: s.p99Ms <= GOAL_P99_MS,
    seconds: Math.round((now() - start) / 100) / 10,
    loadAverage1m: loadavg()[0],
  });
} finally {
  await server.stop();
  provider.close();
}
