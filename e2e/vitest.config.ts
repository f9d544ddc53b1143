import { defineConfig } from 'vitest/config';

/** Browser flows against the production build, one server per file, one file at a time (2 cores). */
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
    // A failed assertion shows its whole value (an axe violation's rule and node), not '[ Array(1) ]'.
    chaiConfig: { truncateThreshold: 0 },
    reporters: ['default', 'json'],
    outputFile: { json: '../.test-results/e2e.json' },
  },
});
