import { describe, expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import { DOCK_ITEMS, NOVA_VERSAO_TEXTS, WEB_BUILD_HEADER } from '@balcao/shared/layout';
import { DESKTOP, loginAs, newContext, PHONE, seriousA11yViolations } from './support/browser';
import { useE2E } from './support/suite';
import { openUserMenu, settled, shot } from './support/shell';

const USERS = {
  master: { email: 'master@demo.local', nome: 'Marta Master' },
  admin: { email: 'admin@demo.local', nome: 'Ana Admin' },
  atendente: { email: 'atendente@demo.local', nome: 'Carlos Atendente' },
  user: { email: 'user@demo.local', nome: 'Ulisses Usuário' },
  tracker: { email: 'tracker@demo.local', nome: 'Tiago Tracker' },
} as const;

describe('shell and profile', () => {
  const env = useE2E();

  it.each(Object.keys(USERS) as (keyof typeof USERS)[])('shows exactly the %s items', async (role) => {
    const ctx = await newContext(env.browser, env.server.baseUrl);
    const page = await ctx.newPage();
    await loginAs(page, USERS[role].email);
    const nav = page.getByRole('navigation', { name: 'Menu lateral' });
    await nav.waitFor();
    await settled(page);
    const expected = DOCK_ITEMS.filter((i) => i.roles.includes(role)).map((i) => i.label);
    await expect
      .poll(async () =>
        (await nav.getByRole('link').allInnerTexts())
          .map((t) => t.trim())
          .filter((t) => expected.includes(t) || DOCK_ITEMS.some((i) => i.label === t)),
      )
      .toEqual(expected);
    const central = await page.getByRole('button', { name: 'Central de Configurações' }).count();
    const single = await nav.getByRole('link', { name: 'Configurações', exact: true }).count();
    if (role === 'master' || role === 'admin') expect([central, single]).toEqual([1, 0]);
    else if (role === 'tracker') expect([central, single]).toEqual([0, 0]);
    else expect([central, single]).toEqual([0, 1]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, `shell-${role}`);
    await ctx.close();
  });

  it('toggles the side panel with Ctrl+B and remembers it in the cookie', async () => {
    const ctx = await newContext(env.browser, env.server.baseUrl);
    const page = await ctx.newPage();
    await loginAs(page, USERS.admin.email);
    await page.getByRole('navigation', { name: 'Menu lateral' }).waitFor();
    const state = async () => (await ctx.cookies()).find((c) => c.name === 'sidebar_state')?.value;
    await page.keyboard.press('Control+b');
    await expect.poll(state).toBe('false');
    await page.reload();
    await page.getByRole('navigation', { name: 'Menu lateral' }).waitFor({ state: 'attached' });
    expect(await page.locator('[data-state="collapsed"]').count()).toBeGreaterThan(0);
    // Collapsed, the account's mark alone is still a link with a name.
    expect(await page.getByRole('link', { name: 'Balcão' }).count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Control+b');
    await expect.poll(state).toBe('true');
    await ctx.close();
  });

  it('changes name, photo and password in "Meu perfil", then logs out', async () => {
    const ctx = await newContext(env.browser, env.server.baseUrl);
    const page = await ctx.newPage();
    await loginAs(page, USERS.atendente.email);
    await openUserMenu(page, /Carlos Atendente/);
    await page.getByRole('menuitem', { name: 'Perfil' }).click();
    const dialog = page.getByRole('dialog', { name: 'Meu perfil' });
    await dialog.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await dialog.getByLabel('Nome').fill('Carlos Souza');
    // A window turned to a phone's width and back (the side panel becomes a sheet) keeps the dialog and its text.
    const larguraDeTelefone = () =>
      page.evaluate(() => new Promise<boolean>((r) => requestAnimationFrame(() => r(matchMedia('(max-width: 767px)').matches))));
    await page.setViewportSize(PHONE);
    await expect.poll(larguraDeTelefone).toBe(true);
    await page.setViewportSize(DESKTOP);
    await expect.poll(larguraDeTelefone).toBe(false);
    expect(await dialog.getByLabel('Nome').inputValue()).toBe('Carlos Souza');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Nome atualizado com sucesso. Efetue o login novamente para ver as alterações.').waitFor();

    await dialog.getByLabel('Escolher foto de perfil').setInputFiles(`${import.meta.dirname}/fixtures/foto.png`);
    await page.getByText('Foto de perfil atualizada com sucesso!').waitFor();
    await expect.poll(() => dialog.locator('img[src*="/backend/uploads/fotos/"]').count()).toBeGreaterThan(0);

    await dialog.getByRole('tab', { name: 'Alterar Senha' }).click();
    await dialog.getByLabel('Senha atual').fill('balcao-demo');
    await dialog.getByLabel('Nova senha', { exact: true }).fill('nova-senha-e2e');
    await dialog.getByLabel('Confirmar nova senha').fill('outra-coisa');
    await dialog.getByRole('button', { name: 'Alterar senha' }).click();
    await dialog.getByText('As novas senhas não coincidem.').waitFor();
    await dialog.getByLabel('Confirmar nova senha').fill('nova-senha-e2e');
    await dialog.getByRole('button', { name: 'Alterar senha' }).click();
    await page.getByText('Senha atualizada com sucesso.').waitFor();
    await shot(page, 'perfil');
    await page.keyboard.press('Escape');

    await openUserMenu(page, /Carlos Souza/);
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
    await page.goto('/atendimentos');
    await page.waitForURL('**/login');
    await loginAs(page, USERS.atendente.email, 'nova-senha-e2e');
    await page.waitForURL('**/atendimentos');
    await ctx.close();
  });

  it('toggles Online/Offline from the user menu', async () => {
    const ctx = await newContext(env.browser, env.server.baseUrl);
    const page = await ctx.newPage();
    await loginAs(page, USERS.admin.email);
    await openUserMenu(page, /Ana Admin/);
    await page.getByRole('menuitem', { name: 'Status: Online' }).click();
    await page.getByRole('menuitem', { name: 'Status: Offline' }).waitFor();
    await ctx.close();
  });

  it('a tab of an earlier build offers to reload once the server serves another (light, dark, 390 px)', async () => {
    const ctx = await newContext(env.browser, env.server.baseUrl);
    const page = await ctx.newPage();
    await loginAs(page, USERS.admin.email);
    await settled(page);
    // This tab runs the build the server serves: no notice.
    const aviso = page.getByRole('region', { name: NOVA_VERSAO_TEXTS.aviso });
    expect(await aviso.count()).toBe(0);
    // The server upgraded meanwhile: its API answers name another build than the page's.
    const outra = async (route: Route) => {
      const res = await route.fetch();
      await route.fulfill({ response: res, headers: { ...res.headers(), [WEB_BUILD_HEADER]: '/assets/index-nova.js' } });
    };
    await page.route('**/backend/api/**', outra);
    await page.getByRole('link', { name: 'Usuários' }).first().click();
    await aviso.waitFor();
    await settled(page);
    for (const [tema, largura] of [
      ['claro', null],
      ['escuro', null],
      ['claro', PHONE],
    ] as const) {
      await page.evaluate((escuro) => document.documentElement.classList.toggle('dark', escuro), tema === 'escuro');
      if (largura) await page.setViewportSize(largura);
      expect(await seriousA11yViolations(page), tema).toEqual([]);
      await shot(page, `nova-versao-${tema}${largura ? '-390' : ''}`);
    }
    // Reloading loads what the server serves now: the notice goes.
    await page.unroute('**/backend/api/**', outra);
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: NOVA_VERSAO_TEXTS.atualizar }).click()]);
    await settled(page);
    expect(await aviso.count()).toBe(0);
    await ctx.close();
  });

  it('is tidy on a phone: the side panel opens as a sheet', async () => {
    const ctx = await newContext(env.browser, env.server.baseUrl, PHONE);
    const page = await ctx.newPage();
    await loginAs(page, USERS.master.email);
    await page.getByRole('button', { name: /menu/i }).first().click();
    await page.getByRole('navigation', { name: 'Menu lateral' }).waitFor();
    await shot(page, 'shell-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await ctx.close();
  });
});
