import { copyFileSync, mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BROWSER_ENCODINGS, BUDGETS_KB, measurePageWeight, overBudget } from '../bench/page-weight.mjs';
import { loginAs, newContext } from './support/browser';
import { settled, shot } from './support/shell';
import { startTestSite } from './support/site';
import { useE2E } from './support/suite';

const WEB_DIST = `${import.meta.dirname}/../apps/web/dist`;

/** Everything the browser reports about the Content-Security-Policy: violation events and console lines. */
async function watchCsp(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (/content security policy|refused to (load|execute|apply|evaluate|connect|frame)/i.test(m.text())) problems.push(m.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return problems;
}

describe('HTTP as a browser sees it: CSP and page weight of the production build', () => {
  const env = useE2E();

  it('no CSP violation on /login, on /atendimentos after login, in the internal chat panel nor in the popout', async () => {
    const ctx = await newContext(env.browser, env.server.baseUrl);
    const page = await ctx.newPage();
    const problems = await watchCsp(page);
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
    await page.goto('/widget-conversations?canal=inexistente');
    await page
      .getByRole('heading', { name: /Não foi possível carregar o chat|Link de conversa inválido/ })
      .waitFor()
      .catch(() => undefined);
    await page.waitForLoadState('networkidle');
    expect(problems, problems.join('\n')).toEqual([]);
    await ctx.close();
  });

  it("a customer's site on another origin shows our uploads and keeps talking to the popout it opens", async () => {
    const dir = `${env.server.dataDir}/uploads/anexos`;
    mkdirSync(dir, { recursive: true });
    copyFileSync(`${import.meta.dirname}/fixtures/foto.png`, `${dir}/http-e2e.png`);
    const base = env.server.baseUrl;
    const site = await startTestSite(`<img id="foto" alt="foto" src="${base}/backend/uploads/anexos/http-e2e.png">`);
    const ctx = await newContext(env.browser, site.origin);
    try {
      const page = await ctx.newPage();
      await page.goto('/');
      // Cross-Origin-Resource-Policy: cross-origin on uploads (the widget shows them on the customer's site).
      await expect.poll(() => page.evaluate(() => (document.getElementById('foto') as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      // The popout is opened by the site and answers it by postMessage: it must keep its opener (no COOP same-origin).
      const [popup] = await Promise.all([
        page.waitForEvent('popup'),
        page.evaluate((url) => void window.open(url, '_blank'), `${base}/widget-conversations?canal=inexistente`),
      ]);
      await popup.waitForLoadState('domcontentloaded');
      expect(await popup.evaluate(() => window.opener !== null)).toBe(true);
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
