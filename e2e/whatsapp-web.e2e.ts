import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAPI_TEXTS } from '@balcao/shared/wapi';
import { launchBrowser, loginAs, newContext, seriousA11yViolations } from './support/browser';
import { startE2EServer, type E2EServer } from './support/server';
import { lookAt } from './support/look';
import { settled, shot } from './support/shell';

/**
 * WhatsApp Web in Chromium, with the fake socket the e2e server's entry adds (apps/server/src/test/e2e-main.ts):
 * /backend/wapi-teste plays the phone (the scan) and the customer (a message), and reads what was sent.
 */
describe('WhatsApp Web: pairing by QR code and a conversation', () => {
  let server: E2EServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startE2EServer({ WAPI_SEND_GAP_MS: '0' }, { wapiFake: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const fake = (page: Page, method: 'GET' | 'POST', path: string, data?: object) =>
    page.request.fetch(`${server.baseUrl}/backend/wapi-teste/${path}`, { method, ...(data ? { data } : {}) });

  it('the master connects, sees the QR, the phone scans it, the card shows the number; a customer message is answered', {
    timeout: 240_000,
  }, async () => {
    const ctx = await newContext(browser, server.baseUrl);
    const page = await ctx.newPage();
    await loginAs(page, 'master@demo.local');
    await page.goto('/config?tab=integracoes');
    const card = page.getByTestId('wapi-card');
    await card.getByRole('button', { name: 'Conectar com QR Code' }).click();
    const qr = card.getByRole('img', { name: 'QR Code para conectar o WhatsApp' });
    await qr.waitFor({ timeout: 15_000 });
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await card.getByText('Aguardando leitura').waitFor();
    await lookAt(page, 'wapi-qr');

    expect((await fake(page, 'POST', 'escanear')).ok()).toBe(true);
    await card.getByText('+55 11 90000-1111').waitFor({ timeout: 15_000 });
    await card.getByText('Conectado', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Pausar' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto('/atendimentos');
    await settled(page);
    expect((await fake(page, 'POST', 'mensagem', { texto: 'Oi! Vocês têm o modelo azul?' })).ok()).toBe(true);
    const row = page.getByRole('listitem').filter({ hasText: 'Oi! Vocês têm o modelo azul?' });
    await row.waitFor({ timeout: 30_000 }).catch(async (err) => {
      await shot(page, 'wapi-falha-lista');
      throw err;
    });
    await row.click();
    await page.getByRole('button', { name: 'Aceitar' }).click();
    const composer = page.getByLabel('Digite sua mensagem...');
    await composer.fill('Temos sim, no tamanho M.');
    await composer.press('Enter');
    type Enviada = { jid: string; id: string; content: { text?: string; edit?: object; delete?: object } };
    const enviadas = async () => (await (await fake(page, 'GET', 'enviadas')).json()) as Enviada[];
    await expect
      .poll(async () => (await enviadas()).some((e) => e.content.text === 'Temos sim, no tamanho M.'), { timeout: 15_000 })
      .toBe(true);
    const reply = (await enviadas()).find((e) => e.content.text === 'Temos sim, no tamanho M.')!;
    expect(reply.jid).toBe('5511988887777@s.whatsapp.net');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'wapi-atendimento');

    // The attendant edits the answer (once WhatsApp took it: the tick says 'Enviada'), then deletes it for everyone;
    // WhatsApp gets both under the answer's own key.
    const key = { remoteJid: '5511988887777@s.whatsapp.net', id: reply.id, fromMe: true };
    const log = page.getByRole('log');
    const bolha = log.locator('.group').filter({ hasText: 'Temos sim, no tamanho M.' });
    await bolha.getByRole('img', { name: 'Enviada' }).first().waitFor({ timeout: 15_000 });
    await bolha.hover();
    await bolha.getByRole('button', { name: 'Ações da mensagem' }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).waitFor();
    await shot(page, 'wapi-menu-mensagem');
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    const editar = page.getByRole('dialog', { name: 'Editar mensagem' });
    await editar.getByRole('textbox').fill('Temos sim, nos tamanhos M e G.');
    await lookAt(page, 'wapi-editar');
    await editar.getByRole('button', { name: 'Salvar' }).click();
    await editar.waitFor({ state: 'detached' });
    const editada = log.locator('.group').filter({ hasText: 'Temos sim, nos tamanhos M e G.' });
    // The footer is drawn twice (an invisible copy reserves its room on the text's last line): the visible one is last.
    await editada.getByText('editada').last().waitFor();
    const conteudos = async () => (await enviadas()).map((e) => e.content);
    await expect.poll(conteudos, { timeout: 15_000 }).toContainEqual({ text: 'Temos sim, nos tamanhos M e G.', edit: key });
    await editada.hover();
    await editada.getByRole('button', { name: 'Ações da mensagem' }).click();
    await page.getByRole('menuitem', { name: 'Apagar para todos' }).click();
    const confirmar = page.getByRole('alertdialog', { name: 'Apagar para todos?' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await confirmar.getByRole('button', { name: 'Apagar' }).click();
    await log.getByText('Mensagem apagada').waitFor();
    await expect.poll(conteudos, { timeout: 15_000 }).toContainEqual({ delete: key });
    expect(await log.getByText('Temos sim, nos tamanhos M e G.').count()).toBe(0);

    await page.goto('/config?tab=integracoes');
    await card.getByRole('button', { name: 'Pausar' }).waitFor({ timeout: 15_000 });
    await lookAt(page, 'wapi-conectado');

    // The phone removes the device (401): the card says why and offers to connect again, which shows a new QR.
    // The card stays open: it follows the session pushed live (ReceiveWhatsAppEvent), no reload.
    expect((await fake(page, 'POST', 'fechar', { statusCode: 401 })).ok()).toBe(true);
    await card.getByText(WAPI_TEXTS.desconectadoNoCelular).waitFor({ timeout: 15_000 });
    await card.getByText('Desconectado', { exact: true }).waitFor();
    await lookAt(page, 'wapi-erro');
    await card.getByRole('button', { name: 'Tentar novamente' }).click();
    await qr.waitFor({ timeout: 15_000 });
    await ctx.close();
  });
});
