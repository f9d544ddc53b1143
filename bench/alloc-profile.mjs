// What the server allocates, by call site: the garbage collector's work (13–20 % of the main thread in the
// CPU profiles) comes from these. Connects to the inspector of a server started with
// BENCH_NODE_ARGS=--inspect=127.0.0.1:<port>, samples allocations for a while (objects already collected
// included, so this is the allocation rate, not what stays alive) and prints the top call sites (the last
// four frames) by bytes. The inspector slows the server: read shares, not latencies.
// Usage (the scenario in the background, this one after its warm-up):
//   BENCH_NODE_ARGS=--inspect=127.0.0.1:9339 BENCH_RATES=1000 BENCH_SECONDS=25 node bench/inbound.mjs &
//   node --experimental-websocket bench/alloc-profile.mjs 9339 12 10   # port, wait s, sample s [, top]
import { frameName, sleep } from './lib.mjs';

const [port, waitArg = '12', secondsArg = '10', topArg = '30'] = process.argv.slice(2);
if (!port || typeof WebSocket === 'undefined') {
  console.error('usage: node --experimental-websocket bench/alloc-profile.mjs <inspector port> [wait s] [sample s] [top]');
  process.exit(2);
}
/** Bytes between two samples: small enough for call sites of a few percent to show in 10 s. */
const SAMPLING_INTERVAL_BYTES = 16_384;

await sleep(Number(waitArg) * 1000);
const [target] = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
const ws = new WebSocket(target.webSocketDebuggerUrl);
await new Promise((resolve, reject) => {
  ws.onopen = resolve;
  ws.onerror = reject;
});
let lastId = 0;
const waiting = new Map();
ws.onmessage = ({ data }) => {
  const answer = JSON.parse(data);
  const settle = waiting.get(answer.id);
  waiting.delete(answer.id);
  settle?.(answer);
};
/** One inspector command; its error (an unknown method, a profiler not started) as a rejection. */
const call = (method, params = {}) =>
  new Promise((resolve, reject) => {
    lastId++;
    waiting.set(lastId, (answer) => (answer.error ? reject(new Error(`${method}: ${answer.error.message}`)) : resolve(answer.result)));
    ws.send(JSON.stringify({ id: lastId, method, params }));
  });

await call('HeapProfiler.enable');
await call('HeapProfiler.startSampling', {
  samplingInterval: SAMPLING_INTERVAL_BYTES,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
});
await sleep(Number(secondsArg) * 1000);
const { profile } = await call('HeapProfiler.stopSampling');
ws.close();

const bySite = new Map();
let total = 0;
const walk = (node, stack) => {
  const site = [frameName(node.callFrame), ...stack].slice(0, 4);
  if (node.selfSize) {
    const key = site.join(' < ');
    bySite.set(key, (bySite.get(key) ?? 0) + node.selfSize);
    total += node.selfSize;
  }
  for (const child of node.children ?? []) walk(child, site);
};
walk(profile.head, []);
console.log(`sampled ${(total / 1e6).toFixed(0)} MB allocated in ${secondsArg} s`);
console.log('| share | call site (innermost first) |');
console.log('| --- | --- |');
for (const [site, bytes] of [...bySite].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg)))
  console.log(`| ${((bytes / total) * 100).toFixed(1)} % | \`${site}\` |`);
