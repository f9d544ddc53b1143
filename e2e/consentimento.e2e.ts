import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newContext, PHONE, seriousA11yViolations } from './support/browser';
import { fullShot } from './support/look';
import { freePort, startE2EServer, type E2EServer } from './support/server';

const VECTORS = `${import.meta.dirname}/../apps/server/src/test/vectors/whatsapp-cloud`;
const TOKEN = `EAAG${'c'.repeat(40)}`;
const APP_SECRET = 'segredo-do-app-consentimento';
const PNID = '5566778899001';
const OPERATOR_TOKEN = `operador-e2e-${randomUUID()}`;
const WA_ID = '5511987651234';
const LABEL_HOST = 'atendimento.revenda.test';

/** Meta's Graph API as these flows need it: the number's data and sends (recorded, answered like Meta). */
async function startFakeGraph() {
  const port = await freePort();
  const sends: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => {
      body += d;
    });
    req.on('end', () => {
      const json = (v: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(v));
      };
      if (req.method === 'POST' && req.url?.endsWith('/messages')) {
        sends.push(body);
        const answer = JSON.parse(readFileSync(`${VECTORS}/send_text_response.json`, 'utf8'));
        answer.messages[0].id = `wamid.CONS${sends.length}`;
        return json(answer);
      }
      return json({ display_phone_number: '+55 11 4000-9999', verified_name: 'Loja Demo', id: PNID });
    });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${port}`, sends, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('Consent on /confirmar-lid and white-label mode', () => {
  let server: E2EServer;
  let browser: Browser;
  let graph: Awaited<ReturnType<typeof startFakeGraph>>;
  let master: string;
  let hookToken: string;
  beforeAll(async () => {
    graph = await startFakeGraph();
    server = await startE2EServer({ WHATSAPP_GRAPH_URL: graph.url, OPERATOR_TOKEN });
    browser = await launchBrowser();
    const login = await fetch(`${server.baseUrl}/backend/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'master@demo.local', senha: 'balcao-demo' }),
    });
    master = ((await login.json()) as { token: string }).token;
    const canal = await api('POST', '/backend/api/canais/whatsapp', {
      nome: 'WhatsApp Loja',
      phoneNumberId: PNID,
      wabaId: '102290129340398',
      accessToken: TOKEN,
      appSecret: APP_SECRET,
      verifyToken: 'verifica',
    });
    hookToken = (canal as { token: string }).token;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await graph?.close();
  });

  async function api(method: string, path: string, body?: unknown, auth = `Bearer ${master}`) {
    const r = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { authorization: auth, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(r.status, `${method} ${path}`).toBeLessThan(300);
    return r.json() as Promise<unknown>;
  }

  /** The customer writes on WhatsApp: a signed Cloud API delivery, as Meta sends it. */
  async function customerWrites(text: string) {
    const raw = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '551140009999', phone_number_id: PNID },
                contacts: [{ wa_id: WA_ID, profile: { name: 'Cliente Lead' } }],
                messages: [
                  {
                    from: WA_ID,
                    id: `wamid.${randomUUID()}`,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    type: 'text',
                    text: { body: text },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const r = await fetch(`${server.baseUrl}/backend/webhooks/whatsapp/${hookToken}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`,
      },
      body: raw,
    });
    expect(r.status).toBe(200);
  }

  it('a WhatsApp customer gets the link, confirms on a 390 px page; the directory shows it; SAIR revokes it', async () => {
    await customerWrites('quero receber ofertas');
    const ctx = await newContext(browser, server.baseUrl);
    const page = await ctx.newPage();
    await loginAs(page, 'master@demo.local');
    await page.goto('/clientes');
    const row = page.getByRole('listitem').filter({ hasText: 'Cliente Lead' });
    await row.waitFor();
    await row.getByText('Nunca solicitado').waitFor();
    await row.getByRole('button', { name: 'Editar Cliente Lead' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar cliente' });
    await dialog.getByText('Consentimento (LGPD)').waitFor();
    await dialog.getByRole('button', { name: 'Pedir confirmação' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Link de confirmação enviado pelo WhatsApp.' }).waitFor();
    await dialog.getByText('Aguardando resposta').first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await fullShot(page, 'consentimento-dialogo');
    await page.keyboard.press('Escape');

    await expect.poll(() => graph.sends.some((b) => b.includes('/confirmar-lid?token='))).toBe(true);
    const link = /https?:\/\/[^"\s]+\/confirmar-lid\?token=[A-Za-z0-9_.-]+/.exec(
      graph.sends.find((b) => b.includes('/confirmar-lid'))!,
    )![0];

    const phone = await newContext(browser, server.baseUrl, PHONE);
    const cp = await phone.newPage();
    await cp.goto(new URL(link).pathname + new URL(link).search);
    await cp.getByRole('button', { name: 'Confirmar' }).waitFor();
    await cp.getByText('Mensagens pelo WhatsApp').waitFor();
    expect(await cp.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousA11yViolations(cp)).toEqual([]);
    await fullShot(cp, 'confirmar-lid-390');
    await cp.getByRole('button', { name: 'Confirmar' }).click();
    await cp.getByText('Obrigado! Você vai receber nossas mensagens.').waitFor();
    await fullShot(cp, 'confirmar-lid-confirmado-390');
    await cp.goto('/confirmar-lid?token=nao-existe');
    await cp.getByRole('heading', { name: 'Link inválido' }).waitFor();
    await fullShot(cp, 'confirmar-lid-invalido-390');
    await phone.close();

    await page.reload();
    await row.getByText('Aceito').waitFor();
    await fullShot(page, 'clientes-consentimento-aceito');
    await customerWrites('SAIR');
    await expect.poll(() => graph.sends.some((b) => b.includes('não vai mais receber'))).toBe(true);
    await page.reload();
    await row.getByText('Revogado').waitFor();
    await ctx.close();
  });

  it('a white label’s host shows its logo on the login page and in the menu, and no Licença for the master', async () => {
    await api(
      'POST',
      '/backend/operador/white-labels',
      { id: 'revenda', nome: 'Revenda Atende', hosts: [LABEL_HOST], corPrimaria: '#0f766e' },
      `Bearer ${OPERATOR_TOKEN}`,
    );
    const logo = await fetch(`${server.baseUrl}/backend/operador/white-labels/revenda/logo`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, 'content-type': 'image/png' },
      body: readFileSync(`${import.meta.dirname}/fixtures/foto.png`),
    });
    expect(logo.status).toBe(200);
    const port = new URL(server.baseUrl).port;
    // The label's host resolves to this server, as DNS would send it there; plain http on it counts as secure,
    // as https would be in production (the app needs a secure context: crypto.randomUUID).
    const labelled = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        `--host-resolver-rules=MAP ${LABEL_HOST} 127.0.0.1`,
        `--unsafely-treat-insecure-origin-as-secure=http://${LABEL_HOST}:${port}`,
      ],
    });
    try {
      const ctx = await newContext(labelled, `http://${LABEL_HOST}:${port}`);
      const page = await ctx.newPage();
      await page.goto('/login');
      await page.getByRole('img', { name: 'Revenda Atende' }).waitFor();
      expect(await page.title()).toBe('Revenda Atende');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await fullShot(page, 'white-label-login');
      await loginAs(page, 'master@demo.local');
      await page.goto('/atendimentos');
      await page.getByRole('img', { name: 'Revenda Atende' }).first().waitFor();
      await page.getByRole('link', { name: 'Atendimentos' }).first().waitFor();
      expect(await page.getByRole('link', { name: 'Licença' }).count()).toBe(0);
      expect(await page.title()).not.toContain('Balcão');
      await fullShot(page, 'white-label-menu');
      await ctx.close();
    } finally {
      await labelled.close();
    }
    // The product's own host: Balcão, with Licença for the master.
    const ctx = await newContext(browser, server.baseUrl);
    const page = await ctx.newPage();
    await loginAs(page, 'master@demo.local');
    await page.goto('/atendimentos');
    await page.getByRole('link', { name: 'Licença' }).first().waitFor();
    await ctx.close();
  });
});
