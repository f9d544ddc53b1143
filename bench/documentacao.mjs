// Public documentation (issue 54's budgets) on an account with 5,000 published public documents (about 2.5 KB
// of Portuguese Markdown each, in 50 sections), inserted straight into the database between two starts:
// - a document page as a browser downloads it (`Accept-Encoding: br, gzip`): the HTML and every stylesheet and
//   same-origin image it links, compressed bytes in all (goal <= 50 KB);
// - document pages served at 200 requests/s (open loop: one request every 5 ms whatever the answers do), each
//   a random document of the 5,000, so most are rendered on their first read: p50/p99 (goal p99 <= 20 ms);
// - the public search `GET /backend/api/public/documentacao/demo/busca?q=`, one at a time, over a mix of
//   searches (accent-free, a common word, several words, a half-typed word, nothing found): p50/p99
//   (goal p99 <= 50 ms).
// On the floor (BENCH_TARGET=floor): GET /page answering the same bytes from memory, at the same rate and one at
// a time. BENCH_SECONDS (default 60) for the paced run, BENCH_DOC_RUNS (default 400) for the searches,
// BENCH_DOCS (default 5000).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fetchRaw } from './page-weight.mjs';
import { api, benchDatabase, freshPostgres, now, sleep, startFloor, startServer, summary, withDatabase, writeResult } from './lib.mjs';

const DOCS = Number(process.env.BENCH_DOCS ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const RUNS = Number(process.env.BENCH_DOC_RUNS ?? 400);
const RATE = 200;
const SECTIONS = 50;

// Words of a help centre about orders, payments and deliveries (accents on purpose), and rarer ones.
const COMUNS =
  'entrega prazo pagamento boleto cartão pix pedido produto troca devolução reembolso frete cadastro senha conta nota fiscal atendimento horário loja endereço transportadora rastreio código cupom desconto parcela crédito débito estorno garantia defeito assistência técnica cancelamento confirmação e-mail telefone whatsapp aplicativo site compra carrinho estoque disponível tamanho cor modelo retirada balcão agência região cidade estado serviço contrato assinatura plano mensal anual fatura vencimento juros multa segunda via comprovante transferência'.split(
    ' ',
  );
const RAROS =
  'Conceição Paraná Maranhão São João Ipanema Itaú Bradesco Caixa Nubank Mercado Pago Correios Sedex Jadlog Loggi Açaí Pão Café Feijão Tênis Calçado Óculos Relógio Acessório Mochila Colchão Sofá Geladeira Fogão Micro-ondas Ventilador Climatizador'.split(
    ' ',
  );
const LIGACOES = 'de da do em para com por que o a os as um uma no na e é ou se não'.split(' ');

/** A deterministic pseudo-random stream (mulberry32): the same documents on every run. */
function aleatorio(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const r = aleatorio(54);
const um = (lista) => lista[Math.floor(r() * lista.length)];
function frase() {
  const n = 8 + Math.floor(r() * 12);
  const w = [];
  for (let i = 0; i < n; i++) w.push(i % 3 === 1 ? um(LIGACOES) : r() < 0.04 ? um(RAROS) : um(COMUNS));
  const s = w.join(' ');
  return `${s[0].toUpperCase()}${s.slice(1)}.`;
}
function documento(i) {
  const titulo = `${um(COMUNS)} ${um(LIGACOES)} ${um(COMUNS)} ${i}`.replace(/^./, (c) => c.toUpperCase());
  const partes = [`${frase()} ${frase()}`];
  for (let h = 0; h < 3; h++) {
    partes.push(`## ${frase().slice(0, -1)}`);
    for (let p = 0; p < 2; p++) partes.push(Array.from({ length: 3 }, frase).join(' '));
    if (h === 1) partes.push(`- ${frase()}\n- ${frase()}\n- **${frase()}**`);
  }
  return { titulo, slug: `doc-${i}`, conteudo: partes.join('\n\n') };
}

const BUSCAS = [
  'conceicao',
  'entrega',
  'prazo de entrega',
  'pag',
  'devolucao do produto',
  'segunda via boleto',
  'sofa',
  'xyzzy inexistente',
  'transp',
  'cartao de credito',
];

async function seed(query) {
  const acc = (await query(`select id from accounts where database_name = 'demo'`))[0].id;
  const secoes = await query(
    `insert into documentacao_secoes (account_id, titulo, slug, ordem)
     select $1, 'Seção ' || i, 'secao-' || i, i from generate_series(1, $2::int) i returning id, slug`,
    [acc, SECTIONS],
  );
  for (let from = 0; from < DOCS; from += 500) {
    const docs = Array.from({ length: Math.min(500, DOCS - from) }, (_, k) => documento(from + k));
    await query(
      `insert into documentos (account_id, secao_id, titulo, slug, conteudo, status, visibilidade, ordem, publicado_em)
       select $1, ($2::uuid[])[1 + (n - 1) % ${SECTIONS}], t, s, c, 'publicado', 'publica', n, now()
       from unnest($3::text[], $4::text[], $5::text[]) with ordinality as u(t, s, c, n)`,
      [acc, secoes.map((s) => s.id), docs.map((d) => d.titulo), docs.map((d) => d.slug), docs.map((d) => d.conteudo)],
    );
  }
  await query('vacuum (analyze)');
  // Document i sits in section 1 + i % SECTIONS (ordinality restarts at each batch of 500, a multiple of 50).
  return secoes.map((s) => s.slug);
}

const headers = { 'accept-encoding': 'br, gzip' };

/** GET `url` one at a time, RUNS times after 5 warm-ups. */
async function sequential(urls) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < RUNS + 5; i++) {
    const t = now();
    const res = await fetch(urls[i % urls.length], { headers });
    const body = await res.arrayBuffer();
    if (!res.ok) throw new Error(`${urls[i % urls.length]}: ${res.status}`);
    bytes = Math.max(bytes, body.byteLength);
    if (i >= 5) times.push(now() - t);
  }
  return { ...summary(times), bytes };
}

