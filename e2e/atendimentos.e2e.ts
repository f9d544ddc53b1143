import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { loginAs, newContext, seriousA11yViolations } from './support/browser';
import { watchCsp } from './support/csp';
import { useE2E } from './support/suite';
import { openUserMenu, shot } from './support/shell';
import { startTestSite } from './support/site';

const PNG = `${import.meta.dirname}/fixtures/foto.png`;

describe('customer conversation from the website widget to the rating', () => {
  const env = useE2E();
  let site: Awaited<ReturnType<typeof startTestSite>>;
  afterAll(() => site?.close());

  const api = async <T>(method: string, path: string, token: string, body?: unknown) => {
    const res = await fetch(env.server.baseUrl + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const staffPage = async (email: string): Promise<Page> => {
    const ctx = await newContext(env.browser, env.server.baseUrl);
    const page = await ctx.newPage();
    await loginAs(page, email);
    await page.waitForURL('**/atendimentos');
    return page;
  };

  it('runs the whole conversation live', async () => {
    const { token } = await (
      await fetch(`${env.server.baseUrl}/backend/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.local', senha: 'balcao-demo' }),
      })
    ).json();
    const deps = await api<{ id: string; nome: string }[]>('GET', '/backend/api/departamentos', token);
    const comercial = deps.find((d) => d.nome === 'Comercial')!.id;
    // The site's origin is known only once it listens: create the channel, then serve the snippet.
    const placeholder = await startTestSite('');
    const origin = placeholder.origin;
    await placeholder.close();
    const canal = await api<{ token: string; snippet: string; id: string }>('POST', '/backend/api/canais/widget', token, {
      nome: 'Site da loja',
      origensPermitidas: [origin],
      departamentoPadraoId: comercial,
      saudacao: 'Olá! Como podemos ajudar?',
    });
    site = await startTestSite(canal.snippet.replace(/src="[^"]+"/, `src="${env.server.baseUrl}/widget.js"`), Number(new URL(origin).port));

    const carlos = await staffPage('atendente@demo.local');
    const sofia = await staffPage('atendente2@demo.local');

    const visitorCtx = await newContext(env.browser, site.origin);
    // The customer's side, our rating page included, runs under our Content-Security-Policy without a refusal.
    const cspProblems = await watchCsp(visitorCtx);
    const visitor = await visitorCtx.newPage();
    await visitor.goto('/');
    await visitor.getByRole('button', { name: 'Abrir chat' }).click();
    const input = visitor.getByPlaceholder('Escreva sua mensagem…');
    await input.fill('Olá, quero saber o prazo de entrega');
    await input.press('Enter');

    // Carlos (Comercial) sees it arrive live in Aguardando and accepts.
    const row = carlos.getByRole('listitem').filter({ hasText: 'Olá, quero saber o prazo de entrega' });
    await row.waitFor({ timeout: 15_000 });
    await row.click();
    await carlos.getByRole('button', { name: 'Aceitar' }).click();
    const composer = carlos.getByLabel('Digite sua mensagem...');
    await composer.fill('Oi! O prazo é de 3 dias úteis.');
    await composer.press('Enter');
    await carlos.locator('input[type="file"]').setInputFiles(PNG);
    await carlos.getByRole('button', { name: 'Enviar' }).click();
    await shot(carlos, 'atendimentos-carlos');

    // The visitor sees both answers.
    await visitor.getByText('Oi! O prazo é de 3 dias úteis.').waitFor({ timeout: 15_000 });
    await expect.poll(() => visitor.locator('img[src*="/backend/uploads/anexos/"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await shot(visitor, 'widget-visitante');

    // Transfer to Sofia, who sees it live in Em atendimento.
    await carlos.getByRole('button', { name: 'Transferir' }).click();
    const dialog = carlos.getByRole('dialog', { name: 'Transferir atendimento' });
    await dialog.getByText('Sofia Atendente').click();
    await dialog.getByRole('button', { name: 'Transferir' }).click();
    await sofia.getByRole('tab', { name: /Em atendimento/ }).click();
    const sofiaRow = sofia
      .getByRole('listitem')
      .filter({ hasText: /Visitante|prazo|imagem|transferido/i })
      .first();
    await sofiaRow.waitFor({ timeout: 15_000 });
    await sofiaRow.click();
    await sofia.getByText('Atendimento transferido para Sofia Atendente por Carlos Atendente.').last().waitFor();

    // Sofia finishes; the visitor gets the rating link and rates.
    await sofia.getByRole('button', { name: 'Finalizar' }).first().click();
    await sofia
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Finalizar' })
      .click()
      .catch(async () => {
        await sofia.getByRole('dialog').getByRole('button', { name: 'Finalizar' }).click();
      });
    const link = visitor.getByRole('link', { name: /Avaliar|avaliar/ }).first();
    await link.waitFor({ timeout: 15_000 });
    const href = await link.getAttribute('href');
    // The link carries the customer's token (after #); staff only ever see the atendimento's id.
    expect(href).toMatch(/\/avaliar\/demo\/[0-9a-f-]{36}#token=[\w-]{43}$/);
    const rating = await visitorCtx.newPage();
    const ratingPage = await rating.goto(href!);
    expect(ratingPage?.headers()['content-security-policy']).toContain("script-src 'self'");
    await rating.getByRole('radio', { name: '5 estrelas' }).check({ force: true });
    await rating.getByRole('button', { name: 'Enviar avaliação' }).click();
    await rating.getByRole('heading', { name: 'Obrigado pela sua avaliação!' }).waitFor();
    expect(await seriousA11yViolations(rating)).toEqual([]);
    await rating.reload();
    await rating.getByText('Este atendimento já foi avaliado.').waitFor();
    expect(cspProblems, cspProblems.join('\n')).toEqual([]);

    // 'Meu Dashboard' shows the finished atendimento and the rating.
    await openUserMenu(sofia, /Sofia Atendente/);
    await sofia.getByRole('menuitem', { name: 'Meu Dashboard' }).click();
    const dash = sofia.getByRole('dialog', { name: 'Dashboard - Sofia Atendente' });
    await dash.waitFor();
    await dash.getByRole('cell', { name: '#1', exact: true }).waitFor();
    const card = (label: string) => dash.getByRole('listitem').filter({ hasText: label });
    await expect.poll(() => card('Atendimentos finalizados').innerText()).toMatch(/^1\s/);
    await expect.poll(() => card('Nota média').innerText()).toMatch(/^5(,0)?\s/);
    expect(await seriousA11yViolations(sofia)).toEqual([]);
    await shot(sofia, 'meu-dashboard');
  });
});
