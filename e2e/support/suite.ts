import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startE2EServer, type E2EServer, type E2EServerOptions } from './server';

/**
 * One server on a fresh embedded database and one Chromium for the file's tests, stopped after them; `env` and
 * `opts` as startE2EServer's (the fake WhatsApp Web, for one).
 */
export function useE2E(serverEnv: Record<string, string> = {}, opts: E2EServerOptions = {}): { server: E2EServer; browser: Browser } {
  const env = {} as { server: E2EServer; browser: Browser };
  beforeAll(async () => {
    env.server = await startE2EServer(serverEnv, opts);
    env.browser = await launchBrowser();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}
