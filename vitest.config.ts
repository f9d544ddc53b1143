import { defineConfig } from 'vitest/config';

/** Unit and integration tests of every workspace; e2e flows run separately (e2e/run.mjs). */
export default defineConfig({
  resolve: { alias: { '@': new URL('./apps/web/src', import.meta.url).pathname } },
  test: {
    include: ['packages/**/*.test.ts', 'apps/**/*.test.{ts,tsx}', 'scripts/**/*.test.mjs'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    setupFiles: ['./vitest.setup.ts', './apps/web/src/testing-library.setup.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: '.test-results/vitest.json' },
  },
});