/** Open loop: one GET every 1000/RATE ms for SECONDS, whatever the answers do; latency from the planned start. */
async function paced(url) {
  const times = [];
  const pending = [];
  let failed = 0;
  const t0 = now();
  const total = RATE * SECONDS;
  for (let i = 0; i < total; i++) {
    const planned = t0 + (i * 1000) / RATE;
    const wait = planned - now();
    if (wait > 1) await sleep(wait);
    pending.push(
      fetch(url(i), { headers })
        .then(async (res) => {
          await res.arrayBuffer();
          if (!res.ok) failed++;
          times.push(now() - planned);
        })
        .catch(() => failed++),
    );
  }
  await Promise.all(pending);
  return { ratePerSecond: RATE, seconds: SECONDS, failed, ...summary(times) };
}

/** Compressed bytes of a page and of every stylesheet and same-origin image it links. */
async function pageWeight(base, url) {
  const page = await fetchRaw(base + url, headers);
  if (page.status !== 200) throw new Error(`${url}: ${page.status}`);
  const html = page.body.toString('utf8');
  const linked = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g), ...html.matchAll(/<img\b[^>]*src="([^"]+)"/g)].map(
    (m) => m[1].replaceAll('&amp;', '&'),
  );
  const files = [{ url, bytes: page.wire.length, encoding: page.headers['content-encoding'] ?? null }];
  for (const u of linked) {
    if (!u.startsWith('/') && !u.startsWith(base)) continue;
    const res = await fetchRaw(u.startsWith('/') ? base + u : u, headers);
    if (res.status !== 200) throw new Error(`${u}: ${res.status}`);
    files.push({ url: u, bytes: res.wire.length, encoding: res.headers['content-encoding'] ?? null });
  }
  return { bytes: files.reduce((a, f) => a + f.bytes, 0), htmlBytesDecoded: page.body.length, files };
}

if (process.env.BENCH_TARGET === 'floor') {
  const floor = await startFloor();
  try {
    // A document page's decoded size (about 6 KB of HTML), and a search answer (10 results, about 4 KB).
    await api(floor.base, 'PUT', '/page', { html: 'x'.repeat(6000) });
    const page = await paced(() => `${floor.base}/page`);
    await api(
      floor.base,
      'PUT',
      '/page',
      Array.from({ length: 10 }, (_, i) => ({ id: `d${i}`, trecho: 'x'.repeat(350) })),
    );
    writeResult({ target: 'floor', documentPage: page, search: await sequential([`${floor.base}/page`]) });
  } finally {
    await floor.stop();
  }
} else {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'balcao-bench-doc-'));
  const pg = benchDatabase() === 'postgres' ? await freshPostgres(process.env.BENCH_DATABASE_URL) : null;
  let server = await startServer({ dataDir, databaseUrl: pg?.url });
  try {
    await server.stop();
    const t0 = now();
    const secoes = await withDatabase(dataDir, pg?.url, seed);
    const seedSeconds = Math.round((now() - t0) / 1000);
    server = await startServer({ dataDir, databaseUrl: pg?.url });
    const docUrl = (i) => `/demo/documentacao/${secoes[i % SECTIONS]}/doc-${i}`;
    const base = server.base;
    const weight = await pageWeight(base, docUrl(7));
    const pick = aleatorio(7);
    const documentPage = await paced(() => base + docUrl(Math.floor(pick() * DOCS)));
    const search = await sequential(BUSCAS.map((q) => `${base}/backend/api/public/documentacao/demo/busca?q=${encodeURIComponent(q)}`));
    const bySearch = {};
    for (const q of BUSCAS) {
      const res = await api(base, 'GET', `/backend/api/public/documentacao/demo/busca?q=${encodeURIComponent(q)}`);
      bySearch[q] = res.length;
    }
    const out = {
      target: server.database,
      documents: DOCS,
      seedSeconds,
      documentPageWeight: weight,
      documentPage,
      search: { ...search, runs: RUNS, searches: BUSCAS, resultsPerSearch: bySearch },
      goals: { pageWeightBytes: 50 * 1024, documentPageP99Ms: 20, searchP99Ms: 50 },
    };
    console.log(
      `documentação on ${out.target}: page ${weight.bytes} bytes compressed in all; pages at ${RATE}/s p50 ${documentPage.p50Ms} / p99 ${documentPage.p99Ms} ms; search p50 ${search.p50Ms} / p99 ${search.p99Ms} ms`,
    );
    writeResult(out);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await pg?.drop();
  }
}
