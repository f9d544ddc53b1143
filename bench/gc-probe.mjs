// Preloaded into the benchmarked processes (node --expose-gc --import): on SIGUSR2, a full GC, then the heap
// and external memory (and RSS) are written to BENCH_PROBE_FILE. The app's own code knows nothing of it.
import { writeFileSync } from 'node:fs';

process.on('SIGUSR2', () => {
  globalThis.gc?.();
  globalThis.gc?.();
  const m = process.memoryUsage();
  writeFileSync(process.env.BENCH_PROBE_FILE, JSON.stringify({ heapUsed: m.heapUsed, external: m.external, rss: m.rss }));
});
