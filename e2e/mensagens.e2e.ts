import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTOATENDIMENTO_TEXTS, SOLICITACOES_AVISO_STORAGE_KEY } from '@balcao/shared/autoatendimento';
import { CLIENTES_TEXTS } from '@balcao/shared/clientes';
import { MENSAGENS_AGENDADAS_TEXTS } from '@balcao/shared/mensagens-agendadas';
import { NOVA_CONVERSA_TEXTS } from '@balcao/shared/nova-conversa';
import { approvedTemplate, FakeGraph } from '../apps/server/src/test/fake-graph';
import { launchBrowser, loginAs, newContext, seriousA11yViolations } from './support/browser';
import { startE2EServer, type E2EServer } from './support/server';
import { settled, shot } from './support/shell';

/** Meta's payloads as the server's tests hold them (copied from the shared test vectors; any checkout has them). */
const VECTORS = `${import.meta.dirname}/../apps/server/src/test/vectors/whatsapp-cloud`;
const TOKEN = `EAAG${'b'.repeat(40)}`;
const APP_SECRET = 'segredo-do-app-456';
const PNID = '1122334455667';

/** A wall-clock time of America/Sao_Paulo (UTC-3) `ms` from now, as a datetime-local input takes it. */
const localSP = (ms: number) => new Date(Date.now() + ms - 3 * 3_600_000).toISOString().slice(0, 19);

