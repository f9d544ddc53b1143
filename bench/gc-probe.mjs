// Preloaded into the benchmarked processes (node --expose-gc --import): on SIGUSR2, a full GC, then the heap
// and external memory (and RSS) are written to BENCH_PROBE_FILE. The app's own code knows nothing of it.
// The file is opened at start: with every descriptor taken by sockets, opening it later would fail.
import { ftruncateSync, openSync, writeSync } from 'node:fs';

const fd = openSync(process.env.BENCH_PROBE_FILE, 'w+');
let seq = 0;
process.on('SIGUSR2', () => {
  globalThis.gc?.();
  globalThis.gc?.();
  const m = process.memoryUsage();
  ftruncateSync(fd, 0);
  writeSync(fd, JSON.stringify({ seq: ++seq, heapUsed: m.heapUsed, external: m.external, rss: m.rss }), 0);
});
