import { copyFileSync, mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BROWSER_ENCODINGS, BUDGETS_KB, measurePageWeight, overBudget } from '../bench/page-weight.mjs';
import { loginAs, newContext } from './support/browser';
import { watchCsp } from './support/csp';
import { settled, shot } from './support/shell';
import { startTestSite } from './support/site';
import { useE2E } from './support/suite';

const WEB_DIST = `${import.meta.dirname}/../apps/web/dist`;

describe('HTTP as a browser sees it: CSP and page weight of the production build', () => {
  const env = useE2E();

  it('no CSP violation on /login, on /atendimentos after login, in the internal chat panel, on every other page nor in the popout', async () => {
    const ctx = await newContext(env.browser, env.server.baseUrl);
    const problems = await watchCsp(ctx);
    const page = await ctx.newPage();
    const login = await page.goto('/login');
    expect(login?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await page.getByRole('heading', { name: 'Entrar' }).waitFor();
    await shot(page, 'http-csp-login');
    await loginAs(page, 'master@demo.local');
    await page.waitForURL(/\/atendimentos/);
    await settled(page);
    await page.getByRole('button', { name: 'Chat interno', exact: true }).click();
    await page.getByRole('dialog', { name: 'Chat interno' }).getByRole('heading', { name: 'Conversas' }).waitFor();
    await shot(page, 'http-csp-atendimentos');
    // The theme script runs from its own file before the first paint.
    expect(await page.evaluate(() => document.querySelectorAll('script:not([src])').length)).toBe(0);
    // Every other page of the staff app, as the master (who may open them all).
    for (const path of ['/dashboard', '/config', '/usuarios', '/departamentos', '/mensagens-agendadas', '/licenca', '/documentacao']) {
      await page.goto(path);
      await page.locator('main').first().waitFor();
      await page.waitForLoadState('networkidle');
    }
    await page.goto('/avaliar/demo/00000000-0000-0000-0000-000000000000');
    await page.waitForLoadState('networkidle');
    await page.goto('/widget-conversations?canal=inexistente');
    await page
      .getByRole('heading', { name: /Não foi possível carregar o chat|Link de conversa inválido/ })
      .waitFor()
      .catch(() => undefined);
    await page.waitForLoadState('networkidle');
    expect(problems, problems.join('\n')).toEqual([]);
    await ctx.close();
  });

  it("a customer's site on another origin shows our uploads and hands its conversation to the popout it opens", async () => {
    const base = env.server.baseUrl;
    const dir = `${env.server.dataDir}/uploads/anexos`;
    mkdirSync(dir, { recursive: true });
    copyFileSync(`${import.meta.dirname}/fixtures/foto.png`, `${dir}/http-e2e.png`);
    const { token } = await (
      await fetch(`${base}/backend/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.local', senha: 'balcao-demo' }),
      })
    ).json();
    // The site's origin is known only once it listens: create the channel, then serve the snippet.
    const placeholder = await startTestSite('');
    await placeholder.close();
    const res = await fetch(`${base}/backend/api/canais/widget`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ nome: 'Site HTTP', origensPermitidas: [placeholder.origin], saudacao: 'Olá! Como podemos ajudar?' }),
    });
    expect(res.status).toBe(201);
    const canal = (await res.json()) as { snippet: string };
    const snippet = canal.snippet.replace(/src="[^"]+"/, `src="${base}/widget.js"`);
    const site = await startTestSite(
      `<img id="foto" alt="foto" src="${base}/backend/uploads/anexos/http-e2e.png">${snippet}`,
      Number(new URL(placeholder.origin).port),
    );
    const ctx = await newContext(env.browser, site.origin);
    const problems = await watchCsp(ctx);
    try {
      const page = await ctx.newPage();
      await page.goto('/');
      // Cross-Origin-Resource-Policy: cross-origin on uploads (the widget shows them on the customer's site).
      await expect.poll(() => page.evaluate(() => (document.getElementById('foto') as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Abrir chat' }).click();
      const input = page.getByPlaceholder('Escreva sua mensagem…');
      await input.fill('Olá, mensagem antes da nova janela');
      await input.press('Enter');
      await page.getByText('Olá, mensagem antes da nova janela').first().waitFor();
      // The popout asks the site for its visitor by postMessage: it must keep its opener (no COOP same-origin),
      // and the widget runs there under our CSP.
      const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Abrir em nova janela' }).click()]);
      expect(await popup.evaluate(() => window.opener !== null)).toBe(true);
      await popup.getByText('Olá, mensagem antes da nova janela').first().waitFor({ timeout: 15_000 });
      await shot(popup, 'http-popout');
      expect(problems, problems.join('\n')).toEqual([]);
      // Any other page of ours is cut from a site that opens it.
      const [login] = await Promise.all([
        page.waitForEvent('popup'),
        page.evaluate((url) => void window.open(url, '_blank'), `${base}/login`),
      ]);
      await login.waitForLoadState('domcontentloaded');
      expect(await login.evaluate(() => window.opener === null)).toBe(true);
    } finally {
      await ctx.close();
      await site.close();
    }
  });

  it('the API reference at /backend/docs renders from our origin alone, within the CSP', async () => {
    const ctx = await newContext(env.browser, env.server.baseUrl);
    const problems = await watchCsp(ctx);
    const elsewhere: string[] = [];
    ctx.on('request', (r) => {
      if (!r.url().startsWith(env.server.baseUrl) && !r.url().startsWith('data:')) elsewhere.push(r.url());
    });
    const page = await ctx.newPage();
    await page.goto('/backend/docs');
    await page.locator('.opblock-tag', { hasText: 'Atendimentos' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    await shot(page, 'http-api-reference');
    expect(problems, problems.join('\n')).toEqual([]);
    expect(elsewhere).toEqual([]);
    await ctx.close();
  });

  it(`page weight, compressed as served to "${BROWSER_ENCODINGS}", stays within the budgets (login ${BUDGETS_KB.login} KB, shell ${BUDGETS_KB.shell} KB, widget ${BUDGETS_KB.widget} KB)`, async () => {
    const m = await measurePageWeight(env.server.baseUrl, BROWSER_ENCODINGS, WEB_DIST);
    console.log(
      `page weight (${BROWSER_ENCODINGS}): login ${(m.login.bytes / 1024).toFixed(1)} KB, shell ${(m.shell.bytes / 1024).toFixed(1)} KB, widget ${(m.widget.bytes / 1024).toFixed(1)} KB`,
    );
    // Files under a few hundred bytes are served as they are; everything else as brotli.
    expect(m.encodings).toContain('br');
    expect(m.encodings).not.toContain('gzip');
    expect(m.login.files.length).toBeGreaterThan(2);
    expect(overBudget(m)).toEqual([]);
  });
});
