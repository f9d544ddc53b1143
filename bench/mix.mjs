// The inbound load: website visitors over the widget socket and signed WhatsApp webhooks (half each), to
// the project or to the floor, and the attendant sockets that receive it (bench/receivers.mjs threads).
import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { Worker } from 'node:worker_threads';
import { io } from 'socket.io-client';
import { api, login, now, sleep, summary } from './lib.mjs';

export const ORIGIN = 'http://bench.local';
export const APP_SECRET = 'bench-app-secret-0123456789';
const PHONE_NUMBER_ID = '1000000001';
/** How long without a single answer the server is taken to have stopped (what is undelivered then is lost). */
const ACK_SILENCE_MS = 120_000;

/**
 * Attendant (or idle) sockets in worker threads, `perWorker` each, spread over `addresses` (127.0.0.x source
 * addresses: one address has ~28,000 ephemeral ports). `messages` numbered messages are expected on each.
 */
export async function openReceivers({
  base,
  namespace = '/atendimento',
  auths,
  event = 'ClientReceiveMessage',
  field = 'content',
  messages,
  addresses = [null],
  perWorker = 5000,
  extraHeaders,
}) {
  const buffer = new SharedArrayBuffer(Math.max(1, messages * auths.length) * 8);
  const workers = [];
  const ready = [];
  for (let first = 0, w = 0; first < auths.length; first += perWorker, w++) {
    const worker = new Worker(new URL('./receivers.mjs', import.meta.url), {
      workerData: {
        base,
        namespace,
        auths: auths.slice(first, first + perWorker),
        event,
        field,
        localAddress: addresses[w % addresses.length],
        buffer,
        first,
        sockets: auths.length,
        extraHeaders,
      },
    });
    workers.push(worker);
    ready.push(
      new Promise((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      }),
    );
  }
  const states = await Promise.all(ready);
  return {
    times: new Float64Array(buffer),
    sockets: auths.length,
    connected: states.reduce((n, s) => n + s.connected, 0),
    failed: states.reduce((n, s) => n + s.failed, 0),
    stop: async () => {
      const done = await Promise.all(
        workers.map(
          (w) =>
            new Promise((resolve) => {
              w.once('message', resolve);
              w.postMessage({ type: 'stop' });
            }),
        ),
      );
      await Promise.all(workers.map((w) => w.terminate()));
      return { duplicated: done.reduce((n, d) => n + d.duplicated, 0), lostConnections: done.reduce((n, d) => n + d.lostConnections, 0) };
    },
  };
}

export async function openVisitors(base, auths) {
  const sockets = auths.map((auth) =>
    io(`${base}/widget`, { path: '/backend/socket.io', auth, transports: ['websocket'], extraHeaders: { origin: ORIGIN }, forceNew: true }),
  );
  await Promise.all(
    sockets.map(
      (s) =>
        new Promise((resolve, reject) => {
          s.once('connect', resolve);
          s.once('connect_error', reject);
        }),
    ),
  );
  return sockets;
}

/** A text message as Meta's webhook delivers it, with its signature over the exact bytes. */
export function metaDelivery(waId, n) {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '2000000002',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '5511999990000', phone_number_id: PHONE_NUMBER_ID },
              contacts: [{ wa_id: waId, profile: { name: `Cliente ${waId.slice(-3)}` } }],
              messages: [
                {
                  from: waId,
                  id: `wamid.bench${n}`,
                  timestamp: String(Math.floor(Date.now() / 1000)),
                  type: 'text',
                  text: { body: `b${n}` },
                },
              ],
            },
          },
        ],
      },
    ],
  });
  return { body, signature: `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}` };
}

/**
 * Meta's side of a webhook: a bounded pool of kept-alive connections (a sender does not open one per
 * message), and a delivery that could not be made is tried again a second later, as Meta retries.
 */
const meta = new Agent({ keepAlive: true, maxSockets: 64 });
const RETRIES = 5;
function postOnce(url, body, signature) {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent: meta, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
export async function deliverWebhook(url, body, signature, onRetry = () => {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await postOnce(url, body, signature);
    } catch (err) {
      if (attempt >= RETRIES) throw err;
      onRetry(err);
      await sleep(1000);
    }
  }
}

export const waIds = (n) => Array.from({ length: n }, (_, i) => `55119${String(80000000 + i)}`);

