import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { animationsSettled, loginAs, newContext, PHONE, seriousA11yViolations } from './support/browser';
import { fullShot, lookAt } from './support/look';
import { startTestSite } from './support/site';
import { useE2E } from './support/suite';
import { apiOf } from './support/api';
import { watchCsp } from './support/csp';

const PNG = `${import.meta.dirname}/fixtures/foto.png`;
const DOMINIO = 'ajuda.loja-exemplo.test';
const TITULO = 'Entrega em Conceição do Mato Dentro';

/** A GET with the Host header a customer's domain would send (fetch does not let a test set it). */
function comHost(base: string, path: string, host: string): Promise<{ status: number; body: string }> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname: url.hostname, port: url.port, path: url.pathname + url.search, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A paste or a drop of a PNG on an element, as the browser fires them when a person pastes or drops a file. */
async function colarImagem(alvo: Locator, nome: string, como: 'paste' | 'drop') {
  const png = readFileSync(PNG).toString('base64');
  await alvo.evaluate(
    (el, { png, nome, como }) => {
      const dados = new DataTransfer();
      dados.items.add(new File([Uint8Array.from(atob(png), (c) => c.charCodeAt(0))], nome, { type: 'image/png' }));
      const r = el.getBoundingClientRect();
      const init = { bubbles: true, cancelable: true };
      el.dispatchEvent(
        como === 'paste'
          ? new ClipboardEvent('paste', { ...init, clipboardData: dados })
          : new DragEvent('drop', { ...init, dataTransfer: dados, clientX: r.right - 4, clientY: r.bottom - 4 }),
      );
    },
    { png, nome, como },
  );
}

/** A public page (server-rendered, no JavaScript): axe and screenshots light and dark (prefers-color-scheme), 1366 and 390 px. */
async function olharPublica(page: Page, nome: string) {
  for (const esquema of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: esquema });
    await animationsSettled(page);
    expect(await seriousA11yViolations(page), `${nome} (${esquema})`).toEqual([]);
    await fullShot(page, `${nome}-${esquema === 'light' ? 'claro' : 'escuro'}`);
    const desktop = page.viewportSize()!;
    await page.setViewportSize(PHONE);
    expect(await seriousA11yViolations(page), `${nome} (${esquema}, 390 px)`).toEqual([]);
    await fullShot(page, `${nome}-${esquema === 'light' ? 'claro' : 'escuro'}-390`);
    await page.setViewportSize(desktop);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

