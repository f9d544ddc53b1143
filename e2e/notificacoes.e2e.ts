import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { animationsSettled, DESKTOP, loginAs, newContext, PHONE, seriousA11yViolations } from './support/browser';
import { openUserMenu, shot } from './support/shell';
import { apiOf } from './support/api';
import { useE2E } from './support/suite';
import { HIDDEN_SWITCH, setHidden } from './support/visibility';
import { NOTIFICATION_SPY, notificationTitles, shownIn, shownInWorker, spyWorker } from './support/notificacoes';

const SITE = 'https://loja-notificacoes.exemplo.com.br';

/** Notifications and the installable app in Chromium: a hidden tab is told of a new customer; a closed one by push. */
describe('notifications and the installable app', () => {
  const env = useE2E();

  const api = apiOf(() => env.server.baseUrl);

  /** A website visitor who writes once, over the widget's socket as the widget does. */
  async function visitorWrites(canalToken: string, texto: string) {
    const { visitante } = await api<{ visitante: string }>(
      'POST',
      `/backend/api/public/widget/${canalToken}/sessao`,
      null,
      {},
      { origin: SITE },
    );
    const s = io(`${env.server.baseUrl}/widget`, {
      path: '/backend/socket.io',
      auth: { canal: canalToken, visitante },
      extraHeaders: { origin: SITE },
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        s.once('connect', () => resolve());
        s.once('connect_error', reject);
      });
      const ack = (await s.timeout(10_000).emitWithAck('EnviarMensagem', { clientId: randomUUID(), conteudo: texto })) as { ok: boolean };
      expect(ack.ok).toBe(true);
    } finally {
      s.disconnect();
    }
  }

  it('installs, tells a hidden tab of a new customer (title, notification), obeys preferences, and shows a push with the tab closed', async () => {
    const { token } = await api<{ token: string }>('POST', '/backend/api/auth/login', null, {
      email: 'admin@demo.local',
      senha: 'balcao-demo',
    });
    const canal = await api<{ token: string }>('POST', '/backend/api/canais/widget', token, {
      nome: 'Site notificações',
      origensPermitidas: [SITE],
    });

    const ctx = await newContext(env.browser, env.server.baseUrl);
    await ctx.grantPermissions(['notifications'], { origin: env.server.baseUrl });
    await ctx.addInitScript(HIDDEN_SWITCH);
    await ctx.addInitScript(NOTIFICATION_SPY);
    const page = await ctx.newPage();
    await loginAs(page, 'admin@demo.local');
    await page.waitForURL(/\/atendimentos/);

    // Installable: the manifest is linked, the service worker controls the page, Chromium reports no blocker.
    const manifest = await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? null);
    expect(manifest).toMatch(/\/manifest\.webmanifest$/);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const cdp = await ctx.newCDPSession(page);
    // Playwright's contexts are incognito ones, where Chromium never offers installation: every other criterion holds.
    const blockers = async () =>
      ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }).installabilityErrors
        .map((e) => e.errorId)
        .filter((id) => id !== 'in-incognito');
    await expect.poll(blockers).toEqual([]);

    // A new conversation while the tab is hidden: '(1) …' in the title and a browser notification.
    await setHidden(page, true);
    await visitorWrites(canal.token, 'Olá, vocês abrem amanhã?');
    await expect.poll(() => page.title()).toMatch(/^\(1\) /);
    await expect.poll(() => shownIn(page)).toEqual(['Novo atendimento']);
    expect(await notificationTitles(page)).toContain('Novo atendimento');
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toMatch(/^data:image\/svg\+xml/);
    await setHidden(page, false);
    await expect.poll(() => page.title()).not.toMatch(/^\(\d+\) /);
    await shot(page, 'notificacoes-aba-visivel');

    // Preferences: browser notifications and the new-conversation event off: nothing is counted or shown.
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      for (const n of (await reg?.getNotifications()) ?? []) n.close();
    });
    await api('PUT', '/backend/api/notificacoes/preferencias', token, { navegador: false, eventos: { novaConversa: false } });
    await page.reload();
    await page.getByRole('heading').first().waitFor();
    // The profile dialog's tab shows the saved switches (looked at light and dark, 1366 and 390 px).
    const perfil = page.getByRole('dialog', { name: 'Meu perfil' });
    const preferencias = async (nome: string) => {
      await openUserMenu(page, /Ana Admin/);
      await page.getByRole('menuitem', { name: 'Perfil' }).click();
      await perfil.getByRole('tab', { name: 'Notificações' }).click();
      expect(await perfil.getByLabel('Notificações do navegador').isChecked()).toBe(false);
      expect(await perfil.getByLabel('Novo atendimento na fila').isChecked()).toBe(false);
      expect(await perfil.getByLabel(/^Som/).isChecked()).toBe(true);
      // Allowed here: no line about the browser's permission.
      expect(await perfil.getByText('Permitir notificações neste navegador').count()).toBe(0);
      for (const tema of ['claro', 'escuro']) {
        await page.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'escuro'), tema);
        await animationsSettled(page);
        expect(await seriousA11yViolations(page), `${nome}-${tema}`).toEqual([]);
        await shot(page, `notificacoes-preferencias-${nome}-${tema}`);
      }
      await page.evaluate(() => document.documentElement.classList.remove('dark'));
      await page.keyboard.press('Escape');
      await perfil.waitFor({ state: 'detached' });
    };
    await preferencias('1366');
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: /menu/i }).first().click();
    await preferencias('390');
    await page.setViewportSize(DESKTOP);
    await setHidden(page, true);
    await visitorWrites(canal.token, 'Outro cliente aqui');
    // The list shows the second conversation: the event reached this tab, and it stayed quiet.
    await expect.poll(() => page.getByText('Outro cliente aqui').count()).toBeGreaterThan(0);
    expect(await page.title()).not.toMatch(/^\(\d+\) /);
    expect(await shownIn(page)).toEqual([]);
    expect(await notificationTitles(page)).toEqual([]);
    await setHidden(page, false);

    // A push with no Balcão tab open: the service worker shows it.
    const registrationId = await new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string }[] }) => {
        const r = e.registrations.find((x) => x.scopeURL.startsWith(env.server.baseUrl));
        if (r) resolve(r.registrationId);
      });
      void cdp.send('ServiceWorker.enable');
    });
    const blank = await ctx.newPage();
    const blankCdp = await ctx.newCDPSession(blank);
    await blankCdp.send('ServiceWorker.enable');
    await page.close();
    const worker = ctx.serviceWorkers().find((w) => w.url().startsWith(env.server.baseUrl));
    if (!worker) throw new Error('no service worker');
    await spyWorker(worker);
    await blankCdp.send('ServiceWorker.deliverPushMessage', {
      origin: env.server.baseUrl,
      registrationId,
      data: JSON.stringify({
        evento: 'mensagem',
        titulo: 'Nova mensagem',
        corpo: 'De Cliente',
        url: '/atendimentos',
        tag: 'atendimento:e2e',
      }),
    });
    await expect.poll(() => shownInWorker(worker)).toEqual(['Nova mensagem']);
    await blank.goto('/offline.html');
    expect(await notificationTitles(blank)).toContain('Nova mensagem');
    await shot(blank, 'notificacoes-offline');
    await ctx.close();
  });

  it("an internal chat notification's click opens that conversation in the panel, over the page in front or in a new tab", async () => {
    const sofia = await api<{ token: string }>('POST', '/backend/api/auth/login', null, {
      email: 'atendente@demo.local',
      senha: 'balcao-demo',
    });
    const admin = await api<{ token: string; user: { id: string } }>('POST', '/backend/api/auth/login', null, {
      email: 'admin@demo.local',
      senha: 'balcao-demo',
    });
    const conversa = await api<{ id: string }>('POST', '/backend/api/chat-interno/conversa', sofia.token, {
      usuarios: [admin.user.id],
      departamentos: [],
      nome: '',
    });
    await api('POST', '/backend/api/chat-interno/mensagem', sofia.token, {
      conversaId: conversa.id,
      mensagem: { id: randomUUID(), texto: 'Pode olhar o pedido 4512?', tipo: 'text', midiaUrl: null },
    });
    const url = `/atendimentos?chat=${conversa.id}`;
    const painel = (p: Page) => p.getByRole('dialog', { name: 'Chat interno' });

    // A tab open on another page: the service worker focuses it and asks it to open the notification's address.
    const ctx = await newContext(env.browser, env.server.baseUrl);
    const page = await ctx.newPage();
    await loginAs(page, 'admin@demo.local');
    await page.waitForURL(/\/atendimentos/);
    await page.goto('/config');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.evaluate((u) => {
      const data = { type: 'ABRIR', url: new URL(u, location.origin).href };
      navigator.serviceWorker.dispatchEvent(new MessageEvent('message', { data }));
    }, url);
    await painel(page).getByRole('log').getByText('Pode olhar o pedido 4512?').waitFor();
    // The page in front stays; the address forgets the request (a reload does not open it again).
    expect(new URL(page.url()).pathname).toBe('/config');
    await expect.poll(() => new URL(page.url()).searchParams.has('chat')).toBe(false);
    await shot(page, 'notificacoes-chat-interno-aberto');
    // Closed and opened again from its button, the panel starts from its list: the asked-for conversation is done with.
    const botao = page.locator('[data-chat-interno-toggle]');
    await botao.click();
    await painel(page).waitFor({ state: 'detached' });
    await botao.click();
    await painel(page).getByText('Carlos Atendente').first().waitFor();
    expect(await painel(page).getByRole('log').count()).toBe(0);

    // No tab open: the service worker opens the address in a new one.
    await page.close();
    const nova = await ctx.newPage();
    await nova.goto(url);
    await painel(nova).getByRole('log').getByText('Pode olhar o pedido 4512?').waitFor();
    await expect.poll(() => nova.url()).toBe(`${env.server.baseUrl}/atendimentos`);
    await ctx.close();
  });
});