/**
 * The demo account with a widget channel and a WhatsApp number (no department: every atendente sees the
 * queue), `visitors` widget sessions, `attendants` attendant sockets' handshakes (atendente and atendente2).
 */
export async function setupProject(base, { visitors, attendants }) {
  const master = await login(base, 'master@demo.local');
  const auth = { authorization: `Bearer ${master}` };
  const widget = await api(base, 'POST', '/backend/api/canais/widget', { nome: 'Bench', origensPermitidas: [ORIGIN] }, auth);
  const whatsapp = await api(
    base,
    'POST',
    '/backend/api/canais/whatsapp',
    {
      nome: 'Bench WhatsApp',
      phoneNumberId: PHONE_NUMBER_ID,
      wabaId: '2000000002',
      accessToken: 'bench-access-token',
      appSecret: APP_SECRET,
      verifyToken: 'bench-verify',
    },
    auth,
  );
  const visitorAuths = [];
  for (let i = 0; i < visitors; i++) {
    const s = await api(base, 'POST', `/backend/api/public/widget/${widget.token}/sessao`, {}, { origin: ORIGIN });
    visitorAuths.push({ canal: widget.token, visitante: s.visitante });
  }
  const tokens = [await login(base, 'atendente@demo.local'), await login(base, 'atendente2@demo.local')];
  return {
    master,
    tokens,
    visitorAuths,
    staffAuths: Array.from({ length: attendants }, (_, i) => ({ token: tokens[i % tokens.length] })),
    webhookUrl: `${base}/backend/webhooks/whatsapp/${whatsapp.token}`,
  };
}

export const setupFloor = (base, { visitors, attendants }) => ({
  visitorAuths: Array.from({ length: visitors }, (_, i) => ({ visitante: `v${i}` })),
  staffAuths: Array.from({ length: attendants }, () => ({})),
  webhookUrl: `${base}/webhook`,
});

/**
 * Offers `rate` messages a second for `seconds`, alternating a widget message and a webhook delivery, paced
 * every 10 ms; then waits for every attendant socket to have every message (while
 * deliveries keep coming; `drainMs` without one ends the wait). `onCounting` is called when the warm-up ends
 * and the counted messages begin (inbound.mjs starts its CPU meter there). With several instances,
 * `across(n, slot)` says whether the socket in `slot` is on another instance than the one message `n` entered:
 * the latencies are then also split by it (`attendantSocketAcross`).
 */
