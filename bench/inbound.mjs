// Inbound messages -> attendant sockets, widget sockets and signed WhatsApp webhooks half each, 200 customers
// (100 visitors, 100 WhatsApp numbers), 20 attendant sockets; on the project (BENCH_DB) or on the floor
// (BENCH_TARGET=floor). BENCH_RATES (default 250,500,1000,2000), BENCH_SECONDS (default 60). A fresh server
// per rate. Writes its figures to BENCH_OUT (run.mjs).
import { openReceivers, openVisitors, runMix, setupFloor, setupProject, waIds } from './mix.mjs';
import { benchDatabase, cpuMeter, raiseFileLimit, startFloor, startServer, writeResult } from './lib.mjs';

const RATES = (process.env.BENCH_RATES ?? '250,500,1000,2000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const floor = process.env.BENCH_TARGET === 'floor';
const SIZE = { visitors: 100, attendants: 20 };

raiseFileLimit();
const out = { target: floor ? 'floor' : benchDatabase(), runs: {} };
for (const rate of RATES) {
  const server = floor
    ? await startFloor()
    : await startServer({ env: { WIDGET_MESSAGES_PER_MINUTE: '1000000', WIDGET_SESSIONS_PER_MINUTE: '1000000' } });
  let visitors = [];
  let receivers;
  try {
    const setup = floor ? setupFloor(server.base, SIZE) : await setupProject(server.base, SIZE);
    receivers = await openReceivers({ base: server.base, auths: setup.staffAuths, messages: Math.round(rate * (SECONDS + 3)) });
    visitors = await openVisitors(server.base, setup.visitorAuths);
    const cpu = cpuMeter(server.pid, { postgres: out.target === 'postgres' });
    const r = await runMix({
      visitors,
      webhookUrl: setup.webhookUrl,
      customers: waIds(SIZE.visitors),
      receivers,
      rate,
      seconds: SECONDS,
      onCounting: cpu.start,
    });
    r.cpu = cpu.stop(r.messages);
    const { duplicated, lostConnections } = await receivers.stop();
    receivers = null;
    out.runs[rate] = { ...r, duplicated, attendantSocketsDisconnected: lostConnections };
    console.log(
      `${out.target} ${rate}/s: attendant socket p50 ${r.attendantSocket.p50Ms} p99 ${r.attendantSocket.p99Ms} ms; webhook ack p99 ${r.webhookAck.p99Ms} ms; p99 widget ${r.attendantSocketBySource.widget.p99Ms} / WhatsApp ${r.attendantSocketBySource.whatsapp.p99Ms} ms; lost ${r.lost}, duplicated ${duplicated}; CPU ms a message: server ${r.cpu.server?.msPerMessage}, database ${r.cpu.database?.msPerMessage ?? '–'}, load ${r.cpu.loadGenerator.msPerMessage}`,
    );
  } finally {
    for (const v of visitors) v.close();
    await receivers?.stop();
    await server.stop();
  }
}
writeResult(out);
