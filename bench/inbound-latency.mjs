// Inbound visitor message -> attendant socket: latency percentiles, lost and duplicated, at a target rate.
// BENCH_RATE (messages/s, default 1000), BENCH_SECONDS (default 10), BENCH_VISITORS (default 200).
import { io } from 'socket.io-client';
import { api, login, percentile, startServer } from './lib.mjs';

const RATE = Number(process.env.BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 200);
const P99_BUDGET_MS = 150;
const ORIGIN = 'http://bench.local';

const server = await startServer({ WIDGET_MESSAGES_PER_MINUTE: '1000000', WIDGET_SESSIONS_PER_MINUTE: '1000000' });
const sockets = [];
try {
  const token = await login(server.base, 'master@demo.local');
  const canal = await api(
    server.base,
    'POST',
    '/backend/api/canais/widget',
    { nome: 'Bench', origensPermitidas: [ORIGIN] },
    { authorization: `Bearer ${token}` },
  );
  const staff = io(`${server.base}/atendimento`, { path: '/backend/socket.io', auth: { token }, transports: ['websocket'] });
  sockets.push(staff);
  const sentAt = new Map();
  const latencies = [];
  const seen = new Set();
  let duplicated = 0;
  staff.on('ClientReceiveMessage', (m) => {
    const t0 = sentAt.get(m.clientId);
    if (t0 === undefined) return;
    if (seen.has(m.clientId)) return void duplicated++;
    seen.add(m.clientId);
    latencies.push(performance.now() - t0);
  });
  const visitors = [];
  for (let i = 0; i < VISITORS; i++) {
    const s = await api(server.base, 'POST', `/backend/api/public/widget/${canal.token}/sessao`, {}, { origin: ORIGIN });
    const sock = io(`${server.base}/widget`, {
      path: '/backend/socket.io',
      auth: { canal: canal.token, visitante: s.visitante },
      transports: ['websocket'],
      extraHeaders: { origin: ORIGIN },
      forceNew: true,
    });
    sockets.push(sock);
    visitors.push(sock);
  }
  await new Promise((r) => {
    const check = () => (staff.connected && visitors.every((v) => v.connected) ? r() : setTimeout(check, 50));
    check();
  });

  const total = RATE * SECONDS;
  let sent = 0;
  let failed = 0;
  const tick = 10;
  const start = performance.now();
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * RATE));
      while (sent < due) {
        const clientId = `bench-${sent.toString().padStart(8, '0')}`;
        sentAt.set(clientId, performance.now());
        visitors[sent % visitors.length].emit('EnviarMensagem', { clientId, conteudo: `mensagem ${sent}` }, (ack) => ack?.ok || failed++);
        sent++;
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, tick);
  });
  const sendSeconds = (performance.now() - start) / 1000;
  const deadline = Date.now() + 30_000;
  while (seen.size < total && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  latencies.sort((a, b) => a - b);
  const p99 = percentile(latencies, 99);
  const db = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(
    `inbound -> attendant socket on ${db}: ${total} messages from ${VISITORS} visitors at ${(total / sendSeconds).toFixed(0)}/s offered`,
  );
  console.log(
    `  latency ms p50 ${percentile(latencies, 50).toFixed(1)}  p95 ${percentile(latencies, 95).toFixed(1)}  p99 ${p99.toFixed(1)}  max ${latencies.at(-1)?.toFixed(1)}`,
  );
  console.log(
    `  received ${seen.size}, lost ${total - seen.size}, duplicated ${duplicated}, refused acks ${failed}  (budget p99 <= ${P99_BUDGET_MS} ms, 0 lost, 0 duplicated)`,
  );
  if (!(p99 <= P99_BUDGET_MS) || seen.size !== total || duplicated) process.exitCode = 1;
} finally {
  for (const s of sockets) s.close();
  await server.stop();
}
