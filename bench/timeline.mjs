// Where in a run the tail comes from: reads the file an inbound run writes with BENCH_TIMELINE=<file>
// (bench/mix.mjs writeTimeline) and prints, per window of the sending time, the deliveries of the messages
// sent in it (to every attendant socket) with their p50, p99 and slowest; then the p99 of the whole run
// after each given second (the bench's own figure starts after its 3 s warm-up).
// Usage: node bench/timeline.mjs <file> [window seconds, default 1] [from seconds, default 3,6,10]
import { readFileSync } from 'node:fs';
import { summary } from './lib.mjs';

const [file, windowArg, fromArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/timeline.mjs <file> [window seconds] [from seconds,…]');
  process.exit(2);
}
const WINDOW_MS = Number(windowArg ?? 1) * 1000;
const FROM_S = (fromArg ?? '3,6,10').split(',').map(Number);
const windows = new Map();
const all = [];
let lost = 0;
for (const line of readFileSync(file, 'utf8').split('\n')) {
  const [sent, , each] = line.split(' ');
  if (!each) continue;
  const w = Math.floor(Number(sent) / WINDOW_MS);
  if (!windows.has(w)) windows.set(w, []);
  for (const v of each.split(',').map(Number)) {
    if (v < 0) lost++;
    else {
      windows.get(w).push(v);
      all.push([Number(sent), v]);
    }
  }
}
// The bench's own percentiles (lib.mjs summary), so that these figures read like latest.json's.
console.log('| from (s) | deliveries | p50 ms | p99 ms | slowest ms |');
console.log('| --- | --- | --- | --- | --- |');
for (const [w, values] of [...windows].sort((a, b) => a[0] - b[0])) {
  const s = summary(values);
  console.log(`| ${((w * WINDOW_MS) / 1000).toFixed(1)} | ${s.n} | ${s.p50Ms} | ${s.p99Ms} | ${s.maxMs} |`);
}
for (const from of FROM_S) {
  const s = summary(all.filter(([sent]) => sent >= from * 1000).map(([, v]) => v));
  if (s.n) console.log(`sent from ${from} s on: ${s.n} deliveries, p50 ${s.p50Ms} ms, p99 ${s.p99Ms} ms`);
}
console.log(`never delivered: ${lost}`);