describe('documentação: write, find, read without JavaScript, in the widget and on a custom domain', () => {
  const env = useE2E();
  let site: Awaited<ReturnType<typeof startTestSite>> | undefined;
  afterAll(() => site?.close());

  const api = apiOf(() => env.server.baseUrl);

  it('the master publishes an article with an image; a visitor finds it, reads it, finds it in the widget; the domain serves it', async () => {
    const { token } = await api<{ token: string }>('POST', '/backend/api/auth/login', null, {
      email: 'master@demo.local',
      senha: 'balcao-demo',
    });
    const central = await api<{ id: string; slug: string; url: string }>('POST', '/backend/api/documentacao/centrais', token, {
      nome: 'Ajuda da Loja',
      dominio: DOMINIO,
      cor: '#0f766e',
    });
    await api('POST', '/backend/api/documentacao/secoes', token, { titulo: 'Entregas', centralId: central.id });

    // The master writes in /documentacao: title, Markdown, an uploaded image, published and public.
    const staffCtx = await newContext(env.browser, env.server.baseUrl);
    const cspStaff = await watchCsp(staffCtx);
    const staff = await staffCtx.newPage();
    await loginAs(staff, 'master@demo.local');
    await staff.goto('/documentacao');
    await staff.getByRole('button', { name: 'Novo documento em Entregas' }).click();
    await staff.getByLabel('Título', { exact: true }).fill(TITULO);
    // The editor (CodeMirror, its own chunk) is a contenteditable: typed into as a person would.
    const conteudo = staff.getByRole('textbox', { name: 'Conteúdo em Markdown' });
    await conteudo.click();
    await staff.keyboard.type('## Prazos\n\nPedidos para Conceição chegam em ');
    await staff.keyboard.press('ControlOrMeta+b');
    await staff.keyboard.type('3 dias úteis');
    await staff.keyboard.press('End');
    await staff.keyboard.type('.\n\n## Rastreio\n\nUse o código do e-mail.');
    // An image pasted and one dropped go where the cursor is (the end of the text); "Imagem" uploads one too.
    await colarImagem(conteudo, 'colada.png', 'paste');
    await expect.poll(() => conteudo.textContent()).toMatch(/e-mail\.!\[colada\.png\]\(\/backend\/uploads\/documentacao\/[^)]+\)$/);
    await colarImagem(conteudo, 'arrastada.png', 'drop');
    await expect.poll(() => conteudo.textContent()).toMatch(/!\[arrastada\.png\]\(\/backend\/uploads\/documentacao\/[^)]+\)$/);
    await staff.getByLabel('Enviar imagem').setInputFiles(PNG);
    await expect.poll(() => conteudo.textContent()).toMatch(/!\[foto\.png\]\(\/backend\/uploads\/documentacao\/[^)]+\)$/);
    expect(await conteudo.textContent()).toContain('Pedidos para Conceição chegam em **3 dias úteis**.');
    await staff.getByLabel('Situação', { exact: true }).selectOption('publicado');
    await staff.getByLabel('Quem vê', { exact: true }).selectOption('publica');
    await staff.getByRole('button', { name: 'Salvar' }).click();
    await staff.getByRole('button', { name: 'Copiar link público' }).waitFor();
    await lookAt(staff, 'documentacao');
    // The editor's styles (CodeMirror injects its own) stay within the CSP.
    expect(cspStaff, cspStaff.join('\n')).toEqual([]);

    // A visitor without JavaScript searches without accents and reads the article, its image included.
    const semJs = await env.browser.newContext({ baseURL: env.server.baseUrl, javaScriptEnabled: false, locale: 'pt-BR' });
    const leitor = await semJs.newPage();
    await leitor.goto(`${new URL(central.url).pathname}?q=conceicao`);
    await leitor.getByRole('link', { name: TITULO }).click();
    await leitor.getByRole('heading', { level: 1, name: TITULO }).waitFor();
    const img = leitor.locator('main img, article img').first();
    const src = await img.getAttribute('src');
    expect(src).toMatch(/\/backend\/uploads\/documentacao\//);
    expect((await fetch(new URL(src!, env.server.baseUrl))).status).toBe(200);
    expect(await leitor.getByText('Este artigo ajudou?').count()).toBe(1);
    const artigoUrl = leitor.url();
    await semJs.close();

    // Looked at with JavaScript on (axe runs in the page): light and dark, 1366 and 390 px.
    const olharCtx = await newContext(env.browser, env.server.baseUrl);
    const olhar = await olharCtx.newPage();
    await olhar.goto(artigoUrl);
    await olhar.getByRole('heading', { level: 1, name: TITULO }).waitFor();
    await olharPublica(olhar, 'documentacao-publica');
    await olharCtx.close();

    // The widget of a channel linked to the centre finds it before a conversation and opens it in place.
    const placeholder = await startTestSite('');
    const origin = placeholder.origin;
    await placeholder.close();
    const canal = await api<{ snippet: string }>('POST', '/backend/api/canais/widget', token, {
      nome: 'Loja Exemplo',
      origensPermitidas: [origin],
      centralId: central.id,
    });
    site = await startTestSite(canal.snippet.replace(/src="[^"]+"/, `src="${env.server.baseUrl}/widget.js"`), Number(new URL(origin).port));
    const visitanteCtx = await newContext(env.browser, site.origin);
    const visitante = await visitanteCtx.newPage();
    await visitante.goto('/');
    await visitante.getByRole('button', { name: 'Abrir chat' }).click();
    const busca = visitante.getByLabel('Procurar na central de ajuda');
    await busca.fill('conceicao');
    await busca.press('Enter');
    await visitante.getByRole('button', { name: new RegExp(TITULO) }).click();
    await visitante.getByRole('heading', { name: TITULO }).waitFor();
    await visitante.locator('.artigo-corpo').getByText('3 dias úteis').waitFor();
    expect(await seriousA11yViolations(visitante), 'widget article').toEqual([]);
    await fullShot(visitante, 'documentacao-widget');
    await visitante.getByRole('button', { name: 'Sim' }).click();
    await visitante.getByText('Obrigado pela resposta!').waitFor();
    await visitante.getByRole('button', { name: 'Voltar' }).click();
    await visitante.getByPlaceholder('Escreva sua mensagem…').waitFor();
    await visitanteCtx.close();

    // The centre's custom domain serves it at / and /{section}/{document}; the staff API stays closed there.
    const inicio = await comHost(env.server.baseUrl, '/', DOMINIO);
    expect(inicio.status).toBe(200);
    expect(inicio.body).toContain('Ajuda da Loja');
    const doc = await comHost(env.server.baseUrl, new URL(artigoUrl).pathname.split('/documentacao')[1]!, DOMINIO);
    expect(doc.status).toBe(200);
    expect(doc.body).toContain('3 dias úteis');
    const bloqueado = await comHost(env.server.baseUrl, '/backend/api/documentacao/centrais', DOMINIO);
    expect(bloqueado.status).toBe(403);
    expect(JSON.parse(bloqueado.body).code).toBe('CustomDomainBlock');

    // The admins' numbers: the reads (page and widget), the "Sim", and a search that found nothing.
    await comHost(env.server.baseUrl, '/?q=troca%20de%20tamanho', DOMINIO);
    await staff.goto('/documentacao?aba=estatisticas');
    const maisLidos = staff.getByRole('region', { name: 'Mais lidos' });
    await maisLidos.getByText(TITULO).waitFor();
    await staff.getByRole('region', { name: 'Buscas sem resultado' }).getByText('troca de tamanho').waitFor();
    expect(await staff.getByText('100% sim').count()).toBe(1);
    await lookAt(staff, 'documentacao-estatisticas');
    await staffCtx.close();
  });
});
