import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginAs, newContext } from './support/browser';
import { fullShot } from './support/look';
import { startFakeHttp } from './support/fake-http';
import { startE2EServer, type E2EServer } from './support/server';
import { settled } from './support/shell';

const VECTORS = `${import.meta.dirname}/../apps/server/src/test/vectors/whatsapp-cloud`;
const TOKEN = `EAAG${'b'.repeat(40)}`;
const APP_SECRET = 'segredo-do-app-456';
const PHONE_NUMBER_ID = '1122334455667';
const CLIENTE = '5571999990042';

/** Meta's Graph API as far as this flow needs: the number's data and sends (recorded, answered as Meta does). */
async function startFakeGraph() {
  const sends: Record<string, unknown>[] = [];
  const fake = await startFakeHttp(({ req, path, body, json }) => {
    if (req.method === 'GET' && path.endsWith(`/${PHONE_NUMBER_ID}`))
      return json(200, { display_phone_number: '+55 71 4000-1234', verified_name: 'Loja Demo', id: PHONE_NUMBER_ID });
    if (req.method === 'POST' && path.endsWith(`/${PHONE_NUMBER_ID}/messages`)) {
      const answer = JSON.parse(readFileSync(`${VECTORS}/send_text_response.json`, 'utf8'));
      answer.messages[0].id = `wamid.AUTO${sends.length + 1}`;
      sends.push(JSON.parse(body || '{}'));
      return json(200, answer);
    }
    return json(404, { error: { message: 'Unknown path', code: 100 } });
  });
  const texts = () => sends.map((s) => JSON.stringify(s));
  return { ...fake, texts };
}

