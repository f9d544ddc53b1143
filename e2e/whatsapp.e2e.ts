import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSAS_PAGE_SIZE } from '@balcao/shared/atendimentos';
import { WHATSAPP_TEXTS } from '@balcao/shared/canais';
import { INTEGRACOES_STORAGE, INTEGRACOES_TEXTS, WHATSAPP_BANNER_DISMISS_MS } from '@balcao/shared/integracoes';
import { launchBrowser, loginAs, newContext, seriousA11yViolations } from './support/browser';
import { fullShot, lookAt } from './support/look';
import { startFakeHttp } from './support/fake-http';
import { E2E_DATABASES, startE2EServer, type E2EServer } from './support/server';
import { settled } from './support/shell';

const VECTORS = `${import.meta.dirname}/../apps/server/src/test/vectors/whatsapp-cloud`;

const GOOD_TOKEN = `EAAG${'a'.repeat(40)}`;
const APP_SECRET = 'segredo-do-app-123';
const PHONE_NUMBER_ID = '1122334455667';
/** The image vector's media id, and the PNG the fake Graph API serves for it. */
const MEDIA_ID = '65463453';
const FOTO = readFileSync(`${import.meta.dirname}/fixtures/foto.png`);

/** Meta's Graph API as far as these screens need it: the number's data, sends (recorded), errors like Meta's. */
async function startFakeGraph() {
  const sends: { path: string; auth: string | undefined; body: Record<string, unknown>; wamid: string }[] = [];
  let base = '';
  const fake = await startFakeHttp(({ req, res, path, body, json }) => {
    if (req.headers.authorization !== `Bearer ${GOOD_TOKEN}`)
      return json(401, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
    // Media: GET /{version}/{media-id} says where the file is; that URL answers it with the same bearer token.
    if (req.method === 'GET' && path === `/download/${MEDIA_ID}`) {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(FOTO.length) });
      return res.end(FOTO);
    }
    if (req.method === 'GET' && path.endsWith(`/${MEDIA_ID}`))
      return json(200, { url: `${base}/download/${MEDIA_ID}`, mime_type: 'image/png', sha256: 'x', file_size: FOTO.length, id: MEDIA_ID });
    if (req.method === 'GET' && path.endsWith(`/${PHONE_NUMBER_ID}`))
      return json(200, { display_phone_number: '+55 11 4000-1234', verified_name: 'Loja Demo', id: PHONE_NUMBER_ID });
    // The account's templates (GET /{waba-id}/message_templates): one approved with a variable, one still in review.
    if (req.method === 'GET' && path.endsWith('/message_templates'))
      return json(200, {
        data: [
          {
            name: 'retomar_atendimento',
            language: 'pt_BR',
            status: 'APPROVED',
            category: 'UTILITY',
            components: [{ type: 'BODY', text: 'Olá {{1}}! Podemos continuar seu atendimento por aqui?' }],
          },
          { name: 'promocao', language: 'pt_BR', status: 'PENDING', category: 'MARKETING', components: [{ type: 'BODY', text: 'Oferta' }] },
        ],
      });
    if (req.method === 'POST' && path.endsWith(`/${PHONE_NUMBER_ID}/messages`)) {
      // Meta's answer shape, with a wamid of its own per send (statuses find the message by it).
      const answer = JSON.parse(readFileSync(`${VECTORS}/send_text_response.json`, 'utf8'));
      const wamid = `wamid.E2E${sends.length + 1}`;
      answer.messages[0].id = wamid;
      sends.push({ path, auth: req.headers.authorization, body: JSON.parse(body || '{}'), wamid });
      return json(200, answer);
    }
    return json(404, { error: { message: 'Unknown path', code: 100 } });
  });
  base = fake.url;
  return { ...fake, sends };
}

/**
 * On the embedded database, and on PostgreSQL too when DATABASE_URL is set (CI). The second run keeps CI's time
 * within about a minute: the channel's set-up and the flows that store and deliver messages, without the
 * screenshots and axe passes of the first (the same screens), the banner, the modal and the 24-hour window.
 */
