// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOVA_VERSAO_TEXTS as T, WEB_BUILD_HEADER } from '@balcao/shared/layout';

/** A tab opened anew: its own modules (the build it read, whether it was told of another), rendering the notice. */
async function abaNova() {
  vi.resetModules();
  const [{ request }, { NovaVersaoAviso }] = await Promise.all([import('@/lib/http'), import('./nova-versao-aviso')]);
  render(<NovaVersaoAviso />);
  return request;
}

/** The page this tab loaded: its entry script names its build, as the built index.html does. */
const carregadaCom = (src: string) => {
  const s = document.createElement('script');
  s.type = 'module';
  s.setAttribute('src', src);
  document.head.append(s);
};
const respondeCom = (build: string | null) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 200, headers: build ? { [WEB_BUILD_HEADER]: build } : {} })),
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a tab of an earlier build than the server (NovaVersaoAviso)', () => {
  it('says nothing while the server serves this build or names none, then offers to reload once it names another', async () => {
    // In development the page loads Vite's source entry: whatever build the server names, nothing is said.
    carregadaCom('/src/main.tsx');
    let request = await abaNova();
    respondeCom('/assets/index-aaa.js');
    await act(() => request('GET', '/x', null));
    expect(screen.queryByText(T.aviso)).toBeNull();
    cleanup();
    document.head.replaceChildren();

    carregadaCom('/assets/index-aaa.js');
    request = await abaNova();
    respondeCom('/assets/index-aaa.js');
    await request('GET', '/x', null);
    respondeCom(null);
    await request('GET', '/x', null);
    expect(screen.queryByText(T.aviso)).toBeNull();

    respondeCom('/assets/index-bbb.js');
    await act(() => request('GET', '/x', null));
    expect(screen.getByRole('region', { name: T.aviso })).toBeTruthy();
    expect(screen.getByRole('button', { name: T.atualizar })).toBeTruthy();
  });
});
