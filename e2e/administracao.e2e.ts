import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEPARTAMENTOS_TEXTS } from '@balcao/shared/departamentos';
import { LICENCA_TEXTS } from '@balcao/shared/licenca';
import { USUARIOS_TEXTS } from '@balcao/shared/usuarios';
import { animationsSettled, loginAs, newContext, PHONE, seriousA11yViolations } from './support/browser';
import { apiOf } from './support/api';
import { useE2E } from './support/suite';
import { settled, shot } from './support/shell';

const ARTIFACTS = `${import.meta.dirname}/artifacts`;
const fullShot = (page: Page, name: string) => page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true });
import { startTestSite } from './support/site';

const RITA = { nome: 'Rita Financeira', email: 'rita@demo.local', senha: 'senha-da-rita-1' };

/** Light, dark and phone screenshots of the screen on display, each checked by axe (DESIGN.md "Checking it"). */
async function lookAt(page: Page, name: string) {
  await settled(page);
  await page.mouse.move(1, 300);
  // Axe reads a toast mid-animation (fading) as low contrast: the caller waits for the last step's toast, and it goes first.
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
  expect(await seriousA11yViolations(page), `${name} (claro)`).toEqual([]);
  await fullShot(page, `${name}-claro`);
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await animationsSettled(page);
  expect(await seriousA11yViolations(page), `${name} (escuro)`).toEqual([]);
  await fullShot(page, `${name}-escuro`);
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await animationsSettled(page);
  const desktop = page.viewportSize()!;
  await page.setViewportSize(PHONE);
  expect(await seriousA11yViolations(page), `${name} (390 px)`).toEqual([]);
  await fullShot(page, `${name}-390`);
  await page.setViewportSize(desktop);
}

