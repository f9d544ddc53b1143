// Inbound messages -> attendant sockets, widget sockets and signed WhatsApp webhooks half each, 200 customers
// (100 visitors, 100 WhatsApp numbers; more above 2,000/s: sizeAt), 20 attendant sockets; on the project (BENCH_DB) or on the floor
// (BENCH_TARGET=floor). BENCH_RATES (default 250,500,1000,2000), BENCH_SECONDS (default 60). A fresh server
// per rate. Writes its figures to BENCH_OUT (run.mjs).
import { openReceivers, openVisitors, runMix, setupFloor, setupProject, waIds } from './mix.mjs';
import { benchDatabase, cpuMeter, raiseFileLimit, startFloor, startServer, writeResult } from './lib.mjs';

const RATES = (process.env.BENCH_RATES ?? '250,500,1000,2000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const floor = process.env.BENCH_TARGET === 'floor';
const SIZE = { visitors: 100, attendants: 20 };
/** What one widget visitor may send a second (the widget's flood guard, SOCKET_EVENTS_PER_SECOND). */
const VISITOR_MAX_PER_SECOND = 10;
/**
 * The 200 customers up to 2,000/s, where each visitor sends as much as the flood guard lets it; above,
 * more customers (as many WhatsApp numbers as visitors), none faster: a busier hour has more people writing.
 */
const sizeAt = (rate) => ({ ...SIZE, visitors: Math.max(SIZE.visitors, Math.ceil(rate / 2 / VISITOR_MAX_PER_SECOND)) });

raiseFileLimit();
const out = { target: floor ? 'floor' : benchDatabase(), runs: {} };
for (const rate of RATES) {
  const server = floor
    ? await startFloor()
    : await startServer({ env: { WIDGET_MESSAGES_PER_MINUTE: '1000000', WIDGET_SESSIONS_PER_MINUTE: '1000000' } });
  let visitors = [];
  let receivers;
  try {
    const size = sizeAt(rate);
    const setup = floor ? setupFloor(server.base, size) : await setupProject(server.base, size);
    receivers = await openReceivers({ base: server.base, auths: setup.staffAuths, messages: Math.round(rate * (SECONDS + 3)) });
    visitors = await openVisitors(server.base, setup.visitorAuths);
    const cpu = cpuMeter(server.pid, { postgres: out.target === 'postgres' });
    const r = await runMix({
      visitors,
      webhookUrl: setup.webhookUrl,
      customers: waIds(size.visitors),
      receivers,
      rate,
      seconds: SECONDS,
      onCounting: cpu.start,
    });
    r.cpu = cpu.stop(r.messages);
    const { duplicated, lostConnections } = await receivers.stop();
    receivers = null;
    out.runs[rate] = { ...r, customers: 2 * size.visitors, duplicated, attendantSocketsDisconnected: lostConnections };
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
