// Reads a V8 CPU profile (`BENCH_PROFILE=<dir>`: node --cpu-prof) and prints where the samples' self time
// went, by part (PGlite, Drizzle, GC, sockets, HTTP, our code, …) and by function (docs/desempenho.md).
// Usage: node bench/profile-summary.mjs <file.cpuprofile> [top functions]
import { readFileSync } from 'node:fs';
import { frameName } from './lib.mjs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/profile-summary.mjs <file.cpuprofile> [top]');
  process.exit(2);
}
const TOP = Number(topArg ?? 15);
const profile = JSON.parse(readFileSync(file, 'utf8'));

/** The first rule whose pattern matches the frame's script (or its name, for V8's own entries) names its part. */
const PARTS = [
  ['idle', /^\(idle\)$/],
  ['garbage collector', /^\(garbage collector\)$/],
  ['PGlite (Postgres in WASM)', /@electric-sql\/pglite|wasm:\/\//],
  ['drizzle-orm', /drizzle-orm/],
  ['pg (PostgreSQL client)', /node_modules\/(pg|pg-protocol|pg-pool)\//],
  ['sockets (Socket.IO, engine.io, ws)', /socket\.io|engine\.io|node_modules\/ws\//],
  ['HTTP (Fastify)', /fastify|find-my-way|light-my-request|avvio/],
  ['validation (zod)', /node_modules\/zod\//],
  ['Redis', /ioredis|redis/],
  ['our code (dist/main.js)', /dist\/main\.js/],
  ['Node internals', /^node:|^internal\/|^\(program\)$|^$/],
];
const partOf = ({ url, functionName }) => PARTS.find(([, re]) => re.test(url || functionName))?.[0] ?? 'other npm packages';

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map();
for (const [i, id] of profile.samples.entries()) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));

const parts = new Map();
const functions = new Map();
let total = 0;
for (const [id, us] of selfUs) {
  const { callFrame } = byId.get(id);
  const part = partOf(callFrame);
  if (part === 'idle') continue;
  total += us;
  parts.set(part, (parts.get(part) ?? 0) + us);
  const key = frameName(callFrame);
  functions.set(key, (functions.get(key) ?? 0) + us);
}
const pct = (us) => `${((us / total) * 100).toFixed(1)} %`;
const sorted = (m) => [...m].sort((a, b) => b[1] - a[1]);
console.log(`busy ${(total / 1e6).toFixed(1)} s of samples (idle left out)\n\n| part | self time |\n| --- | --- |`);
for (const [part, us] of sorted(parts)) console.log(`| ${part} | ${pct(us)} |`);
console.log(`\n| function | self time |\n| --- | --- |`);
for (const [fn, us] of sorted(functions).slice(0, TOP)) console.log(`| \`${fn}\` | ${pct(us)} |`);