describe.each(E2E_DATABASES)('WhatsApp Cloud API on %s: connection banner and modal, Integrações, messages', (database) => {
  const onPostgres = database === 'postgres';
  /** The screens' light, dark and 390 px pictures and their axe checks, on the first run only. */
  const look = (page: Page, name: string) => (onPostgres ? undefined : lookAt(page, name));
  let server: E2EServer;
  let browser: Browser;
  let graph: Awaited<ReturnType<typeof startFakeGraph>>;
  beforeAll(async () => {
    graph = await startFakeGraph();
    server = await startE2EServer({ WHATSAPP_GRAPH_URL: graph.url }, { database });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await graph?.close();
  });

  const banner = (page: Page) => page.getByTestId('whatsapp-banner');
  /** The banner renders after the first poll: wait for one answer before saying it is absent. */
  const polled = (page: Page) => page.waitForResponse((r) => r.url().endsWith('/backend/Integracoes/get'));

  it.skipIf(onPostgres)('the master sees "WhatsApp Offline", closes it for 5 minutes, and "Conectar" leads to Integrações', async () => {
    const ctx = await newContext(browser, server.baseUrl);
    const page = await ctx.newPage();
    await loginAs(page, 'master@demo.local');
    await page.goto('/atendimentos');
    await banner(page).getByText(INTEGRACOES_TEXTS.offline).waitFor();
    await banner(page).getByRole('link', { name: INTEGRACOES_TEXTS.conectar }).waitFor();
    // Logged in just now: no modal for 2 minutes.
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await fullShot(page, 'whatsapp-banner-offline');

    const before = Date.now();
    await banner(page).getByRole('button', { name: INTEGRACOES_TEXTS.fecharBanner }).click();
    await banner(page).waitFor({ state: 'detached' });
    const until = Number(await page.evaluate((k) => localStorage.getItem(k), INTEGRACOES_STORAGE.bannerDismissedUntil));
    expect(until).toBeGreaterThanOrEqual(before + WHATSAPP_BANNER_DISMISS_MS);
    expect(until).toBeLessThanOrEqual(Date.now() + WHATSAPP_BANNER_DISMISS_MS);

    // Still hidden after a reload and a poll.
    const answered = polled(page);
    await page.reload();
    await answered;
    await settled(page);
    expect(await banner(page).count()).toBe(0);

    // When the 5 minutes end it comes back by itself, without a reload (the stored instant moved to 2 s from now).
    await page.evaluate((k) => localStorage.setItem(k, String(Date.now() + 2000)), INTEGRACOES_STORAGE.bannerDismissedUntil);
    await page.reload();
    await banner(page).waitFor({ timeout: 10_000 });

    await banner(page).getByRole('link', { name: INTEGRACOES_TEXTS.conectar }).click();
    await page.waitForURL((u) => u.pathname === '/config' && u.searchParams.get('tab') === 'integracoes');
    await page.getByRole('heading', { name: 'Integrações' }).waitFor();
    // Never on /config.
    expect(await banner(page).count()).toBe(0);
    await ctx.close();
  });

  it.skipIf(onPostgres)(
    'the connection modal invites the master once the 2 minutes after login are over; remind-later hides it',
    async () => {
      const ctx = await newContext(browser, server.baseUrl);
      const page = await ctx.newPage();
      await loginAs(page, 'master@demo.local');
      await page.evaluate((k) => localStorage.setItem(k, String(Date.now() - 3 * 60_000)), INTEGRACOES_STORAGE.loggedInAt);
      await page.goto('/atendimentos');
      const modal = page.getByRole('dialog', { name: INTEGRACOES_TEXTS.modalTitulo });
      await modal.waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await fullShot(page, 'whatsapp-modal');
      await modal.getByRole('button', { name: INTEGRACOES_TEXTS.modalLembrar }).click();
      await modal.waitFor({ state: 'detached' });
      expect(Number(await page.evaluate((k) => localStorage.getItem(k), INTEGRACOES_STORAGE.modalRemindUntil))).toBeGreaterThan(Date.now());
      await page.reload();
      await settled(page);
      expect(await page.getByRole('dialog').count()).toBe(0);
      // Closing (Escape) remembers the close for 24 h.
      await page.evaluate((k) => localStorage.removeItem(k), INTEGRACOES_STORAGE.modalRemindUntil);
      await page.reload();
      await modal.waitFor();
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
      expect(Number(await page.evaluate((k) => localStorage.getItem(k), INTEGRACOES_STORAGE.modalClosedAt))).toBeLessThanOrEqual(
        Date.now(),
      );
      await ctx.close();
    },
  );

  it('Integrações: connect a number, test it, pause (banner says so), tidy in light, dark and 390 px', async () => {
    const ctx = await newContext(browser, server.baseUrl);
    const page = await ctx.newPage();
    await loginAs(page, 'master@demo.local');
    await page.goto('/config?tab=integracoes');
    await page.getByText('Nenhum número do WhatsApp conectado.').waitFor();
    await look(page, 'integracoes-vazio');

    await page.getByRole('button', { name: 'Conectar WhatsApp' }).click();
    const dialog = page.getByRole('dialog', { name: 'Conectar número do WhatsApp' });
    await dialog.getByRole('button', { name: 'Conectar número' }).click();
    await dialog.getByText('Informe o token de acesso do Meta.').waitFor();
    await dialog.getByLabel('Nome').fill('Loja Centro');
    await dialog.getByLabel('Phone number ID').fill(PHONE_NUMBER_ID);
    await dialog.getByLabel('WhatsApp Business Account ID').fill('102290129340398');
    await dialog.getByLabel('Token de acesso').fill(GOOD_TOKEN);
    await dialog.getByLabel('Chave secreta do app (App Secret)').fill(APP_SECRET);
    await fullShot(page, 'integracoes-formulario');
    await dialog.getByRole('button', { name: 'Conectar número' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The success toast loads lazily: wait for it here, so the screenshots below wait for it to go instead of racing it.
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Número conectado' }).waitFor();

    const card = page.getByTestId('whatsapp-card');
    await card.getByText(/\/backend\/webhooks\/whatsapp\//).waitFor();
    // The secrets never come back: only the token's last 4 characters.
    expect(await card.textContent()).not.toContain(GOOD_TOKEN);
    expect(await card.textContent()).not.toContain(APP_SECRET);
    await card.getByRole('button', { name: 'Testar conexão' }).click();
    await card.getByText('+55 11 4000-1234').waitFor();
    await card.getByText('Loja Demo').waitFor();
    await look(page, 'integracoes');

    // Paused: the banner (outside /config) says 'WhatsApp Pausado' with 'Ativar'.
    await card.getByRole('button', { name: 'Pausar' }).click();
    await card.getByRole('button', { name: 'Ativar' }).waitFor();
    await page.goto('/atendimentos');
    await banner(page).getByText(INTEGRACOES_TEXTS.pausado).waitFor();
    await fullShot(page, 'whatsapp-banner-pausado');
    await banner(page).getByRole('link', { name: INTEGRACOES_TEXTS.ativar }).click();
    await page.waitForURL((u) => u.searchParams.get('tab') === 'integracoes');
    await card.getByRole('button', { name: 'Ativar' }).click();
    await card.getByRole('button', { name: 'Pausar' }).waitFor();
    await page.goto('/atendimentos');
    await polled(page);
    await settled(page);
    expect(await banner(page).count()).toBe(0);
    await ctx.close();
  });

  /** The number's webhook path, read through the API as the master's Integrações tab reads it. */
  const webhookPath = async (page: Page) => {
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const canais = (await (
      await fetch(`${server.baseUrl}/backend/api/canais/whatsapp`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { webhookUrl: string }[];
    return new URL(canais[0]!.webhookUrl).pathname;
  };
  /** Signed as Meta signs (X-Hub-Signature-256: HMAC-SHA256 of the raw bytes with the app secret) and posted. */
  const postSigned = async (webhook: string, raw: string) => {
    const res = await fetch(server.baseUrl + webhook, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`,
      },
      body: raw,
    });
    expect(res.status).toBe(200);
  };
  /** A vector as Meta would send it now from another customer: number, name and wamid replaced, dated `segundosAtras` ago. */
  const fromCustomer = (vector: string, c: { numero: string; nome: string; wamid: string; segundosAtras?: number }) =>
    readFileSync(`${VECTORS}/${vector}`, 'utf8')
      .replaceAll('972987654321', c.numero)
      .replace('"Test Name"', JSON.stringify(c.nome))
      .replace('"wamid.xyzxyz"', JSON.stringify(c.wamid))
      .replace(/"timestamp": "\d+"/, `"timestamp": "${Math.floor(Date.now() / 1000) - (c.segundosAtras ?? 0)}"`);

  it("a signed webhook text appears live in /atendimentos and the attendant's answer reaches the Graph API", async () => {
    const ctx = await newContext(browser, server.baseUrl);
    const page = await ctx.newPage();
    await loginAs(page, 'master@demo.local');
    const webhook = await webhookPath(page);
    await page.goto('/atendimentos');
    await settled(page);

    await postSigned(
      webhook,
      readFileSync(`${VECTORS}/incoming_text.json`, 'utf8')
        .replace('"Body Text"', '"Olá, vocês entregam no sábado?"')
        .replace('"1697043223"', `"${Math.floor(Date.now() / 1000)}"`),
    );

    const row = page.getByRole('listitem').filter({ hasText: 'Olá, vocês entregam no sábado?' });
    await row.waitFor({ timeout: 15_000 });
    await row.click();
    await page.getByRole('button', { name: 'Aceitar' }).click();
    const composer = page.getByLabel('Digite sua mensagem...');
    await composer.fill('Entregamos sim, das 8h às 12h.');
    await composer.press('Enter');
    // System lines (accepting) may reach the customer first: wait for the answer itself.
    await expect.poll(() => graph.sends.some((s) => JSON.stringify(s.body).includes('Entregamos sim')), { timeout: 15_000 }).toBe(true);
    const sent = graph.sends.find((s) => JSON.stringify(s.body).includes('Entregamos sim'))!;
    expect(sent.auth).toBe(`Bearer ${GOOD_TOKEN}`);
    expect(sent.body).toMatchObject({
      messaging_product: 'whatsapp',
      to: '972987654321',
      type: 'text',
      text: { body: 'Entregamos sim, das 8h às 12h.' },
    });
    // Accepted by Meta, the answer waits for its statuses: a signed 'read' turns the ticks blue, live.
    await page.getByRole('img', { name: 'Enviada' }).last().waitFor();
    await postSigned(webhook, readFileSync(`${VECTORS}/status_read.json`, 'utf8').replace('"wamid.xyzxyz"', JSON.stringify(sent.wamid)));
    await page.getByRole('img', { name: 'Lida' }).last().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The list's preview is the answer, not a row read before it (the accept's, a 'read' told late).
    await page.getByRole('listitem').filter({ hasText: 'Test Name' }).filter({ hasText: 'Entregamos sim, das 8h às 12h.' }).waitFor();
    await fullShot(page, 'whatsapp-atendimento');
    await ctx.close();
  });

  it('an image from the customer arrives live, fetched from the Graph API, and opens', async () => {
    const ctx = await newContext(browser, server.baseUrl);
    const page = await ctx.newPage();
    await loginAs(page, 'master@demo.local');
    await page.goto('/atendimentos');
    await settled(page);

    await postSigned(
      await webhookPath(page),
      fromCustomer('incoming_image.json', { numero: '5511988887777', nome: 'Cliente da Foto', wamid: 'wamid.E2EFOTO1' }),
    );
    const row = page.getByRole('listitem').filter({ hasText: 'Cliente da Foto' });
    await row.waitFor({ timeout: 15_000 });
    await row.click();
    const abrir = page.getByRole('link', { name: 'Abrir imagem em nova aba' }).last();
    await abrir.waitFor({ timeout: 15_000 });
    // Drawn from our own copy of Meta's file (the bytes of the fixture), not from Meta's short-lived URL.
    const img = abrir.locator('img');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    const src = (await img.getAttribute('src'))!;
    expect(src).toMatch(/^\/backend\/uploads\//);
    const [aberta] = await Promise.all([ctx.waitForEvent('page'), abrir.click()]);
    await aberta.waitForLoadState();
    expect(new URL(aberta.url()).pathname).toBe(src);
    const arquivo = await ctx.request.get(src);
    expect(arquivo.status()).toBe(200);
    expect(arquivo.headers()['content-type']).toBe('image/png');
    expect(Buffer.from(await arquivo.body()).equals(FOTO)).toBe(true);
    await aberta.close();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await fullShot(page, 'whatsapp-imagem');
    await ctx.close();
  });

  it.skipIf(onPostgres)(
    "a free-form answer outside WhatsApp's 24-hour window is refused in the composer, and Meta is never called",
    async () => {
      const ctx = await newContext(browser, server.baseUrl);
      const page = await ctx.newPage();
      await loginAs(page, 'master@demo.local');
      await page.goto('/atendimentos');
      await settled(page);

      // The customer's last message, as WhatsApp dates it, is 25 hours old (a webhook Meta retried late).
      const texto = fromCustomer('incoming_text.json', {
        numero: '5511977776666',
        nome: 'Cliente de Ontem',
        wamid: 'wamid.E2EONTEM1',
        segundosAtras: 25 * 3600,
      }).replace('"Body Text"', '"Ainda tem o modelo azul?"');
      await postSigned(await webhookPath(page), texto);
      const row = page.getByRole('listitem').filter({ hasText: 'Cliente de Ontem' });
      await row.waitFor({ timeout: 15_000 });
      await row.click();
      await page.getByRole('button', { name: 'Aceitar' }).click();
      const composer = page.getByLabel('Digite sua mensagem...');
      await composer.fill('Temos sim!');
      await composer.press('Enter');
      const aviso = page.getByRole('alert').filter({ hasText: WHATSAPP_TEXTS.foraDaJanela });
      await aviso.waitFor({ timeout: 15_000 });
      await aviso.getByText('Janela de 24 horas encerrada').waitFor();
      expect(graph.sends.some((s) => JSON.stringify(s.body).includes('Temos sim!'))).toBe(false);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await fullShot(page, 'whatsapp-fora-da-janela');

      // The template path: an approved template, its variable filled, goes out as Meta's type: template.
      await aviso.getByRole('button', { name: 'Enviar um modelo aprovado' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Modelo aprovado').selectOption('retomar_atendimento|pt_BR');
      await dialog.getByLabel('Variável {{1}}').fill('Cliente de Ontem');
      await dialog.getByText('Olá Cliente de Ontem! Podemos continuar seu atendimento por aqui?').waitFor();
      await lookAt(page, 'whatsapp-modelo');
      await dialog.getByRole('button', { name: 'Enviar modelo' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Olá Cliente de Ontem! Podemos continuar seu atendimento por aqui?').first().waitFor({ timeout: 15_000 });
      await expect
        .poll(() => graph.sends.find((x) => x.body.type === 'template')?.body, { timeout: 15_000 })
        .toMatchObject({
          template: { name: 'retomar_atendimento', language: { code: 'pt_BR' } },
        });
      await lookAt(page, 'whatsapp-modelo-enviado');
      await ctx.close();
    },
  );
  it('a customer beyond the loaded page writes again: the conversation comes to the top of the list, live, with its count', async () => {
    const ctx = await newContext(browser, server.baseUrl);
    const page = await ctx.newPage();
    await loginAs(page, 'master@demo.local');
    const webhook = await webhookPath(page);
    // More waiting conversations than a page holds (30): the first customer's is not among those loaded.
    for (let n = 0; n <= CONVERSAS_PAGE_SIZE; n++)
      await postSigned(
        webhook,
        fromCustomer('incoming_text.json', {
          numero: `55119600000${String(n).padStart(2, '0')}`,
          nome: `Cliente ${n}`,
          wamid: `wamid.E2EPAG${n}`,
        }),
      );
    // All stored before the list loads (the webhook is answered before it is processed).
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const ultima = `${server.baseUrl}/backend/api/atendimento/conversas?status=aguardando&busca=Cliente%20${CONVERSAS_PAGE_SIZE}`;
    const achadas = async () =>
      ((await (await fetch(ultima, { headers: { authorization: `Bearer ${token}` } })).json()) as { itens: unknown[] }).itens.length;
    await expect.poll(achadas, { timeout: 15_000 }).toBe(1);
    await page.goto('/atendimentos');
    await settled(page);
    // By the name as shown, exactly: a row's text runs into its time ('Cliente 3' + '01:13' holds 'Cliente 30').
    const rowOf = (nome: string) => page.getByRole('listitem').filter({ has: page.getByText(nome, { exact: true }) });
    await rowOf(`Cliente ${CONVERSAS_PAGE_SIZE}`).waitFor();
    expect(await rowOf('Cliente 0').count()).toBe(0);

    const aguardando = page.getByRole('tab', { name: /^Aguardando/ });
    const contagem = await aguardando.textContent();

    // The hub sends the message without its row: the screen reads the row it does not hold.
    await postSigned(
      webhook,
      fromCustomer('incoming_text.json', { numero: '5511960000000', nome: 'Cliente 0', wamid: 'wamid.E2EPAGDENOVO' }).replace(
        '"Body Text"',
        '"Alguém aí?"',
      ),
    );
    const primeira = page
      .getByRole('list', { name: /^Atendimentos:/ })
      .getByRole('listitem')
      .first();
    await primeira.filter({ hasText: 'Alguém aí?' }).waitFor({ timeout: 15_000 });
    await expect.poll(() => primeira.textContent()).toContain('Cliente 0');
    expect(await primeira.textContent()).toContain('Não lidas: 2');
    // A conversation the tab already counted is not counted again.
    expect(await aguardando.textContent()).toBe(contagem);
    await fullShot(page, 'whatsapp-lista-alem-da-pagina');
    await ctx.close();
  });
});