describe('Atendimento automático: hours, welcome menu, labels, a private note and the export', () => {
  let server: E2EServer;
  let browser: Browser;
  let graph: Awaited<ReturnType<typeof startFakeGraph>>;
  beforeAll(async () => {
    graph = await startFakeGraph();
    server = await startE2EServer({ WHATSAPP_GRAPH_URL: graph.url });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await graph?.close();
  });

  const api = async (page: Page, method: string, path: string, body?: unknown) => {
    const token = await page.evaluate(() => localStorage.getItem('authToken'));
    const res = await fetch(`${server.baseUrl}/backend${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: await res.json().catch(() => null) };
  };
  let n = 0;
  const customerWrites = async (webhook: string, texto: string) => {
    n += 1;
    const raw = readFileSync(`${VECTORS}/incoming_text.json`, 'utf8')
      .replaceAll('972987654321', CLIENTE)
      .replace('"Test Name"', '"Beatriz Menu"')
      .replace('"wamid.xyzxyz"', `"wamid.menu.${n}"`)
      .replace('"Body Text"', JSON.stringify(texto))
      .replace('"1697043223"', `"${Math.floor(Date.now() / 1000)}"`);
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

  it('the owner sets hours and a menu; a WhatsApp customer picks Suporte; the attendant labels, notes and exports', async () => {
    const ctx = await newContext(browser, server.baseUrl);
    const page = await ctx.newPage();
    await loginAs(page, 'master@demo.local');
    const canal = await api(page, 'POST', '/api/canais/whatsapp', {
      nome: 'WhatsApp Loja',
      phoneNumberId: PHONE_NUMBER_ID,
      wabaId: '102290129340398',
      accessToken: TOKEN,
      appSecret: APP_SECRET,
      verifyToken: 'verificar',
    });
    expect(canal.status).toBe(201);
    const webhook = new URL((canal.json as { webhookUrl: string }).webhookUrl).pathname;

    // Hours: open all day, every day (the flow runs at any hour), one holiday.
    await page.goto('/config?tab=automatico');
    const dias = page.getByRole('list', { name: 'Horário de atendimento' });
    await dias.waitFor();
    for (const nome of ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado']) {
      const linha = dias.locator('li').filter({ hasText: nome });
      await linha.getByRole('button', { name: 'Período', exact: true }).click();
      await page.getByLabel(`${nome}: início do período 1`).fill('00:00');
      await page.getByLabel(`${nome}: fim do período 1`).fill('23:59');
    }
    await page.getByLabel('Feriados (fechado o dia todo)').fill('2030-12-25');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await page.getByLabel('Mensagem fora do horário').fill('Estamos fora do horário. Respondemos a partir das 8h.');
    await page.getByRole('button', { name: 'Salvar horários' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Configuração salva.' }).waitFor();

    // Comercial gets hours of its own (starting from the account's), then the menu's channel picker.
    await page.getByLabel('Horário de', { exact: true }).selectOption({ label: 'Departamento Comercial' });
    await page.getByText('Segue o horário da conta').waitFor();
    await page.getByRole('button', { name: 'Salvar horário próprio' }).click();
    await page.getByRole('button', { name: 'Usar o horário da conta' }).waitFor();
    await settled(page);
    await fullShot(page, 'automatico-horario-departamento');
    await page.getByLabel('Horário de', { exact: true }).selectOption({ label: 'Toda a conta' });
    await expect
      .poll(() => page.getByLabel('Canal').locator('option').allTextContents())
      .toEqual(['WhatsApp Loja · WhatsApp (API oficial)']);

    // The welcome menu of the WhatsApp number, with its preview.
    await page.getByLabel('Menu ativo neste canal').check();
    await page.getByLabel('Saudação').fill('Olá! Somos a Loja Demo. Escolha:');
    for (const [i, texto, dep] of [
      [1, 'Vendas', 'Comercial'],
      [2, 'Suporte', 'Suporte'],
    ] as const) {
      await page.getByRole('button', { name: 'Opção', exact: true }).click();
      await page.getByLabel(`Texto da opção ${i}`).fill(texto);
      await page.getByLabel(`Departamento da opção ${i}`).selectOption({ label: dep });
    }
    await page.getByLabel('Mensagem de opção inválida').fill('Não entendi. Responda 1 ou 2.');
    const previa = page.locator('[data-previa]');
    await expect
      .poll(() => previa.textContent())
      .toBe('Olá! Somos a Loja Demo. Escolha:\n\n1 - Vendas\n2 - Suporte\n\nDigite 0 para ver o menu de novo.');
    await page.getByRole('button', { name: 'Salvar menu' }).click();
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Configuração salva.' }).last().waitFor();
    await settled(page);
    await fullShot(page, 'automatico-config');

    // Labels: the owner creates one.
    await page.goto('/config?tab=etiquetas');
    await page.getByLabel('Nome da etiqueta').fill('Troca');
    await page.getByRole('button', { name: 'Criar etiqueta' }).click();
    await page.getByText('0 atendimentos abertos').waitFor();
    await ctx.close();

    // The customer writes, gets the menu, answers 'suporte' by its text.
    await customerWrites(webhook, 'boa tarde');
    await expect.poll(() => graph.texts().some((t) => t.includes('Olá! Somos a Loja Demo. Escolha:'))).toBe(true);
    await customerWrites(webhook, 'Suporte');

    // Sofia (Suporte) sees it in her queue, accepts, labels it and leaves a note for Carlos.
    const sctx = await newContext(browser, server.baseUrl);
    const sofia = await sctx.newPage();
    await loginAs(sofia, 'atendente2@demo.local');
    await sofia.goto('/atendimentos');
    const row = sofia.locator('[data-conversa]').filter({ hasText: 'Beatriz Menu' });
    await row.waitFor({ timeout: 15_000 });
    await row.click();
    await sofia.getByText('Cliente escolheu no menu: 2 - Suporte.').waitFor();
    await sofia.getByRole('button', { name: 'Aceitar' }).click();
    await sofia.getByRole('button', { name: 'Etiquetas', exact: true }).click();
    const dialog = sofia.getByRole('dialog', { name: 'Etiquetas' });
    await dialog.getByLabel('Troca').check();
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await sofia.getByRole('button', { name: 'Nota', exact: true }).click();
    const nota = sofia.getByRole('dialog', { name: 'Nota interna' });
    await nota.getByLabel('Nota interna').fill('@Carlos cliente quer trocar o produto, pode ver o estoque?');
    await nota.getByRole('button', { name: 'Gravar nota' }).click();
    await nota.waitFor({ state: 'detached' });
    await sofia.locator('[data-interna="true"]').filter({ hasText: 'pode ver o estoque?' }).waitFor();
    // The list filtered by the label keeps her conversation.
    await sofia.getByRole('button', { name: 'Filtrar por etiqueta' }).click();
    await sofia.getByRole('menuitemradio', { name: 'Troca' }).click();
    await sofia.locator('button[title="Troca"]').waitFor();
    await sofia.locator('[data-conversa]').filter({ hasText: 'Beatriz Menu' }).waitFor();
    await settled(sofia);
    await fullShot(sofia, 'automatico-conversa');
    expect(graph.texts().some((t) => t.includes('pode ver o estoque'))).toBe(false);
    await sctx.close();

    // The owner exports the month from /dashboard.
    const mctx = await newContext(browser, server.baseUrl);
    const m = await mctx.newPage();
    await loginAs(m, 'master@demo.local');
    await m.goto('/dashboard');
    const baixar = m.getByRole('button', { name: 'Baixar atendimentos (CSV)' });
    await expect.poll(() => baixar.isEnabled()).toBe(true);
    const [arquivo] = await Promise.all([m.waitForEvent('download'), baixar.click()]);
    const csv = readFileSync((await arquivo.path())!);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const linhas = csv.toString('utf8').slice(1).split('\r\n');
    expect(linhas[0]!.startsWith('Ticket;Cliente;Número;')).toBe(true);
    expect(
      linhas.some((l) => l.includes('Beatriz Menu') && l.includes(';Suporte;Sofia Atendente;Em atendimento;') && l.endsWith(';Troca')),
    ).toBe(true);
    await fullShot(m, 'automatico-dashboard');
    await mctx.close();
  });
});
