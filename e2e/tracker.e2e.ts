import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loginAs, newContext } from './support/browser';
import { lookAt } from './support/look';
import { useE2E } from './support/suite';

describe('tracker', () => {
  const env = useE2E();

  const open = async (email: string) => {
    const ctx = await newContext(env.browser, env.server.baseUrl);
    const page = await ctx.newPage();
    await page.goto('/login');
    await loginAs(page, email);
    return page;
  };
  const coluna = (page: Page, nome: string) => page.getByRole('region', { name: nome, exact: true });
  const cartao = (page: Page | Locator, titulo: string) => page.getByRole('button', { name: new RegExp(`^#\\d+ ${titulo}$`) });

  it('a task is created, moved by keyboard, estimated by two voters live, made public and read anonymously', async () => {
    const tiago = await open('tracker@demo.local');
    await tiago.waitForURL('**/tracker/tarefas?minhas=true');
    await tiago.getByRole('heading', { name: 'Minhas tarefas' }).waitFor();

    const ana = await open('admin@demo.local');
    await ana.goto('/tracker');
    await ana.waitForURL('**/tracker/tarefas');
    await ana.getByRole('button', { name: 'Nova tarefa' }).click();
    const dialog = ana.getByRole('dialog', { name: 'Nova tarefa' });
    await dialog.getByLabel('Título').fill('Boleto não gera no app');
    await dialog.getByLabel('Descrição').fill('Cliente relatou pelo **WhatsApp**:\n\n- o boleto não abre');
    await dialog.getByRole('checkbox', { name: 'Tiago Tracker' }).check();
    await dialog.getByRole('button', { name: 'Criar tarefa' }).click();
    await cartao(coluna(ana, 'A fazer'), 'Boleto não gera no app').waitFor();

    // Tiago sees the task assigned to him without reloading.
    await cartao(coluna(tiago, 'A fazer'), 'Boleto não gera no app').waitFor();
    await lookAt(tiago, 'tracker-quadro');

    // Keyboard: space picks the card up, the right arrow carries it to the next column, space drops it.
    const card = cartao(ana, 'Boleto não gera no app');
    await card.focus();
    await ana.keyboard.press('Space');
    await ana.getByText('Tarefa sobre a coluna A fazer.').waitFor({ state: 'attached' });
    await ana.keyboard.press('ArrowRight');
    await ana.getByText('Tarefa sobre a coluna Em andamento.').waitFor({ state: 'attached' });
    await ana.keyboard.press('Space');
    await cartao(coluna(ana, 'Em andamento'), 'Boleto não gera no app').waitFor();
    await cartao(coluna(tiago, 'Em andamento'), 'Boleto não gera no app').waitFor();

    // The drawer: the description rendered from Markdown; a screenshot attached reaches Tiago's open drawer live.
    await cartao(ana, 'Boleto não gera no app').press('Enter');
    const drawer = ana.getByRole('dialog', { name: /Boleto não gera no app/ });
    await drawer.getByText('Ana Admin moveu de A fazer para Em andamento').waitFor();
    await drawer.locator('strong', { hasText: 'WhatsApp' }).waitFor();
    await drawer.getByRole('listitem').filter({ hasText: 'o boleto não abre' }).waitFor();
    await cartao(tiago, 'Boleto não gera no app').press('Enter');
    const drawerTiago = tiago.getByRole('dialog', { name: /Boleto não gera no app/ });
    await drawerTiago.getByText('Nenhum anexo ainda.', { exact: false }).waitFor();
    await drawer.getByLabel('Escolher arquivos para anexar').setInputFiles(`${import.meta.dirname}/fixtures/foto.png`);
    await drawer.getByRole('link', { name: 'foto.png' }).waitFor();
    await drawer.getByText('Ana Admin anexou foto.png').waitFor();
    await drawerTiago.getByRole('link', { name: 'foto.png' }).waitFor();
    expect(await drawer.getByRole('link', { name: 'foto.png' }).getAttribute('href')).toMatch(/^\/backend\/uploads\/tracker\//);
    // The drawer scrolls by itself: the screenshots show its files and the rendered description.
    await drawer.getByRole('heading', { name: 'Anexos' }).scrollIntoViewIfNeeded();
    await lookAt(ana, 'tracker-tarefa');
    // Removing a file asks first, and Tiago's drawer follows.
    await drawer.getByRole('button', { name: 'Remover foto.png' }).click();
    await ana.getByRole('alertdialog', { name: 'Remover anexo?' }).getByRole('button', { name: 'Remover' }).click();
    await drawer.getByText('Ana Admin removeu o anexo foto.png').waitFor();
    await drawerTiago.getByRole('link', { name: 'foto.png' }).waitFor({ state: 'detached' });
    // Editing keeps the text field; leaving it shows the rendered text again (and the customer reads it below).
    await drawer.getByRole('button', { name: 'Editar Descrição pública (o cliente vê)' }).click();
    const publica = drawer.getByLabel('Descrição pública (o cliente vê)');
    await publica.fill('Estamos **corrigindo** o boleto.');
    await publica.blur();
    await drawer.locator('strong', { hasText: 'corrigindo' }).waitFor();
    await drawer.getByRole('link', { name: 'Votar' }).click();
    await ana.waitForURL('**/tracker/votar-tarefa/*');
    await ana.getByRole('button', { name: 'Abrir votação' }).click();
    await tiago.goto(ana.url());
    await tiago.getByText('Rodada 1').waitFor();
    await ana.getByRole('button', { name: '8', exact: true }).click();
    await tiago.getByRole('button', { name: '13', exact: true }).click();
    await ana.getByRole('heading', { name: 'Quem votou (2)' }).waitFor();
    // Before the reveal Tiago sees that Ana voted, not what.
    await tiago.getByRole('heading', { name: 'Quem votou (2)' }).waitFor();
    expect(await tiago.getByRole('listitem').filter({ hasText: 'Ana Admin' }).innerText()).not.toContain('8');
    await ana.getByRole('button', { name: 'Revelar votos' }).click();
    await tiago.getByText('Mediana: 10,5').waitFor();
    await lookAt(tiago, 'tracker-votacao');
    await ana.getByLabel('Complexidade final').selectOption('13');
    await ana.getByRole('button', { name: 'Encerrar e salvar' }).click();
    await ana.getByText('Complexidade atual: 13').waitFor();

    // Made public: an anonymous browser reads it, without internal fields.
    await ana.getByRole('link', { name: 'Voltar à tarefa' }).click();
    await drawer.getByRole('button', { name: 'Tornar pública' }).click();
    const link = await drawer.getByRole('link', { name: /\/public\/tracker\/tarefas\// }).innerText();
    const anon = await (await newContext(env.browser, env.server.baseUrl)).newPage();
    await anon.goto(link);
    await anon.getByRole('heading', { name: 'Boleto não gera no app' }).waitFor();
    await anon.getByText('Status alterado para Em andamento').waitFor();
    expect(await anon.content()).not.toContain('Cliente relatou');
    expect(await anon.content()).not.toContain('foto.png');
    await anon.locator('strong', { hasText: 'corrigindo' }).waitFor();
    await lookAt(anon, 'tracker-publica');
    await drawer.getByRole('button', { name: 'Deixar de compartilhar' }).click();
    await drawer.getByRole('button', { name: 'Tornar pública' }).waitFor();
    expect((await anon.reload())?.status()).toBe(404);
  }, 240_000);
});
