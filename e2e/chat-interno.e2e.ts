import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs, newContext, seriousA11yViolations } from './support/browser';
import { useE2E } from './support/suite';
import { shot } from './support/shell';

const PNG = `${import.meta.dirname}/fixtures/foto.png`;

describe('internal chat between staff', () => {
  const env = useE2E();

  const open = async (email: string) => {
    const ctx = await newContext(env.browser, env.server.baseUrl);
    const page = await ctx.newPage();
    await loginAs(page, email);
    await page.getByRole('button', { name: 'Chat interno', exact: true }).waitFor();
    return page;
  };
  const panel = (page: Page) => page.getByRole('dialog', { name: 'Chat interno' });
  const openPanel = async (page: Page) => {
    await page.getByRole('button', { name: 'Chat interno', exact: true }).click();
    await panel(page).getByRole('heading', { name: 'Conversas' }).waitFor();
  };
  const send = async (page: Page, text: string) => {
    const box = panel(page).getByRole('textbox', { name: 'Digite sua mensagem...' });
    await box.fill(text);
    await box.press('Enter');
  };
  const apiToken = async (email: string) =>
    (await (
      await fetch(`${env.server.baseUrl}/backend/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, senha: 'balcao-demo' }),
      })
    ).json()) as { token: string; user: { id: string } };

  it('exchanges text and an image live in a direct conversation, with the unread badge', async () => {
    const marta = await open('master@demo.local');
    const ana = await open('admin@demo.local');
    await openPanel(marta);
    await panel(marta).getByRole('button', { name: 'Nova conversa ou grupo' }).click();
    await marta.getByRole('menuitem', { name: 'Nova conversa' }).click();
    const modal = marta.getByRole('dialog', { name: 'Nova Conversa' });
    await modal.getByRole('radio', { name: 'Ana Admin' }).click();
    await modal.getByText('1 usuário selecionado').waitFor();
    await modal.getByRole('button', { name: 'Criar conversa' }).click();
    await send(marta, 'Oi Ana, tudo certo com o cliente da manhã?');

    // Ana's badge rises without opening anything.
    await expect.poll(() => ana.getByTestId('chat-interno-badge').innerText(), { timeout: 15_000 }).toBe('1');
    const [chooser] = await Promise.all([
      marta.waitForEvent('filechooser'),
      (async () => {
        await panel(marta).getByRole('button', { name: 'Anexar arquivo' }).click();
        await marta.getByRole('menuitem', { name: 'Imagens' }).click();
      })(),
    ]);
    await chooser.setFiles(PNG);
    await panel(marta).getByText('Arquivos selecionados (1)').waitFor();
    await panel(marta).getByRole('button', { name: 'Enviar mensagem' }).click();
    await expect.poll(() => ana.getByTestId('chat-interno-badge').innerText(), { timeout: 15_000 }).toBe('2');

    await openPanel(ana);
    await panel(ana)
      .getByRole('button', { name: /Marta Master/ })
      .first()
      .click();
    const log = panel(ana).getByRole('log');
    await log.getByText('Oi Ana, tudo certo com o cliente da manhã?').waitFor();
    await expect.poll(() => log.locator('img[src*="/backend/uploads/chat-interno/"]').count()).toBeGreaterThan(0);
    await expect.poll(() => ana.getByTestId('chat-interno-badge').count()).toBe(0);
    await send(ana, 'Tudo certo, já respondi!');
    await panel(marta).getByRole('log').getByText('Tudo certo, já respondi!').waitFor({ timeout: 15_000 });
    expect(await seriousA11yViolations(ana)).toEqual([]);
    await shot(ana, 'chat-interno-direto');
    await marta.context().close();
    await ana.context().close();
  });

  it('runs a group: department, rename, promote, the non-admin notice and leaving', async () => {
    const marta = await open('master@demo.local');
    await openPanel(marta);
    await panel(marta).getByRole('button', { name: 'Nova conversa ou grupo' }).click();
    await marta.getByRole('menuitem', { name: 'Novo grupo' }).click();
    const modal = marta.getByRole('dialog', { name: 'Criar Novo Grupo' });
    await modal.getByLabel('Nome do grupo').fill('Equipe Comercial');
    await modal.getByRole('tab', { name: 'Departamentos' }).click();
    await modal.getByRole('checkbox', { name: 'Comercial' }).click();
    await modal.getByRole('tab', { name: 'Usuários' }).click();
    await modal.getByRole('checkbox', { name: 'Ana Admin' }).click();
    await modal.getByRole('button', { name: 'Criar grupo' }).click();
    await modal.waitFor({ state: 'detached' });

    await panel(marta).getByRole('button', { name: 'Editar nome do grupo' }).click();
    const nameBox = panel(marta).getByRole('textbox', { name: 'Nome do grupo' });
    await nameBox.fill('Comercial e Vendas');
    await nameBox.press('Enter');
    await marta.getByText('Nome do grupo alterado com sucesso').waitFor();

    await panel(marta).getByRole('button', { name: 'Opções da conversa' }).click();
    await marta.getByRole('menuitem', { name: 'Ver grupo' }).click();
    const members = marta.getByRole('dialog', { name: 'Participantes do Grupo' });
    await members.getByText('Você é administrador').waitFor();
    await members.getByRole('button', { name: 'Promover Ana Admin a administrador' }).click();
    await marta.getByText('Participante promovido a administrador').waitFor();
    await members.getByRole('button', { name: 'Fechar' }).first().click();

    // Carlos (in Comercial) takes part through his department and is not an admin.
    const carlos = await open('atendente@demo.local');
    await openPanel(carlos);
    await panel(carlos)
      .getByRole('button', { name: /Comercial e Vendas/ })
      .first()
      .click();
    await panel(carlos).getByRole('button', { name: 'Opções da conversa' }).click();
    await carlos.getByRole('menuitem', { name: 'Ver grupo' }).click();
    const seen = carlos.getByRole('dialog', { name: 'Participantes do Grupo' });
    await seen.getByText('Apenas admins podem alterar').waitFor();
    await shot(carlos, 'chat-interno-grupo');
    await seen.getByRole('button', { name: 'Sair do grupo' }).click();
    await carlos.getByText('Você saiu da conversa').waitFor();
    await panel(carlos).getByText('Selecione uma conversa').waitFor();
    await expect
      .poll(() =>
        panel(carlos)
          .getByRole('button', { name: /Comercial e Vendas/ })
          .count(),
      )
      .toBe(0);
    await marta.context().close();
    await carlos.context().close();
  });

  it("pages through 60 messages with 'Carregar mensagens anteriores', in order", async () => {
    const sofia = await apiToken('atendente2@demo.local');
    const tiago = await apiToken('user@demo.local');
    const auth = { authorization: `Bearer ${sofia.token}`, 'content-type': 'application/json' };
    const conversa = (await (
      await fetch(`${env.server.baseUrl}/backend/api/chat-interno/conversa`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ usuarios: [tiago.user.id], departamentos: [], nome: '' }),
      })
    ).json()) as { id: string };
    for (let i = 1; i <= 60; i++) {
      const res = await fetch(`${env.server.baseUrl}/backend/api/chat-interno/mensagem`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({
          conversaId: conversa.id,
          mensagem: { id: crypto.randomUUID(), texto: `Mensagem ${String(i).padStart(2, '0')}`, tipo: 'text', midiaUrl: null },
        }),
      });
      expect(res.status).toBe(201);
    }
    const page = await open('user@demo.local');
    await openPanel(page);
    await panel(page)
      .getByRole('button', { name: /Sofia Atendente/ })
      .first()
      .click();
    const log = panel(page).getByRole('log');
    await log.getByText('Mensagem 60').waitFor();
    const texts = async () => (await log.getByText(/^Mensagem \d\d$/).allInnerTexts()).map((t) => t.trim());
    expect(await texts()).toHaveLength(25);
    await panel(page).getByRole('button', { name: 'Carregar mensagens anteriores' }).click();
    await expect.poll(async () => (await texts()).length).toBe(50);
    await panel(page).getByRole('button', { name: 'Carregar mensagens anteriores' }).click();
    await expect.poll(async () => (await texts()).length).toBe(60);
    expect(await texts()).toEqual(Array.from({ length: 60 }, (_, i) => `Mensagem ${String(i + 1).padStart(2, '0')}`));
    expect(await panel(page).getByRole('button', { name: 'Carregar mensagens anteriores' }).count()).toBe(0);
    await page.context().close();
  });
});
