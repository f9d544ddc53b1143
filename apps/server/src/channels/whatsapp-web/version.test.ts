import { describe, expect, it } from 'vitest';
import { parseWaVersion, WaVersionSource } from './version';

const BUILT_IN = [2, 3000, 1] as [number, number, number];
const builtIn = async () => BUILT_IN;

describe('WhatsApp Web version', () => {
  it('parses WAPI_VERSION as WhatsApp Web writes it, and refuses anything else', () => {
    expect(parseWaVersion('2.3000.1023223821')).toEqual([2, 3000, 1023223821]);
    expect(parseWaVersion(' 2.3000.1023223821 ')).toEqual([2, 3000, 1023223821]);
    for (const bad of ['2.3000', 'v2.3000.1', '2.3000.1.4', 'latest', '']) expect(parseWaVersion(bad)).toBeNull();
  });

  it('WAPI_VERSION wins: the lookup is not even asked', async () => {
    let asked = 0;
    const src = new WaVersionSource({
      pinned: [2, 3000, 1023223821],
      lookup: async () => {
        asked += 1;
        return [2, 3000, 9];
      },
      builtIn,
    });
    expect(await src.choose()).toEqual({ version: [2, 3000, 1023223821], origem: 'WAPI_VERSION' });
    expect(asked).toBe(0);
  });

  it('uses the latest version found online, and reuses it on reconnects', async () => {
    let asked = 0;
    const src = new WaVersionSource({
      lookup: async () => {
        asked += 1;
        return [2, 3000, 42];
      },
      builtIn,
    });
    expect(await src.choose()).toEqual({ version: [2, 3000, 42], origem: 'online' });
    expect(await src.choose()).toEqual({ version: [2, 3000, 42], origem: 'online' });
    expect(asked).toBe(1);
  });

  it('falls back to the built-in version when the lookup fails or finds nothing', async () => {
    const failing = new WaVersionSource({ lookup: () => Promise.reject(new Error('getaddrinfo ENOTFOUND web.whatsapp.com')), builtIn });
    expect(await failing.choose()).toEqual({ version: BUILT_IN, origem: 'embutida' });
    const empty = new WaVersionSource({ lookup: async () => null, builtIn });
    expect(await empty.choose()).toEqual({ version: BUILT_IN, origem: 'embutida' });
  });

  it('a lookup that never answers (no network) is cut at the timeout and aborted: the connect goes on', async () => {
    let aborted = false;
    const src = new WaVersionSource({
      lookup: (signal) =>
        new Promise(() => {
          signal.addEventListener('abort', () => {
            aborted = true;
          });
        }),
      builtIn,
      timeoutMs: 50,
    });
    const t0 = Date.now();
    expect(await src.choose()).toEqual({ version: BUILT_IN, origem: 'embutida' });
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(aborted).toBe(true);
  });
});