describe('Quick messages, scheduled messages and ERP requests', () => {
  let server: E2EServer;
  let browser: Browser;
  let graph: FakeGraph;
  /** The bodies of the messages sent to Meta (read receipts aside), in order. */
  const sends = () => graph.sends().map((c) => c.body ?? {});
  let token = '';
  beforeAll(async () => {
    graph = await new FakeGraph(TOKEN, PNID).start();
    graph.templates = [approvedTemplate('lembrete_consulta', 'Olá {{1}}, sua consulta é {{2}}.')];
    server = await startE2EServer({ WHATSAPP_GRAPH_URL: graph.baseUrl });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await graph?.stop();
  });

  const api = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = { authorization: `Bearer ${token}` },
  ) => {
    const res = await fetch(`${server.baseUrl}/backend${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> };
  };
  const noAxe = async (page: Page, what: string) => expect(await seriousA11yViolations(page), what).toEqual([]);

  it("'/' inserts a quick message with the customer's name, and a scheduled message arrives in the conversation", {
    timeout: 180_000,
  }, async () => {
    const ctx = await newContext(browser, server.baseUrl);
    const page = await ctx.newPage();
    await loginAs(page, 'admin@demo.local');
    token = (await page.evaluate(() => localStorage.getItem('authToken'))) ?? '';

    // A WhatsApp number, and Joana writing to it (signed like Meta signs).
    const canal = await api('POST', '/api/canais/whatsapp', {
      nome: 'WhatsApp Loja',
      phoneNumberId: PNID,
      wabaId: '1234567890987654321',
      accessToken: TOKEN,
      appSecret: APP_SECRET,
      verifyToken: 'verifica',
    });
    expect(canal.status).toBe(201);
    const raw = readFileSync(`${VECTORS}/incoming_text.json`, 'utf8')
      .replaceAll('972987654321', '5511977776666')
      .replace('"Test Name"', '"Joana"')
      .replace('"Body Text"', '"Bom dia, preciso remarcar."')
      .replace(/"timestamp": "\d+"/, `"timestamp": "${Math.floor(Date.now() / 1000)}"`);
    const hook = await fetch(`${server.baseUrl}${new URL(String(canal.body.webhookUrl)).pathname}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`,
      },
      body: raw,
    });
    expect(hook.status).toBe(200);
    expect(
      (
        await api('POST', '/mensagemrapida/save', {
          atalho: 'ola',
          titulo: 'Saudação',
          conteudo: 'Olá {{nome}}, sou {{atendente}}!',
          publica: true,
        })
      ).status,
    ).toBe(201);

    await page.goto('/atendimentos');
    await settled(page);
    const row = page.getByRole('listitem').filter({ hasText: 'Bom dia, preciso remarcar.' });
    await row.click();
    await page.getByRole('button', { name: 'Aceitar' }).click();
    await page.waitForURL(/conversa=/);
    const conversa = new URL(page.url()).pathname + new URL(page.url()).search;
    const composer = page.getByLabel('Digite sua mensagem...');
    await composer.pressSequentially('/ol');
    const option = page.getByRole('option', { name: /\/ola/ });
    await option.waitFor();
    expect(await option.getAttribute('aria-selected')).toBe('true');
    await noAxe(page, 'lista de mensagens rápidas');
    await shot(page, 'mensagens-rapidas-barra');
    await composer.press('Enter');
    expect(await composer.inputValue()).toBe('Olá Joana, sou Ana Admin!');
    await composer.press('Enter');
    await expect.poll(() => sends().some((s) => JSON.stringify(s).includes('Olá Joana, sou Ana Admin!')), { timeout: 15_000 }).toBe(true);

    // A scheduled message a few seconds ahead, made on its screen.
    await page.goto('/mensagens-agendadas');
    await settled(page);
    await page.getByRole('button', { name: MENSAGENS_AGENDADAS_TEXTS.nova }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('searchbox', { name: 'Cliente' }).fill('Joana');
    await dialog.getByRole('button', { name: /Joana/ }).click();
    await dialog.getByLabel('Mensagem', { exact: true }).fill('Lembrete: sua consulta é amanhã às 9h.');
    await dialog.getByLabel('Data e hora do envio').fill(localSP(12_000));
    await noAxe(page, 'diálogo de mensagem agendada');
    await shot(page, 'mensagens-agendadas-dialogo');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    const linha = page.getByRole('row').filter({ hasText: 'Lembrete: sua consulta é amanhã às 9h.' });
    await linha.waitFor();
    await noAxe(page, 'lista de mensagens agendadas');
    await shot(page, 'mensagens-agendadas');

    // It reaches WhatsApp once and shows in Joana's conversation, marked as scheduled.
    await expect.poll(() => sends().filter((s) => JSON.stringify(s).includes('sua consulta é amanhã')).length, { timeout: 60_000 }).toBe(1);
    await page.goto(conversa);
    await settled(page);
    await page.getByText('Lembrete: sua consulta é amanhã às 9h.').last().waitFor();
    await page.getByTitle('Enviada por uma mensagem agendada').filter({ visible: true }).first().waitFor();
    await page.goto('/mensagens-agendadas');
    await page.getByRole('row').filter({ hasText: 'Enviada' }).waitFor();
    expect(sends().filter((s) => JSON.stringify(s).includes('sua consulta é amanhã'))).toHaveLength(1);
    await ctx.close();
  });

  it('an ERP request posted with a key raises the pending-requests notice once', { timeout: 120_000 }, async () => {
    const ctx = await newContext(browser, server.baseUrl);
    const page = await ctx.newPage();
    await loginAs(page, 'admin@demo.local');
    await page.goto('/config?tab=integracoes');
    await settled(page);
    await page.getByLabel('Nome da chave').fill('ERP da loja');
    await page.getByRole('button', { name: 'Criar chave' }).click();
    const chave = (await page.getByRole('figure', { name: 'Nova chave' }).locator('code').textContent())!.trim();
    expect(chave).toMatch(/^balcao_erp_/);
    await noAxe(page, 'chaves do ERP');

    const wrong = await api(
      'POST',
      '/api/public/autoatendimento/solicitacoes',
      { cliente: { nome: 'Joana' }, tipo: 'boleto', descricao: '2ª via' },
      { authorization: 'Bearer errada' },
    );
    expect(wrong.status).toBe(401);
    const ok = await api(
      'POST',
      '/api/public/autoatendimento/solicitacoes',
      { cliente: { nome: 'Joana', numero: '+5511977776666' }, tipo: 'segunda_via_boleto', descricao: '2ª via do boleto de novembro' },
      { authorization: `Bearer ${chave}` },
    );
    expect(ok.status).toBe(201);

    // The count is read when the shell opens (then every 150000 ms): the notice shows, once.
    await page.goto('/atendimentos');
    const aviso = page.locator('[data-sonner-toast]').filter({ hasText: AUTOATENDIMENTO_TEXTS.avisoTitulo });
    await aviso.waitFor();
    await aviso.getByText(AUTOATENDIMENTO_TEXTS.avisoDescricao(1)).waitFor();
    await noAxe(page, 'aviso de solicitações');
    await shot(page, 'solicitacoes-aviso');
    const mostradoEm = await page.evaluate((k) => sessionStorage.getItem(k), SOLICITACOES_AVISO_STORAGE_KEY);
    expect(mostradoEm).toMatch(/^\d+$/);
    await aviso.waitFor({ state: 'detached', timeout: 15_000 });
    // Within 300000 ms a new count (a reload reads it at once) raises nothing: the record stays the first showing's.
    const counted = page.waitForResponse((r) => r.url().endsWith('/AutoAtendimentoERP/quantidade-solicitacoes'));
    await page.reload();
    expect(await (await counted).json()).toBe(1);
    await settled(page);
    expect(await page.evaluate((k) => sessionStorage.getItem(k), SOLICITACOES_AVISO_STORAGE_KEY)).toBe(mostradoEm);
    expect(await aviso.count()).toBe(0);

    // The attendant takes and resolves it.
    await page.goto('/solicitacoes');
    await settled(page);
    await page.getByText('2ª via do boleto de novembro').waitFor();
    await noAxe(page, 'solicitações');
    await page.getByRole('button', { name: 'Assumir' }).click();
    await page.getByText('Em andamento · Ana Admin').waitFor();
    await page.getByRole('button', { name: 'Marcar como resolvida' }).click();
    await page.getByText(AUTOATENDIMENTO_TEXTS.nenhuma).waitFor();

    // The customer directory finds Joana; the quick messages' own screen lists the public one.
    await page.goto('/clientes');
    await settled(page);
    await page.getByRole('searchbox', { name: 'Buscar por nome, número ou e-mail' }).fill('5511977776666');
    await page.getByText('Joana').first().waitFor();
    await noAxe(page, 'clientes');
    // A second customer with Joana's number is refused in Portuguese on the field; another number is saved.
    await page.getByRole('button', { name: 'Novo cliente' }).click();
    const novo = page.getByRole('dialog', { name: 'Novo cliente' });
    await novo.getByLabel('Nome').fill('Outra Joana');
    await novo.getByLabel('Número').fill('+55 11 97777-6666');
    await novo.getByRole('button', { name: 'Salvar' }).click();
    await novo.getByRole('alert').filter({ hasText: CLIENTES_TEXTS.numeroEmUso }).waitFor();
    await noAxe(page, 'número em uso');
    await novo.getByLabel('Número').fill('+55 11 95555-1234');
    await novo.getByRole('button', { name: 'Salvar' }).click();
    await novo.waitFor({ state: 'detached' });
    await page.getByRole('searchbox', { name: 'Buscar por nome, número ou e-mail' }).fill('Outra');
    await page.getByText('+55 11 95555-1234').waitFor();
    // Joana's atendimentos are in her dialog.
    await page.getByRole('searchbox', { name: 'Buscar por nome, número ou e-mail' }).fill('5511977776666');
    await page.getByRole('button', { name: 'Editar Joana' }).click();
    await page
      .getByRole('dialog', { name: 'Editar cliente' })
      .getByRole('link', { name: /^#\d+$/ })
      .first()
      .waitFor();
    await page.keyboard.press('Escape');
    await page.goto('/config?tab=rapidas');
    await settled(page);
    await page.getByText('/ola').first().waitFor();
    await noAxe(page, 'mensagens rápidas');
    await ctx.close();
  });
  it("'Nova conversa': a typed number gets an approved template outside the window; an open conversation is just opened", {
    timeout: 120_000,
  }, async () => {
    const ctx = await newContext(browser, server.baseUrl);
    const page = await ctx.newPage();
    await loginAs(page, 'admin@demo.local');
    await page.goto('/atendimentos');
    await settled(page);
    await page.getByRole('button', { name: NOVA_CONVERSA_TEXTS.titulo }).click();
    const dialog = page.getByRole('dialog', { name: NOVA_CONVERSA_TEXTS.titulo });
    await dialog.getByRole('searchbox', { name: 'Cliente ou número' }).fill('+55 21 91234-5678');
    await dialog.getByRole('button', { name: 'Escrever para +55 21 91234-5678' }).click();
    await dialog.getByText(NOVA_CONVERSA_TEXTS.precisaModelo).waitFor();
    await dialog.getByLabel('Nome do cliente').fill('Rita Souza');
    await dialog.getByLabel('Modelo aprovado').selectOption('lembrete_consulta|pt_BR');
    await dialog.getByLabel('Variável {{1}}').fill('Rita');
    await dialog.getByLabel('Variável {{2}}').fill('na sexta às 10h');
    await dialog.getByText('Olá Rita, sua consulta é na sexta às 10h.').waitFor();
    await noAxe(page, 'diálogo Nova conversa');
    await shot(page, 'nova-conversa-dialogo');
    await dialog.getByRole('button', { name: 'Iniciar conversa' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL(/conversa=/);
    const rita = new URL(page.url()).searchParams.get('conversa');
    expect(new URL(page.url()).searchParams.get('aba')).toBe('em_atendimento');
    await page.getByText('Olá Rita, sua consulta é na sexta às 10h.').last().waitFor();
    await expect.poll(() => sends().filter((s) => s.type === 'template' && s.to === '5521912345678').length, { timeout: 15_000 }).toBe(1);
    expect(sends().find((s) => s.type === 'template')).toMatchObject({
      template: { name: 'lembrete_consulta', language: { code: 'pt_BR' } },
    });
    // The toast first (it mounts a moment later), then axe once it has slid in.
    await page.locator('[data-sonner-toast]').filter({ hasText: NOVA_CONVERSA_TEXTS.iniciada }).waitFor();
    await noAxe(page, 'conversa iniciada');
    await shot(page, 'nova-conversa-iniciada');

    // Rita's conversation is open now: choosing her again opens it, nothing is sent.
    await page.goto('/atendimentos');
    await settled(page);
    const enviados = sends().length;
    await page.getByRole('button', { name: NOVA_CONVERSA_TEXTS.titulo }).click();
    await dialog.getByRole('searchbox', { name: 'Cliente ou número' }).fill('Rita');
    await dialog.getByRole('button', { name: /Rita Souza/ }).click();
    await dialog.getByText(NOVA_CONVERSA_TEXTS.existente).waitFor();
    await dialog.getByRole('button', { name: 'Abrir conversa' }).click();
    await page.waitForURL((u) => u.searchParams.get('conversa') === rita);
    expect(sends()).toHaveLength(enviados);
    await ctx.close();
  });
});
