// Idle authenticated attendant sockets on one server process, in steps (BENCH_SOCKET_STEPS, default
// 1000,5000,10000,19000: a process here may hold 20,000 open files, a hard limit that needs CAP_SYS_RESOURCE
// to raise, and the server and the client each need some for themselves) from several 127.0.0.x source addresses: at each step the server's heap + external
// after a forced GC (bench/gc-probe.mjs) over the sockets, and the time to broadcast one event to all of them
// (a visitor's message in the queue every atendente sees; on the floor, POST /broadcast).
import { api, now, raiseFileLimit, sleep, startFloor, startServer, summary, writeResult } from './lib.mjs';
import { openReceivers, openVisitors, setupProject } from './mix.mjs';

const STEPS = (process.env.BENCH_SOCKET_STEPS ?? '1000,5000,10000,19000').split(',').map(Number);
const ADDRESSES = ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5'];
const floor = process.env.BENCH_TARGET === 'floor';
const KB = 1024;

raiseFileLimit();
const server = floor ? await startFloor() : await startServer({ env: { WIDGET_MESSAGES_PER_MINUTE: '1000000' } });
const groups = [];
const visitors = [];
try {
  let token = null;
  let broadcast;
  if (floor) broadcast = (k) => api(server.base, 'POST', '/broadcast', { content: `b${k}` });
  else {
    const setup = await setupProject(server.base, { visitors: 1, attendants: 0 });
    token = setup.tokens[0];
    visitors.push(...(await openVisitors(server.base, setup.visitorAuths)));
    broadcast = (k) =>
      new Promise((resolve) =>
        visitors[0].emit('EnviarMensagem', { clientId: `difusao-${String(k).padStart(4, '0')}`, conteudo: `b${k}` }, resolve),
      );
    // The conversation opens with a first message, so that what is measured is a broadcast, not an opening.
    await new Promise((r) => visitors[0].emit('EnviarMensagem', { clientId: 'difusao-abrir', conteudo: 'Olá' }, r));
  }
  await sleep(1000);
  const base = await server.memory();
  const baseline = base.heapUsed + base.external;
  const steps = [];
  let open = 0;
  for (const [k, target] of STEPS.entries()) {
    const t0 = now();
    const group = await openReceivers({
      base: server.base,
      auths: Array.from({ length: target - open }, () => (token ? { token } : {})),
      messages: STEPS.length,
      addresses: ADDRESSES.slice(k % ADDRESSES.length).concat(ADDRESSES.slice(0, k % ADDRESSES.length)),
      perWorker: 5000,
    });
    groups.push(group);
    open = target;
    const connectSeconds = Math.round((now() - t0) / 100) / 10;
    const connected = groups.reduce((n, g) => n + g.connected, 0);
    await sleep(2000);
    const m = await server.memory();
    const bytes = m.heapUsed + m.external - baseline;
    // One event to every socket: from the send to the last socket that got it.
    const sentAt = now();
    await broadcast(k);
    const deadline = Date.now() + 60_000;
    let got = [];
    while (Date.now() < deadline) {
      got = [];
      for (const g of groups)
        for (let s = 0; s < g.sockets; s++) if (g.times[k * g.sockets + s] > 0) got.push(g.times[k * g.sockets + s] - sentAt);
      if (got.length >= connected) break;
      await sleep(100);
    }
    const step = {
      sockets: target,
      connected,
      refused: groups.reduce((n, g) => n + g.failed, 0),
      connectSeconds,
      heapPlusExternalMb: Math.round((m.heapUsed + m.external) / KB / KB),
      rssMb: Math.round(m.rss / KB / KB),
      // Only meaningful over many sockets: a negative figure (GC noise over a few) is not reported.
      kbPerSocket: bytes > 0 ? Math.round((bytes / connected / KB) * 10) / 10 : null,
      broadcast: { ...summary(got), lastMs: Math.round(Math.max(0, ...got) * 10) / 10 },
      broadcastLost: connected - got.length,
    };
    steps.push(step);
    console.log(
      `${floor ? 'floor' : server.database} ${target} sockets: ${connected} connected in ${connectSeconds} s; ${step.kbPerSocket} KB each (heap + external after GC); broadcast to all ${step.broadcast.lastMs} ms (p50 ${step.broadcast.p50Ms})`,
    );
  }
  let duplicated = 0;
  for (const g of groups.splice(0)) duplicated += (await g.stop()).duplicated;
  writeResult({ target: floor ? 'floor' : server.database, baselineMb: Math.round(baseline / KB / KB), steps, duplicated });
} finally {
  for (const v of visitors) v.close();
  for (const g of groups) await g.stop();
  await server.stop();
}
