import { createHash } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTOS_ANALISE } from '@balcao/shared/telemetria';
import { launchBrowser, loginAs, newContext } from './support/browser';
import { startFakePostHog } from './support/fake-posthog';
import { startE2EServer, type E2EServer } from './support/server';

const KEY = 'phc_e2eTesteBalcao';
const SEGREDO = 'Texto sigiloso do pedido 4471';
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe('product analytics (PostHog), opt-in', () => {
  let fake: Awaited<ReturnType<typeof startFakePostHog>>;
  let on: E2EServer;
  let browser: Browser;
  beforeAll(async () => {
    fake = await startFakePostHog();
    on = await startE2EServer({ POSTHOG_KEY: KEY, POSTHOG_HOST: fake.url });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await on?.stop();
    await fake?.stop();
  });

  /** A signed-in page; `toFake` collects the URLs it requests from the analytics host. */
  const open = async (server: E2EServer, email: string, toFake?: string[]) => {
    const ctx = await newContext(browser, server.baseUrl);
    // posthog-js drops events from browsers it takes for bots (HeadlessChrome, navigator.webdriver): a person's browser.
    await ctx.addInitScript((ua) => {
      Object.defineProperty(Navigator.prototype, 'userAgent', { get: () => ua });
      Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false });
      Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => undefined });
    }, DESKTOP_UA);
    const page = await ctx.newPage();
    if (toFake) page.on('request', (r) => void (r.url().startsWith(fake.url) && toFake.push(r.url())));
    await loginAs(page, email);
    await page.getByRole('button', { name: 'Chat interno', exact: true }).waitFor();
    return page;
  };
  const panel = (page: Page) => page.getByRole('dialog', { name: 'Chat interno' });
  /** Marta writes to Ana in the internal chat, with the send button (a marked element). */
  const talk = async (marta: Page, ana: Page, text: string) => {
    await marta.getByRole('button', { name: 'Chat interno', exact: true }).click();
    await panel(marta).getByRole('heading', { name: 'Conversas' }).waitFor();
    const existing = panel(marta).getByRole('button', { name: /Ana Admin/ });
    if (await existing.count()) await existing.first().click();
    else {
      await panel(marta).getByRole('button', { name: 'Nova conversa ou grupo' }).click();
      await marta.getByRole('menuitem', { name: 'Nova conversa' }).click();
      const modal = marta.getByRole('dialog', { name: 'Nova Conversa' });
      await modal.getByRole('radio', { name: 'Ana Admin' }).click();
      await modal.getByRole('button', { name: 'Criar conversa' }).click();
    }
    await panel(marta).getByRole('textbox', { name: 'Digite sua mensagem...' }).fill(text);
    await panel(marta).getByRole('button', { name: 'Enviar mensagem' }).click();
    await expect.poll(() => ana.getByTestId('chat-interno-badge').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  };
  /** The page as the browser hides it (another tab, minimised): the counters leave by beacon. */
  const hide = (page: Page) =>
    page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
  const named = (event: string) => fake.events().filter((e) => e.event === event);

  it('sends page views, the hashed identify, the named events and marked clicks; never a text or an e-mail', async () => {
    const marta = await open(on, 'master@demo.local');
    const ana = await open(on, 'admin@demo.local');
    await expect.poll(() => named('$pageview').length).toBeGreaterThan(0);
    await expect.poll(() => named('$identify').map((e) => e.properties.distinct_id)).toContain(sha256('master@demo.local'));
    await talk(marta, ana, SEGREDO);

    await expect
      .poll(() => named(EVENTOS_ANALISE.enviada).map((e) => [e.properties.canal, e.properties.tipo]))
      .toContainEqual(['interno', 'text']);
    await expect
      .poll(() => named(EVENTOS_ANALISE.recebida).map((e) => [e.properties.canal, e.properties.tipo]))
      .toContainEqual(['interno', 'text']);
    await expect.poll(() => named('element_clicked').map((e) => e.properties.analytics_id)).toContain('chat-interno-enviar');
    await hide(ana);
    await expect
      .poll(() => named(EVENTOS_ANALISE.contadores).map((e) => [e.properties.enviadas, e.properties.recebidas]))
      .toContainEqual([0, 1]);
    await hide(marta);
    await expect
      .poll(() => named(EVENTOS_ANALISE.contadores).map((e) => [e.properties.enviadas, e.properties.recebidas]))
      .toContainEqual([1, 0]);

    // Nothing typed, no e-mail, no name left in any request (URL or body, decoded or not).
    const everything = fake.requests.map((r) => `${r.path}\n${r.raw}\n${r.text}`).join('\n');
    for (const leak of [SEGREDO, 'demo.local', 'demo%2Elocal', 'Marta Master', 'Ana Admin']) expect(everything).not.toContain(leak);
    const decoded = fake.requests.map((r) => `${decodeURIComponent(r.path)}\n${r.text}`).join('\n');
    expect(decoded).not.toMatch(/[\w.+-]+@[\w-]+\.[a-z]{2,}/i);
    await marta.context().close();
    await ana.context().close();
  });

  it("sends nothing once the account's admin turns it off in Configurações", async () => {
    // Marta is signed in already: the switch applies to her open tab at once (the server tells its socket).
    const already = await open(on, 'master@demo.local');
    const ana = await open(on, 'admin@demo.local');
    /** The tab reads the public config again and learns analytics is off (its earlier reads said on). */
    const learnsOff = (page: Page) =>
      page.waitForResponse(
        async (r) =>
          r.url().endsWith('/backend/api/public/config') &&
          // A read cut short by the page's own navigation has no body: not this one.
          (await r.json().catch(() => null))?.telemetria === null,
        { timeout: 45_000 },
      );
    const [readAgain, ownReadAgain] = [learnsOff(already), learnsOff(ana)];
    await ana.goto('/config');
    const box = ana.getByRole('checkbox', { name: 'Análise de uso do produto' });
    await box.uncheck();
    await ana.getByRole('button', { name: 'Salvar' }).click();
    await ana.getByText('Configurações salvas.').waitFor();
    await Promise.all([readAgain, ownReadAgain]);
    await already.context().close();
    await ana.context().close();

    // From here, the browser itself must not call the analytics host at all (the library never loads).
    const toFake: string[] = [];
    const marta = await open(on, 'master@demo.local', toFake);
    const ana2 = await open(on, 'admin@demo.local', toFake);
    await talk(marta, ana2, `${SEGREDO} (desligado)`);
    await hide(marta);
    await hide(ana2);
    const login = (await (
      await fetch(`${on.baseUrl}/backend/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'atendente@demo.local', senha: 'balcao-demo' }),
      })
    ).json()) as { token: string };
    const cfg = await fetch(`${on.baseUrl}/backend/api/public/config`, { headers: { authorization: `Bearer ${login.token}` } });
    expect(await cfg.json()).toMatchObject({ telemetria: null });
    expect(toFake).toEqual([]);
    await marta.context().close();
    await ana2.context().close();
  });

  it('sends nothing, and loads no library, when the operator set no POSTHOG_KEY', async () => {
    const off = await startE2EServer();
    try {
      const before = fake.requests.length;
      const scripts: string[] = [];
      const ctx = await newContext(browser, off.baseUrl);
      const page = await ctx.newPage();
      page.on('response', async (r) => {
        if (r.request().resourceType() === 'script') scripts.push(await r.text().catch(() => ''));
      });
      await loginAs(page, 'master@demo.local');
      await page.getByRole('button', { name: 'Chat interno', exact: true }).waitFor();
      expect(await (await fetch(`${off.baseUrl}/backend/api/public/config`)).json()).toMatchObject({ telemetria: null });
      expect(scripts.some((s) => s.includes('posthog-js'))).toBe(false);
      expect(fake.requests.length).toBe(before);
      await ctx.close();
    } finally {
      await off.stop();
    }
  }, 180_000); // a second server starts (fresh embedded database, demo seed)
});
