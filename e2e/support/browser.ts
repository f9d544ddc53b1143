import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const launchBrowser = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });

export const DESKTOP = { width: 1366, height: 768 };
export const PHONE = { width: 390, height: 844 };

export async function newContext(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<BrowserContext> {
  const ctx = await browser.newContext({ baseURL, viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  ctx.setDefaultTimeout(15_000);
  return ctx;
}

export const DEMO_PASSWORD = 'balcao-demo';

/** Logs in through the form and waits to leave /login. */
export async function loginAs(page: Page, email: string, senha = DEMO_PASSWORD) {
  if (!page.url().includes('/login')) await page.goto('/login');
  // Lazy routes: until the login chunk has rendered, the previous screen may still be showing.
  await page.getByRole('heading', { name: 'Entrar' }).waitFor();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

const SETTLE_MS = 5_000;

/** Waits for the page's finite animations and transitions (a spinner never finishes: not waited). */
export const animationsSettled = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ).then(() => undefined),
  );

/** Serious or critical violations in one axe reading, each as its rule and nodes. */
async function readViolations(page: Page) {
  // axe reads colours as painted: a toast sliding in or a dialog's overlay fading out is half transparent.
  await animationsSettled(page);
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(', ')}`);
}

/**
 * Serious or critical accessibility violations on the page (DESIGN.md: e2e fails on them). A transition that
 * starts during a reading is read again; only what lasts SETTLE_MS is reported.
 */
export async function seriousA11yViolations(page: Page) {
  const until = Date.now() + SETTLE_MS;
  let violations = await readViolations(page);
  while (violations.length > 0 && Date.now() < until) {
    await page.waitForTimeout(500);
    violations = await readViolations(page);
  }
  return violations;
}
