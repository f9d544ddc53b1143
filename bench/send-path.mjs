// The attendant's send path: hub 'SendMessage' -> stored -> the visitor's socket (website) or Meta's Graph
// API (WhatsApp; a local fake that answers at once), 200 open conversations (100 each), 20 attendant
// sockets, BENCH_SEND_RATE sends/s (default 200) for BENCH_SECONDS (default 60). On the project (BENCH_DB)
// or on the floor (BENCH_TARGET=floor: acknowledge and emit to the visitor's room).
import { createServer } from 'node:http';
import { io } from 'socket.io-client';
import { api, benchDatabase, cpuMeter, now, raiseFileLimit, round, sleep, startFloor, startServer, summary, writeResult } from './lib.mjs';
import { metaDelivery, openReceivers, openVisitors, ORIGIN, setupFloor, setupProject, waIds } from './mix.mjs';

const RATE = Number(process.env.BENCH_SEND_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const WARMUP_SECONDS = 3;
/** How long without a single answer (or delivery) the server is taken to have stopped, and the rest as lost. */
const ACK_SILENCE_MS = 120_000;
const DELIVERY_SILENCE_MS = 20_000;
const floor = process.env.BENCH_TARGET === 'floor';
const SIZE = { visitors: 100, attendants: 20 };
const total = Math.round(RATE * (SECONDS + WARMUP_SECONDS));
const first = Math.round(RATE * WARMUP_SECONDS);

/** Meta's Graph API as the server calls it: sends answered with a wamid at once, their arrival time kept. */
const graphArrivals = new Float64Array(total);
let wamids = 0;
const graph = createServer((req, res) => {
  let body = '';
  req.on('data', (d) => {
    body += d;
  });
  req.on('end', () => {
    res.setHeader('content-type', 'application/json');
    if (req.method === 'POST' && req.url.endsWith('/messages')) {
      // The text may come signed with the attendant's name ("*Nome*:\nb12"): the number is its end.
      const m = /b(\d+)\s*$/.exec(JSON.parse(body).text?.body ?? '');
      const n = m ? Number(m[1]) : -1;
      if (n >= 0 && n < total && !(graphArrivals[n] > 0)) graphArrivals[n] = now();
      // Every send gets its own wamid, as Meta answers (one repeated would collide with the stored one).
      return res.end(JSON.stringify({ messaging_product: 'whatsapp', messages: [{ id: `wamid.out${n}-${++wamids}` }] }));
    }
    res.end(JSON.stringify({ id: '1000000001', display_phone_number: '+55 11 99999-0000', verified_name: 'Bench' }));
  });
});
await new Promise((r) => graph.listen(0, '127.0.0.1', r));

raiseFileLimit();
const server = floor
  ? await startFloor()
  : await startServer({
      env: {
        WIDGET_MESSAGES_PER_MINUTE: '1000000',
        WIDGET_SESSIONS_PER_MINUTE: '1000000',
        WHATSAPP_GRAPH_URL: `http://127.0.0.1:${graph.address().port}`,
        // Meta's default is 80 a second per number; 1,000 once upgraded. One number takes half of 200/s here.
        WHATSAPP_SENDS_PER_SECOND: '1000',
      },
    });
const staff = [];
let staffDisconnects = 0;
const disconnectReasons = {};
let receivers;
let visitors = [];
let counting = false;
let attendantEvents = 0;
let attendantBytes = 0;
try {
  const setup = floor ? setupFloor(server.base, SIZE) : await setupProject(server.base, SIZE);
  let targets;
  if (floor) targets = setup.visitorAuths.map((a) => a.visitante);
  else {
    // One message from each customer opens 200 conversations; the attendant accepts them all.
    visitors = await openVisitors(server.base, setup.visitorAuths);
    await Promise.all(
      visitors.map(
        (v, i) => new Promise((r) => v.emit('EnviarMensagem', { clientId: `abrir-${String(i).padStart(4, '0')}`, conteudo: 'Olá' }, r)),
      ),
    );
    for (const [i, waId] of waIds(SIZE.visitors).entries()) {
      const { body, signature } = metaDelivery(waId, 1_000_000 + i);
      await fetch(setup.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
        body,
      });
    }
    for (const v of visitors) v.close();
    visitors = [];
    const auth = { authorization: `Bearer ${setup.tokens[0]}` };
    targets = [];
    for (let i = 0; i < 300 && targets.length < 2 * SIZE.visitors; i++) {
      const page = await api(server.base, 'GET', '/backend/api/atendimento/conversas?status=aguardando&limit=100', null, auth);
      for (const a of page.itens) {
        await api(server.base, 'POST', `/backend/api/atendimento/${a.atendimentoId}/aceitar`, null, auth);
        targets.push(a.atendimentoId);
      }
      if (!page.itens.length) await sleep(200);
    }
  }
  receivers = await openReceivers({
    base: server.base,
    namespace: '/widget',
    auths: setup.visitorAuths,
    event: 'Mensagem',
    field: 'conteudo',
    messages: total,
    extraHeaders: { origin: ORIGIN },
  });
  for (let i = 0; i < SIZE.attendants; i++) {
    const s = io(`${server.base}/atendimento`, {
      path: '/backend/socket.io',
      auth: floor ? {} : { token: setup.tokens[0] },
      transports: ['websocket'],
      forceNew: true,
    });
    staff.push(s);
    // What each attendant's screen receives for the sends counted (the warm-up's left out): events and their JSON.
    s.onAny((_event, ...args) => {
      if (!counting) return;
      attendantEvents++;
      attendantBytes += Buffer.byteLength(JSON.stringify(args));
    });
    await new Promise((r) => s.once('connect', r));
    s.on('disconnect', (reason) => {
      staffDisconnects++;
      disconnectReasons[reason] = (disconnectReasons[reason] ?? 0) + 1;
    });
    // Back after a drop, the attendant's screen sends again what was never answered, with the same clientId
    // (the web app's outgoing queue): the server stores it once.
    s.on('connect', () => {
      for (const [n, json] of unanswered) if (n % staff.length === i) emitSend(n, json);
    });
  }

  const sentAt = new Float64Array(total);
  const acks = [];
  let refused = 0;
  let answered = 0;
  let answeredAt = Date.now();
  let resent = 0;
  const unanswered = new Map();
  const emitSend = (n, json) => {
    if (!unanswered.has(n)) unanswered.set(n, json);
    else resent++;
    staff[n % staff.length].emit('SendMessage', json, (ack) => {
      if (!unanswered.delete(n)) return;
      answered++;
      answeredAt = Date.now();
      if (n >= first) acks.push(now() - sentAt[n]);
      if (!ack?.ok) refused++;
    });
  };
  let sent = 0;
  const cpu = cpuMeter(server.pid, { postgres: !floor && benchDatabase() === 'postgres' });
  const start = now();
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((now() - start) / 1000) * RATE));
      while (sent < due) {
        const n = sent++;
        if (n === first) {
          counting = true;
          cpu.start();
        }
        sentAt[n] = now();
        const target = targets[n % targets.length];
        const body = floor
          ? { visitante: target, conteudo: `b${n}` }
          : { atendimentoId: target, clientId: `envio-${String(n).padStart(8, '0')}`, tipo: 'text', conteudo: `b${n}` };
        emitSend(n, JSON.stringify(body));
      }
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 10);
  });
  // Delivered: on any visitor socket, or at the Graph API.
  const deliveredAt = (n) => {
    let t = graphArrivals[n] > 0 ? graphArrivals[n] : Infinity;
    for (let s = 0; s < receivers.sockets; s++) {
      const r = receivers.times[n * receivers.sockets + s];
      if (r > 0 && r < t) t = r;
    }
    return t;
  };
  // Lost means never delivered. An overloaded server works on every send in flight at once (each waits its
  // turn at the database for each of its queries), so deliveries come in waves with long gaps: the wait first
  // lasts until every send is answered (or none has been for ACK_SILENCE_MS), then while deliveries keep
  // coming (20 s without one ends it).
  while (answered < total && Date.now() - answeredAt < ACK_SILENCE_MS) await sleep(500);
  let missing = total;
  let progressAt = Date.now();
  for (;;) {
    let count = 0;
    for (let n = 0; n < total; n++) if (deliveredAt(n) === Infinity) count++;
    if (count < missing) progressAt = Date.now();
    missing = count;
    if (!missing || Date.now() - progressAt > DELIVERY_SILENCE_MS) break;
    await sleep(500);
  }
  const counted = total - first;
  const used = cpu.stop(counted);
  counting = false;
  const delivered = [];
  for (let n = first; n < total; n++) {
    const t = deliveredAt(n);
    if (t !== Infinity) delivered.push(t - sentAt[n]);
  }
  const { duplicated } = await receivers.stop();
  receivers = null;
  const out = {
    target: floor ? 'floor' : server.database,
    sendsPerSecond: RATE,
    seconds: SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    conversations: targets.length,
    attendantSockets: SIZE.attendants,
    ack: summary(acks),
    delivered: summary(delivered),
    lost: missing,
    duplicated,
    refused,
    // Sends never answered (the socket dropped, or the server stopped answering for ACK_SILENCE_MS).
    unanswered: total - answered,
    // Sends emitted again after an attendant socket came back (never answered before it dropped).
    resent,
    attendantSocketsDisconnected: staffDisconnects,
    disconnectReasons,
    // Each of the attendant sockets, a send: events received and the bytes of their JSON.
    attendantEventsPerSend: round(attendantEvents / counted / SIZE.attendants, 2),
    attendantBytesPerSend: Math.round(attendantBytes / counted / SIZE.attendants),
    cpu: used,
  };
  console.log(
    `send path ${out.target} ${RATE}/s: ack p50 ${out.ack.p50Ms} p99 ${out.ack.p99Ms} ms; delivered p99 ${out.delivered.p99Ms} ms; lost ${missing}; ` +
      `each attendant socket ${out.attendantEventsPerSend} events, ${out.attendantBytesPerSend} B a send; ` +
      `CPU ms a send: server ${used.server?.msPerMessage ?? '–'}, database ${used.database?.msPerMessage ?? '–'}`,
  );
  writeResult(out);
} finally {
  for (const s of [...staff, ...visitors]) s.close();
  await receivers?.stop();
  await server.stop();
  graph.close();
}
