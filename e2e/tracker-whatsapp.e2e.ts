import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { animationsSettled, loginAs, newContext, seriousA11yViolations } from './support/browser';
import { fullShot, lookAt } from './support/look';
import { settled } from './support/shell';
import { useE2E } from './support/suite';

/**
 * The story on WhatsApp Web (the e2e server's fake socket): a customer reports a bug, the attendant
 * makes a task of the chosen messages, another user moves it to Concluída on the board, the conversation's
 * panel follows live and the customer gets one message on WhatsApp.
 */
describe('tracker from a WhatsApp conversation', () => {
  const env = useE2E({ WAPI_SEND_GAP_MS: '0' }, { wapiFake: true });
  /** /backend/wapi-teste plays the phone (the scan) and the customer, and reads what was sent. */
  const fake = (page: Page, method: 'GET' | 'POST', path: string, data?: object) =>
    page.request.fetch(`${env.server.baseUrl}/backend/wapi-teste/${path}`, { method, ...(data ? { data } : {}) });
  const open = async (email: string) => {
    const page = await (await newContext(env.browser, env.server.baseUrl)).newPage();
    await loginAs(page, email);
    return page;
  };

  it('a task made of chosen messages reaches Concluída on the board; the panel follows live and the customer is told once', {
    timeout: 240_000,
  }, async () => {
    const marta = await open('master@demo.local');
    await marta.goto('/config?tab=integracoes');
    const card = marta.getByTestId('wapi-card');
    await card.getByRole('button', { name: 'Conectar com QR Code' }).click();
    await card.getByText('Aguardando leitura').waitFor({ timeout: 15_000 });
    expect((await fake(marta, 'POST', 'escanear')).ok()).toBe(true);
    await card.getByText('Conectado', { exact: true }).waitFor({ timeout: 15_000 });

    await marta.goto('/atendimentos');
    await settled(marta);
    expect((await fake(marta, 'POST', 'mensagem', { texto: 'O boleto não abre no app' })).ok()).toBe(true);
    const row = marta.getByRole('listitem').filter({ hasText: 'O boleto não abre no app' });
    await row.waitFor({ timeout: 30_000 });
    await row.click();
    await marta.getByRole('button', { name: 'Aceitar' }).click();
    expect((await fake(marta, 'POST', 'mensagem', { texto: 'Uso o Android 14' })).ok()).toBe(true);
    await marta.getByRole('log').getByText('Uso o Android 14').waitFor({ timeout: 15_000 });

    // Criar tarefa: the customer's latest lines are chosen; leaving one out rewrites the title and description.
    await marta.getByRole('button', { name: 'Criar tarefa' }).click();
    const dialog = marta.getByRole('dialog', { name: 'Nova tarefa' });
    const titulo = dialog.getByLabel('Título');
    expect(await titulo.inputValue()).toBe('Uso o Android 14');
    await dialog.getByRole('checkbox', { name: /Uso o Android 14/ }).uncheck();
    expect(await titulo.inputValue()).toBe('O boleto não abre no app');
    expect(await dialog.getByLabel('Descrição').inputValue()).toBe('> O boleto não abre no app');
    await dialog.getByRole('switch', { name: 'Avisar o cliente quando concluída' }).click();
    // The dialog lives in the wide layout's panel (under 1200 px the panel is a sheet): light and dark here.
    for (const tema of ['claro', 'escuro'] as const) {
      await marta.evaluate((escuro) => document.documentElement.classList.toggle('dark', escuro), tema === 'escuro');
      await animationsSettled(marta);
      expect(await seriousA11yViolations(marta), tema).toEqual([]);
      await fullShot(marta, `tracker-criar-da-conversa-${tema}`);
    }
    await marta.evaluate(() => document.documentElement.classList.remove('dark'));
    await dialog.getByRole('button', { name: 'Criar tarefa' }).click();
    const tarefas = marta.getByRole('region', { name: 'Tarefas' });
    const ligada = tarefas.getByRole('listitem').filter({ hasText: 'O boleto não abre no app' });
    await ligada.getByText('A fazer', { exact: true }).waitFor();

    // Ana moves it to Concluída by keyboard on the board; Marta's panel follows without reloading.
    const ana = await open('admin@demo.local');
    await ana.goto('/tracker/tarefas');
    const cartao = ana.getByRole('button', { name: /^#\d+ O boleto não abre no app$/ });
    await cartao.focus();
    await ana.keyboard.press('Space');
    await ana.getByText('Tarefa sobre a coluna A fazer.').waitFor({ state: 'attached' });
    for (const col of ['Em andamento', 'Em revisão', 'Concluída']) {
      await ana.keyboard.press('ArrowRight');
      await ana.getByText(`Tarefa sobre a coluna ${col}.`).waitFor({ state: 'attached' });
    }
    await ana.keyboard.press('Space');
    await ana
      .getByRole('region', { name: 'Concluída', exact: true })
      .getByRole('button', { name: /O boleto não abre no app$/ })
      .waitFor();
    await ligada.getByText('Concluída', { exact: true }).waitFor({ timeout: 15_000 });

    // The customer got the message on WhatsApp, once, and the conversation shows it.
    type Enviada = { jid: string; content: { text?: string } };
    const avisos = async () =>
      ((await (await fake(marta, 'GET', 'enviadas')).json()) as Enviada[]).filter((e) => /foi concluída/.test(e.content.text ?? ''));
    await expect.poll(async () => (await avisos()).length, { timeout: 15_000 }).toBe(1);
    const [aviso] = await avisos();
    expect(aviso!.jid).toBe('5511988887777@s.whatsapp.net');
    expect(aviso!.content.text).toMatch(/^Olá! Sua solicitação #\d+ \(O boleto não abre no app\) foi concluída\./);
    await marta
      .getByRole('log')
      .getByText(/foi concluída/)
      .waitFor({ timeout: 15_000 });
    await lookAt(marta, 'tracker-conversa-concluida');
  });
});
