import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LICENCA_UI_TEXTS as T } from '@balcao/shared/licenca-cobranca';
import { type FakePsp, startFakePsp } from '../apps/server/src/test/fake-psp';
import { animationsSettled, launchBrowser, loginAs, newContext, PHONE, seriousA11yViolations } from './support/browser';
import { startE2EServer, type E2EServer } from './support/server';

const ARTIFACTS = `${import.meta.dirname}/artifacts`;
const OPERATOR = 'operador-e2e-licenca-0123456789';
const BLOQUEIO_MS = 45_000;

/** Light, dark and 390 px screenshots of what is on screen, each checked by axe (DESIGN.md "Checking it"). */
async function lookAt(page: Page, name: string) {
  await page.mouse.move(1, 300);
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
  await animationsSettled(page);
  expect(await seriousA11yViolations(page), `${name} (claro)`).toEqual([]);
  await page.screenshot({ path: `${ARTIFACTS}/${name}-claro.png` });
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await animationsSettled(page);
  expect(await seriousA11yViolations(page), `${name} (escuro)`).toEqual([]);
  await page.screenshot({ path: `${ARTIFACTS}/${name}-escuro.png` });
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await animationsSettled(page);
  const desktop = page.viewportSize()!;
  await page.setViewportSize(PHONE);
  await animationsSettled(page);
  expect(await seriousA11yViolations(page), `${name} (390 px)`).toEqual([]);
  await page.screenshot({ path: `${ARTIFACTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize(desktop);
}

/**
 * The licence in Chromium: an expired licence blocks the whole team; the master renews by PIX through API Pix (a local
 * fake PSP with mTLS, which concludes the charge as a payer's bank would) and everyone is let back in.
 */
describe('licence: expiry blocker and PIX payment', () => {
  let psp: FakePsp;
  let server: E2EServer;
  let browser: Browser;
  let databaseName: string;

  beforeAll(async () => {
    psp = await startFakePsp({ copiaECola: true });
    const c = psp.config();
    server = await startE2EServer({
      OPERATOR_TOKEN: OPERATOR,
      PIX_PROVIDER: 'api-pix',
      PIX_CHAVE: c.chave,
      PIX_RECEBEDOR_NOME: c.nome,
      PIX_RECEBEDOR_CIDADE: c.cidade,
      PIX_API_URL: c.baseUrl,
      PIX_API_TOKEN_URL: c.tokenUrl,
      PIX_API_PREFIX: c.prefix,
      PIX_API_CLIENT_ID: c.clientId,
      PIX_API_CLIENT_SECRET: c.clientSecret,
      PIX_API_CERT: c.certPath,
      PIX_API_KEY: c.keyPath,
      PIX_API_CA: c.caPath!,
    });
    browser = await launchBrowser();
    const login = await fetch(`${server.baseUrl}/backend/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'master@demo.local', senha: 'balcao-demo' }),
    });
    const { token } = (await login.json()) as { token: string };
    const conta = await fetch(`${server.baseUrl}/backend/api/conta`, { headers: { authorization: `Bearer ${token}` } });
    databaseName = ((await conta.json()) as { databaseName: string }).databaseName;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await psp?.close();
  });

  /** The operator's due date: yesterday makes the account expire. */
  const vencimento = async (dias: number) => {
    const res = await fetch(`${server.baseUrl}/backend/operador/licenca/vencimento`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' },
      body: JSON.stringify({ databaseName, dataVencimento: new Date(Date.now() + dias * 86_400_000).toISOString() }),
    });
    expect(res.status).toBe(200);
  };
  const vendaErp = async (sim: boolean) => {
    const res = await fetch(`${server.baseUrl}/backend/operador/licenca/venda-erp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OPERATOR}`, 'content-type': 'application/json' },
      body: JSON.stringify({ databaseName, vendaErp: sim }),
    });
    expect(res.status).toBe(200);
  };
  const bloqueio = (page: Page) => page.getByRole('heading', { name: T.bloqueioTitulo });
  const dialogo = (page: Page) => page.getByRole('dialog');

  it('blocks the atendente; the master renews by PIX; "Pagamento confirmado!" lets everyone back in', async () => {
    await vencimento(-1);
    const atCtx = await newContext(browser, server.baseUrl);
    const atendente = await atCtx.newPage();
    await loginAs(atendente, 'atendente@demo.local');
    await bloqueio(atendente).waitFor();
    await atendente.getByText(T.bloqueioTexto).waitFor();
    await atendente.getByText(T.aguardando).waitFor();
    expect(await atendente.getByRole('button', { name: T.renovarAgora }).count()).toBe(0);
    // Not even /licenca lets another role through.
    await atendente.goto('/licenca');
    await bloqueio(atendente).waitFor();
    await lookAt(atendente, 'licenca-bloqueio-atendente');

    const masterCtx = await newContext(browser, server.baseUrl);
    await masterCtx.grantPermissions(['clipboard-read', 'clipboard-write']);
    const master = await masterCtx.newPage();
    await loginAs(master, 'master@demo.local');
    await bloqueio(master).waitFor();
    await master.getByText(T.renovacaoRapida).waitFor();
    await master.getByText(T.garantia).waitFor();
    await lookAt(master, 'licenca-bloqueio-master');

    await master.getByRole('button', { name: T.renovarAgora }).click();
    await master.waitForURL((u) => u.pathname === '/licenca');
    const dialog = dialogo(master);
    await dialog.getByRole('heading', { name: T.pendente }).waitFor({ timeout: 30_000 });
    await dialog.getByText(/^R\$\s149,00$/).waitFor();
    expect(await dialog.getByRole('checkbox', { name: T.assistenteIa }).isChecked()).toBe(false);
    expect(psp.cobs.size).toBe(1);
    const [txid] = [...psp.cobs.keys()];

    await dialog.getByRole('button', { name: T.copiar }).click();
    await dialog.getByRole('button', { name: T.copiado }).waitFor();
    const copiado = await master.evaluate(() => navigator.clipboard.readText());
    expect(copiado).toMatch(/^000201/);
    await dialog.getByRole('button', { name: T.copiar }).waitFor({ timeout: 10_000 });

    await dialog.getByRole('button', { name: T.verificar }).click();
    await master.getByText(T.pendenteToast, { exact: true }).waitFor();
    await lookAt(master, 'licenca-pagamento-pendente');

    psp.conclude(txid!);
    await dialog.getByRole('button', { name: T.verificar }).click();
    await master.getByText(T.confirmadoTexto).first().waitFor();
    await dialog.waitFor({ state: 'detached', timeout: 15_000 });
    await master.getByText('Ativa', { exact: true }).waitFor();
    expect(await bloqueio(master).count()).toBe(0);
    await lookAt(master, 'licenca-pagina');
    // The master's menu has Licença; the atendente's never does.
    await master.getByRole('link', { name: 'Licença' }).first().waitFor();

    // The atendente's blocker checks every 30 s while up: it goes by itself.
    await bloqueio(atendente).waitFor({ state: 'detached', timeout: BLOQUEIO_MS });
    await atendente.goto('/atendimentos');
    await atendente.locator('main h1, main [role="heading"]').first().waitFor();
    expect(await bloqueio(atendente).count()).toBe(0);
    expect(await atendente.getByRole('link', { name: 'Licença' }).count()).toBe(0);
    await atCtx.close();
    await masterCtx.close();
  }, 180_000);

  it('a cancelled charge says "Pagamento Cancelado" and returns to /licenca', async () => {
    await vencimento(-1);
    const ctx = await newContext(browser, server.baseUrl);
    const master = await ctx.newPage();
    await loginAs(master, 'master@demo.local');
    await master.getByRole('button', { name: T.renovarAgora }).click();
    const dialog = dialogo(master);
    await dialog.getByRole('heading', { name: T.pendente }).waitFor({ timeout: 30_000 });
    await dialog.getByRole('button', { name: T.cancelar }).click();
    await master.getByText(T.cancelado, { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(master.url()).pathname + new URL(master.url()).search).toBe('/licenca');
    await master.getByText('Expirada', { exact: true }).waitFor();
    const removida = [...psp.cobs.values()].filter((c) => c.status === 'REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect(removida).toHaveLength(1);
    // Leaving /licenca, the master meets the blocker again.
    await master.goto('/atendimentos');
    await bloqueio(master).waitFor();

    // Sold through an ERP partner: renewed there, so no blocker and no Licença item, even past the due date.
    await vendaErp(true);
    const status = master.waitForResponse((r) => r.url().endsWith('/Licenca/status'));
    await master.reload();
    expect(((await (await status).json()) as { isLicencaVendaERP: boolean }).isLicencaVendaERP).toBe(true);
    await master.getByRole('link', { name: 'Atendimentos' }).first().waitFor();
    await expect.poll(() => master.getByRole('link', { name: 'Licença' }).count()).toBe(0);
    expect(await bloqueio(master).count()).toBe(0);
    await vendaErp(false);
    await ctx.close();
  }, 120_000);
});
