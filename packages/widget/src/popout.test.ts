import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerPopout, askOpener, fromAllowedSite } from './popout';

/** A window as far as postMessage goes: it records what is posted to it and dispatches what it receives. */
class FakeWindow extends EventTarget {
  posted: { data: unknown; target: string }[] = [];
  opener: FakeWindow | null = null;
  postMessage(data: unknown, target: string) {
    this.posted.push({ data, target });
  }
  receive(data: unknown, origin: string, source: unknown) {
    this.dispatchEvent(Object.assign(new Event('message'), { data, origin, source }));
  }
}
const asWindow = (w: FakeWindow) => w as unknown as Window;
const SITE = 'https://loja.exemplo.com.br';
const CHAT = 'https://chat.balcao.test';

afterEach(() => vi.useRealTimers());

describe('popout hand-over (the visitor never travels in the URL)', () => {
  it('asks its opener, and takes the answer of that window only', async () => {
    const opener = new FakeWindow();
    const popout = new FakeWindow();
    popout.opener = opener;
    const got = askOpener(asWindow(popout), 'tok-1');
    expect(opener.posted).toEqual([{ data: { type: 'balcao:pronto', canal: 'tok-1' }, target: '*' }]);
    const intruder = new FakeWindow();
    popout.receive({ type: 'balcao:visitante', canal: 'tok-1', visitante: 'v-intruso-123' }, 'https://intruso.example', intruder);
    popout.receive({ type: 'balcao:visitante', canal: 'outro', visitante: 'v-outro-canal' }, SITE, opener);
    popout.receive({ type: 'balcao:visitante', canal: 'tok-1', visitante: { a: 1 } }, SITE, opener);
    popout.receive({ type: 'balcao:visitante', canal: 'tok-1', visitante: 'v-certo-1234' }, SITE, opener);
    await expect(got).resolves.toEqual({ origin: SITE, visitante: 'v-certo-1234' });
  });

  it('takes a handed-over visitor only from one of the channel sites', () => {
    expect(fromAllowedSite(SITE, [`${SITE.toUpperCase()}/`])).toBe(true);
    expect(fromAllowedSite('https://intruso.example', [SITE])).toBe(false);
    expect(fromAllowedSite(SITE, undefined)).toBe(false);
  });

  it('starts without a visitor when there is no opener or it does not answer', async () => {
    await expect(askOpener(asWindow(new FakeWindow()), 'tok-1')).resolves.toBeNull();
    vi.useFakeTimers();
    const popout = new FakeWindow();
    popout.opener = new FakeWindow();
    const got = askOpener(asWindow(popout), 'tok-1', 3000);
    vi.advanceTimersByTime(3000);
    await expect(got).resolves.toBeNull();
  });

  it('the site answers only the popout it opened, speaking from the chat origin, and only to that origin', async () => {
    const site = new FakeWindow();
    const popup = new FakeWindow();
    const stop = answerPopout(asWindow(site), asWindow(popup), CHAT, 'tok-1', async () => 'v-do-site-1234');
    const pronto = { type: 'balcao:pronto', canal: 'tok-1' };
    site.receive(pronto, 'https://intruso.example', popup);
    site.receive(pronto, CHAT, new FakeWindow());
    site.receive({ ...pronto, canal: 'outro' }, CHAT, popup);
    await Promise.resolve();
    expect(popup.posted).toEqual([]);
    site.receive(pronto, CHAT, popup);
    await vi.waitFor(() => expect(popup.posted).toHaveLength(1));
    expect(popup.posted[0]).toEqual({ data: { type: 'balcao:visitante', canal: 'tok-1', visitante: 'v-do-site-1234' }, target: CHAT });
    stop();
    site.receive(pronto, CHAT, popup);
    await Promise.resolve();
    expect(popup.posted).toHaveLength(1);
  });
});