describe('administration: departments, users and seats, the overview dashboard', () => {
  const env = useE2E();
  let site: Awaited<ReturnType<typeof startTestSite>> | undefined;
  afterAll(() => site?.close());

  const api = apiOf(() => env.server.baseUrl);
  const tokenOf = async (email: string, senha = 'balcao-demo') =>
    (await api<{ token: string }>('POST', '/backend/api/auth/login', null, { email, senha })).token;

  /** The master's form: a new attendant in a department. */
  async function criarUsuario(page: Page, nome: string, email: string, departamento?: string) {
    await page.getByRole('button', { name: 'Novo usuário' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo usuário' });
    await dialog.getByLabel('Nome').fill(nome);
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Papel').selectOption('atendente');
    if (departamento) await dialog.getByLabel('Departamento').selectOption({ label: departamento });
    await dialog.getByRole('button', { name: 'Criar usuário' }).click();
    return dialog;
  }

  it('the master runs the account: department, attendant by invitation, seats, deactivation and the overview', async () => {
    const masterCtx = await newContext(env.browser, env.server.baseUrl);
    // The charts are new code under the app's Content-Security-Policy: anything it refuses shows in the console.
    const csp: string[] = [];
    masterCtx.on('console', (m) => {
      if (/content security policy|refused to (load|execute|apply|evaluate|connect)/i.test(m.text())) csp.push(m.text());
    });
    const master = await masterCtx.newPage();
    await loginAs(master, 'master@demo.local');

    // A department, from the empty form to the list.
    await master.goto('/departamentos');
    await master.getByRole('heading', { name: 'Departamentos' }).waitFor();
    await master.getByRole('button', { name: 'Novo departamento' }).click();
    const depDialog = master.getByRole('dialog', { name: 'Novo departamento' });
    await depDialog.getByRole('button', { name: 'Criar departamento' }).click();
    await depDialog.getByText('Informe o nome do departamento.').waitFor();
    await depDialog.getByLabel('Nome').fill('Financeiro');
    await shot(master, 'departamentos-dialogo');
    await depDialog.getByRole('button', { name: 'Criar departamento' }).click();
    await depDialog.waitFor({ state: 'detached' });
    await master.getByRole('list', { name: 'Departamentos' }).getByText('Financeiro').waitFor();
    await master.getByText(DEPARTAMENTOS_TEXTS.criado).waitFor();
    await lookAt(master, 'departamentos');

    // An attendant: 3 of 5 seats in the demo, 4 after her.
    await master.goto('/usuarios');
    await master.getByText('3 de 5 assentos em uso').waitFor();
    const dialog = await criarUsuario(master, RITA.nome, RITA.email, 'Financeiro');
    await dialog.waitFor({ state: 'detached' });
    await master.getByRole('cell', { name: new RegExp(`^${RITA.nome}`) }).waitFor();
    await master.getByText('4 de 5 assentos em uso').waitFor();
    await master.getByText(USUARIOS_TEXTS.criado).waitFor();
    await lookAt(master, 'usuarios');

    // She sets a password from the e-mailed link and signs in.
    const mail = await env.server.waitForLog((l) => l.to === RITA.email && typeof l.text === 'string' && l.text.includes('token='));
    const link = new URL(/(http\S+token=\S+)/.exec(String(mail.text))![1]!);
    const ritaCtx = await newContext(env.browser, env.server.baseUrl);
    const rita = await ritaCtx.newPage();
    await rita.goto(link.pathname + link.search);
    await rita.getByRole('heading', { name: 'Criar sua senha' }).waitFor();
    await rita.getByLabel('Nova senha', { exact: true }).fill(RITA.senha);
    await rita.getByLabel('Confirme a nova senha').fill(RITA.senha);
    await rita.getByRole('button', { name: 'Criar senha e continuar' }).click();
    await rita.waitForURL('**/login');
    await loginAs(rita, RITA.email, RITA.senha);
    await rita.waitForURL('**/atendimentos');

    // Two customers write on the site into Financeiro; Rita finishes one of them.
    const admin = await tokenOf('admin@demo.local');
    const financeiro = (await api<{ id: string; nome: string }[]>('GET', '/backend/api/departamentos', admin)).find(
      (d) => d.nome === 'Financeiro',
    )!;
    const placeholder = await startTestSite('');
    const origin = placeholder.origin;
    await placeholder.close();
    const canal = await api<{ snippet: string }>('POST', '/backend/api/canais/widget', admin, {
      nome: 'Site do financeiro',
      origensPermitidas: [origin],
      departamentoPadraoId: financeiro.id,
    });
    site = await startTestSite(canal.snippet.replace(/src="[^"]+"/, `src="${env.server.baseUrl}/widget.js"`), Number(new URL(origin).port));
    for (const texto of ['Segunda via do boleto, por favor', 'Quero parcelar a fatura']) {
      const ctx = await newContext(env.browser, site.origin);
      const visitor = await ctx.newPage();
      await visitor.goto('/');
      await visitor.getByRole('button', { name: 'Abrir chat' }).click();
      const input = visitor.getByPlaceholder('Escreva sua mensagem…');
      await input.fill(texto);
      await input.press('Enter');
      await rita.getByRole('listitem').filter({ hasText: texto }).waitFor({ timeout: 15_000 });
      await ctx.close();
    }
    const ritaToken = await tokenOf(RITA.email, RITA.senha);
    const aguardando = await api<{ itens: { atendimentoId: string }[] }>(
      'GET',
      '/backend/api/atendimento/conversas?status=aguardando',
      ritaToken,
    );
    expect(aguardando.itens).toHaveLength(2);
    const primeiro = aguardando.itens[0]!.atendimentoId;
    await api('POST', `/backend/api/atendimento/${primeiro}/aceitar`, ritaToken);
    await api('POST', `/backend/api/atendimento/${primeiro}/finalizar`, ritaToken);

    // The overview, filtered to Financeiro, counts exactly those.
    await master.goto('/dashboard');
    await master.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await master.getByLabel('Departamento').selectOption({ label: 'Financeiro' });
    const card = (label: string) => master.locator(`[data-card="${label}"]`);
    await expect.poll(() => card('Abertos no período').innerText()).toBe('2');
    await expect.poll(() => card('Finalizados no período').innerText()).toBe('1');
    await expect.poll(() => card('Aguardando agora').innerText()).toBe('1');
    const linhaRita = master.getByRole('row').filter({ hasText: RITA.nome });
    await expect.poll(() => linhaRita.getByRole('cell').nth(1).innerText()).toBe('1');
    await master.getByText('Atendimentos por dia e canal').waitFor();
    await master.locator('.recharts-bar-rectangle').first().waitFor();
    await lookAt(master, 'dashboard');

    // Financeiro still has an open atendimento: deleting it is refused with the server's count.
    await master.goto('/departamentos');
    await master.getByRole('button', { name: 'Ações para Financeiro' }).click();
    await master.getByRole('menuitem', { name: 'Excluir' }).click();
    await master.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
    await master.getByText(DEPARTAMENTOS_TEXTS.comAtendimentosAbertos(1)).waitFor();
    await master.getByRole('list', { name: 'Departamentos' }).getByText('Financeiro').waitFor();

    // A fifth seat is the last one; the sixth is refused with the server's words.
    await master.goto('/usuarios');
    await criarUsuario(master, 'Quinta Pessoa', 'quinta@demo.local').then((d) => d.waitFor({ state: 'detached' }));
    await master.getByText('5 de 5 assentos em uso').waitFor();
    const sexta = await criarUsuario(master, 'Sexta Pessoa', 'sexta@demo.local');
    await sexta
      .getByRole('alert')
      .filter({ hasText: LICENCA_TEXTS.limiteAtingido(5) })
      .waitFor();
    await shot(master, 'usuarios-sexto-assento');
    await master.keyboard.press('Escape');
    await sexta.waitFor({ state: 'detached' });

    // Deactivating Rita ends her session: her tab goes to the login at once, and she cannot sign in again.
    await master.getByRole('button', { name: `Ações para ${RITA.nome}` }).click();
    await master.getByRole('menuitem', { name: 'Desativar' }).click();
    await master.getByRole('alertdialog').getByRole('button', { name: 'Desativar' }).click();
    await master.getByText('4 de 5 assentos em uso').waitFor();
    await rita.waitForURL('**/login', { timeout: 15_000 });
    await rita.getByLabel('E-mail').fill(RITA.email);
    await rita.getByLabel('Senha', { exact: true }).fill(RITA.senha);
    await rita.getByRole('button', { name: 'Entrar' }).click();
    await rita.getByText('Seu usuário está desativado. Fale com o administrador da conta.').waitFor();

    expect(csp).toEqual([]);
    await ritaCtx.close();
    await masterCtx.close();
    // Three screens looked at in three ways each, with axe: longer than one flow.
  }, 240_000);

  it('Configurações: Geral saves the account and its logo shows in the menu; Aparência switches the navigation', async () => {
    const ctx = await newContext(env.browser, env.server.baseUrl);
    const page = await ctx.newPage();
    await loginAs(page, 'admin@demo.local');
    await page.goto('/config');
    await page.getByLabel('Nome da conta').waitFor();
    await page.getByLabel('Nome da conta').fill('Loja Exemplo');
    await page.getByLabel('Fuso horário').selectOption('America/Manaus');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Configurações salvas.').waitFor();
    await page.locator('input[type="file"]').setInputFiles(`${import.meta.dirname}/fixtures/foto.png`);
    await page.getByText('Logotipo atualizado.').waitFor();
    const menu = page.getByRole('navigation', { name: 'Menu lateral' });
    await expect.poll(() => page.locator('img[alt="Loja Exemplo"]').count()).toBeGreaterThan(0);
    await menu.waitFor();
    await lookAt(page, 'config-geral');

    await page.getByRole('tab', { name: 'Aparência' }).click();
    await page.getByRole('radio', { name: 'Dock flutuante' }).click();
    await page.getByRole('navigation', { name: 'Navegação principal' }).waitFor();
    expect(await page.evaluate(() => Object.values(localStorage).includes('dock'))).toBe(true);
    await lookAt(page, 'config-aparencia');

    await page.goto('/config?tab=integracoes');
    await page.getByRole('tab', { name: 'Integrações', selected: true }).waitFor();
    await ctx.close();
  }, 120_000);
});
