import { defineConfig } from 'vitest/config';

/** Browser flows against the production build, one server per file, one file at a time (2 cores). */
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // What a page shows after a lazy chunk (sonner loads with the first toast) can take seconds on two busy
    // cores: expect.poll waits up to 10 s, not vitest's 1 s (a ?token= welcome toast missed it in CI once).
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    // A failed assertion shows its whole value (an axe violation's rule and node), not '[ Array(1) ]'.
    chaiConfig: { truncateThreshold: 0 },
    reporters: ['default', 'json'],
    outputFile: { json: '../.test-results/e2e.json' },
  },
});
