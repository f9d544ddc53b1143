import { describe, expect, it, vi } from 'vitest';
import { installApi, parseUser, type BalcaoApi, type Win } from './identity';

const api = (): BalcaoApi => ({ setUser: vi.fn(), logout: vi.fn(), open: vi.fn(), close: vi.fn(), toggle: vi.fn(), destroy: vi.fn() });
const user = { identifier: 'u-1', nome: 'Ana', email: 'ana@ex.com', hash: 'abc' };

describe('window.Balcao', () => {
  it('takes the identity from BalcaoSettings', () => {
    const win: Win = { BalcaoSettings: { user } };
    expect(installApi(win, api())).toEqual(user);
  });

  it('replays calls queued before the script loaded, the last setUser winning', async () => {
    const a = api();
    const win: Win = { Balcao: { q: [['setUser', { identifier: 'old' }], ['setUser', user], ['open']] } };
    expect(installApi(win, a)).toEqual(user);
    expect(win.Balcao).toBe(a);
    await Promise.resolve();
    expect(a.open).toHaveBeenCalled();
  });

  it('accepts a stub that queued its arguments objects', () => {
    const win: Win = {};
    const stub = function (..._args: unknown[]) {
      stub.q ||= [];
      // biome-ignore lint/complexity/noArguments: the embed snippet's stub queues arguments objects, which is what this test feeds in
      stub.q.push(arguments);
    } as ((...a: unknown[]) => void) & { q?: ArrayLike<unknown>[] };
    stub('setUser', user);
    win.Balcao = stub;
    expect(installApi(win, api())).toEqual(user);
  });

  it('ignores identities without an identifier', () => {
    expect(parseUser({ nome: 'Ana' })).toBeNull();
    expect(parseUser('u-1')).toBeNull();
    expect(parseUser({ identifier: 42 })).toEqual({ identifier: '42' });
    expect(parseUser({ identifier: 'x', email: 5 })).toEqual({ identifier: 'x' });
  });
});
