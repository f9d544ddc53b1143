import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startE2EServer, type E2EServer } from './server';

/** One server on a fresh embedded database and one Chromium for the file's tests, stopped after them. */
export function useE2E(): { server: E2EServer; browser: Browser } {
  const env = {} as { server: E2EServer; browser: Browser };
  beforeAll(async () => {
    env.server = await startE2EServer();
    env.browser = await launchBrowser();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}
