// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetConfigPublica, getConfigPublica } from './config-publica';
import { clearToken, setToken } from './session-store';

const CONFIG = { telemetria: { chave: 'phc_x', host: 'https://eu.i.posthog.com' }, push: null };

/** Answers the config (or fails once with 503) and counts the calls. */
function serve(failFirst = false) {
  let calls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      calls += 1;
      if (failFirst && calls === 1) return new Response('', { status: 503 });
      return new Response(JSON.stringify(CONFIG), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return () => calls;
}

describe('GET /backend/api/public/config, once per session', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetConfigPublica();
    clearToken();
  });

  it('is fetched once for analytics and Web Push alike, again for another sign-in and after a change', async () => {
    const calls = serve();
    setToken('token-a');
    const [a, b] = await Promise.all([getConfigPublica(), getConfigPublica()]);
    expect(await getConfigPublica()).toEqual(CONFIG);
    expect([a, b]).toEqual([CONFIG, CONFIG]);
    expect(calls()).toBe(1);
    setToken('token-b');
    await getConfigPublica();
    expect(calls()).toBe(2);
    forgetConfigPublica();
    await getConfigPublica();
    expect(calls()).toBe(3);
  });

  it('asks again after a failed read', async () => {
    const calls = serve(true);
    setToken('token-c');
    await expect(getConfigPublica()).rejects.toThrow();
    expect(await getConfigPublica()).toEqual(CONFIG);
    expect(calls()).toBe(2);
  });
});