export async function runMix({
  visitors,
  webhookUrl,
  customers,
  receivers,
  rate,
  seconds,
  warmupSeconds = 3,
  drainMs = 20_000,
  onCounting,
  across,
}) {
  // The first seconds warm up (connections opened, code compiled) and are not counted.
  const first = Math.round(rate * warmupSeconds);
  const total = first + Math.round(rate * seconds);
  const sentAt = new Float64Array(total);
  const widgetAcks = [];
  const webhookAcks = [];
  let refused = 0;
  const reasons = {};
  const refuse = (why) => {
    refused++;
    reasons[why] = (reasons[why] ?? 0) + 1;
  };
  let sent = 0;
  const pending = new Set();
  let webhookRetries = 0;
  let widgetSent = 0;
  let widgetAnswered = 0;
  let visitorDisconnects = 0;
  for (const v of visitors) v.on('disconnect', () => visitorDisconnects++);
  const start = now();
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((now() - start) / 1000) * rate));
      if (sent < first && due >= first) onCounting?.();
      while (sent < due) {
        const n = sent++;
        const t0 = now();
        sentAt[n] = t0;
        if (n % 2 === 0) {
          widgetSent++;
          visitors[(n / 2) % visitors.length].emit(
            'EnviarMensagem',
            { clientId: `bench-${String(n).padStart(8, '0')}`, conteudo: `b${n}` },
            (ack) => {
              widgetAnswered++;
              if (n >= first) widgetAcks.push(now() - t0);
              if (!ack?.ok) refuse(`widget: ${ack?.message}`);
            },
          );
        } else {
          const { body, signature } = metaDelivery(customers[((n - 1) / 2) % customers.length], n);
          const p = deliverWebhook(webhookUrl, body, signature, () => webhookRetries++)
            .then((status) => {
              if (n >= first) webhookAcks.push(now() - t0);
              if (status !== 200) refuse(`webhook: HTTP ${status}`);
            })
            .catch((err) => refuse(`webhook: ${err.code ?? err.message}`))
            .finally(() => pending.delete(p));
          pending.add(p);
        }
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 10);
  });
  const offeredSeconds = (now() - start) / 1000 - warmupSeconds;
  const expected = total * receivers.sockets;
  // Lost means never delivered. An overloaded server works on everything in flight at once, so deliveries
  // come in waves with gaps: the wait first lasts until every widget message and webhook is answered (or
  // nothing has been for ACK_SILENCE_MS), then while deliveries keep coming, until `drainMs` without one.
  for (let seen = -1, quietSince = Date.now(); widgetAnswered < widgetSent || pending.size > 0; await sleep(500)) {
    const progress = widgetAnswered - pending.size;
    if (progress !== seen) [seen, quietSince] = [progress, Date.now()];
    if (Date.now() - quietSince > ACK_SILENCE_MS) break;
  }
  let received = 0;
  let progressAt = Date.now();
  for (;;) {
    let count = 0;
    for (const t of receivers.times.subarray(0, expected)) if (t > 0) count++;
    if (count > received) progressAt = Date.now();
    received = count;
    if (received >= expected || Date.now() - progressAt > drainMs) break;
    await sleep(200);
  }
  await Promise.all(pending);
  const latencies = [];
  // Even messages come from the widget, odd ones from a webhook: where the tail comes from, per path.
  const bySource = { widget: [], whatsapp: [] };
  const byInstance = { otherInstance: [], sameInstance: [] };
  let lastReceipt = 0;
  for (let n = first; n < total; n++)
    for (let s = 0; s < receivers.sockets; s++) {
      const t = receivers.times[n * receivers.sockets + s];
      if (t > 0) {
        latencies.push(t - sentAt[n]);
        (n % 2 === 0 ? bySource.widget : bySource.whatsapp).push(t - sentAt[n]);
        if (across) (across(n, s) ? byInstance.otherInstance : byInstance.sameInstance).push(t - sentAt[n]);
        if (t > lastReceipt) lastReceipt = t;
      }
    }
  const measured = total - first;
  if (process.env.BENCH_TIMELINE) writeTimeline(process.env.BENCH_TIMELINE, receivers, sentAt, start, total);
  return {
    offeredPerSecond: rate,
    seconds,
    warmupSeconds,
    messages: measured,
    achievedOfferPerSecond: Math.round(measured / offeredSeconds),
    deliveredPerSecond: Math.round(measured / ((lastReceipt - start) / 1000 - warmupSeconds)),
    attendantSockets: receivers.sockets,
    attendantSocket: summary(latencies),
    attendantSocketBySource: { widget: summary(bySource.widget), whatsapp: summary(bySource.whatsapp) },
    ...(across
      ? { attendantSocketAcross: { otherInstance: summary(byInstance.otherInstance), sameInstance: summary(byInstance.sameInstance) } }
      : {}),
    widgetAck: summary(widgetAcks),
    webhookAck: summary(webhookAcks),
    deliveriesExpected: measured * receivers.sockets,
    lost: expected - received,
    refused,
    refusedReasons: reasons,
    // A widget event never answered was dropped by the server (the per-socket event limit) or its socket.
    widgetUnanswered: widgetSent - widgetAnswered,
    // Webhook deliveries tried again after a connection error (the server slow to accept), as Meta would.
    webhookRetries,
    visitorDisconnects,
  };
}

/**
 * BENCH_TIMELINE=<file>: one line a message, warm-up included, for bench/timeline.mjs (where in the run the
 * tail comes from): when it was sent (ms from the run's start), 0 widget / 1 WhatsApp, and its delivery time
 * to each attendant socket in ms, comma-separated (-1 where a socket never got it).
 */
function writeTimeline(file, receivers, sentAt, start, total) {
  const lines = [];
  for (let n = 0; n < total; n++) {
    const each = [];
    for (let s = 0; s < receivers.sockets; s++) {
      const t = receivers.times[n * receivers.sockets + s];
      each.push(t > 0 ? (t - sentAt[n]).toFixed(1) : '-1');
    }
    lines.push(`${(sentAt[n] - start).toFixed(1)} ${n % 2} ${each.join(',')}`);
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
}
