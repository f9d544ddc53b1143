import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_ANSWER, FAKE_TRANSCRIPT, FakeOpenAI } from '../apps/server/src/test/fake-openai';
import { launchBrowser, loginAs, newContext } from './support/browser';
import { lookAt } from './support/look';
import { startE2EServer, type E2EServer } from './support/server';
import { settled, shot } from './support/shell';

const OPERATOR = 'operador-e2e-ia-0123456789abcdef';

/**
 * The AI assistant in Chromium against a local OpenAI-compatible provider: the master without the AI tool is shown
 * the way to add it; once paid, the panel streams a suggestion, 'Inserir na resposta' puts it in the composer, the
 * attendant edits and sends it, and only then does it reach the customer (WhatsApp Web's fake socket).
 */
describe('AI assistant panel', () => {
  let server: E2EServer;
  let browser: Browser;
  let ai: FakeOpenAI;
  /** The customer's conversation the first test opens (the second goes back to it). */
  let conversa = '';
  beforeAll(async () => {
    ai = await new FakeOpenAI().start();
    ai.pieceDelayMs = 40;
    server = await startE2EServer(
      {
        WAPI_SEND_GAP_MS: '0',
        IA_BASE_URL: ai.url,
        IA_API_KEY: 'sk-e2e',
        IA_MODELO: 'modelo-e2e',
        OPERATOR_TOKEN: OPERATOR,
        PIX_PROVIDER: 'static',
        PIX_CHAVE: 'contato@balcao-operador.com.br',
        PIX_RECEBEDOR_NOME: 'Balcao Operador',
        PIX_RECEBEDOR_CIDADE: 'Sao Paulo',
      },
      { wapiFake: true },
    );
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await ai?.close();
  });

  const fake = (page: Page, method: 'GET' | 'POST', path: string, data?: object) =>
    page.request.fetch(`${server.baseUrl}/backend/wapi-teste/${path}`, { method, ...(data ? { data } : {}) });

  /** The master buys the AI tool and the operator confirms the static PIX with its amount (as ia.sh does). */
  async function comprarIa(page: Page) {
    const token = await page.evaluate(() => localStorage.getItem('authToken') ?? sessionStorage.getItem('authToken'));
    const auth = { authorization: `Bearer ${token}` };
    const api = (method: string, path: string, data?: object, headers = auth) =>
      page.request.fetch(`${server.baseUrl}/backend${path}`, { method, headers, ...(data ? { data } : {}) });
    expect(
      (await api('POST', '/licenca/confirmalicenca', { NumeroUsuarios: 5, FerramentasIdsSelecionadas: ['InteligenciaArtificial'] })).ok(),
    ).toBe(true);
    await api('POST', '/licenca/gerarcobranca', {});
    const cob = (await (await api('GET', '/licenca/getcobranca')).json()) as { pixCopia: string; valor: number };
    const m = /62\d\d05(\d\d)/.exec(cob.pixCopia)!;
    const txid = cob.pixCopia.slice(m.index + m[0].length, m.index + m[0].length + Number(m[1]));
    const ok = await api(
      'POST',
      '/operador/licenca/confirmar-pagamento',
      { databaseName: 'demo', txid, valor: cob.valor },
      { authorization: `Bearer ${OPERATOR}` },
    );
    expect(ok.ok()).toBe(true);
  }

  it('shows the master how to add AI, then streams a suggestion that is inserted, edited and sent', { timeout: 300_000 }, async () => {
    const ctx = await newContext(browser, server.baseUrl);
    const page = await ctx.newPage();
    await loginAs(page, 'master@demo.local');
    await page.goto('/config?tab=integracoes');
    const card = page.getByTestId('wapi-card');
    await card.getByRole('button', { name: 'Conectar com QR Code' }).click();
    await card.getByText('Aguardando leitura').waitFor({ timeout: 15_000 });
    expect((await fake(page, 'POST', 'escanear')).ok()).toBe(true);
    await card.getByText('Conectado', { exact: true }).waitFor({ timeout: 15_000 });

    await page.goto('/atendimentos');
    await settled(page);
    expect((await fake(page, 'POST', 'mensagem', { texto: 'Qual o prazo de entrega para o meu bairro?' })).ok()).toBe(true);
    const row = page.getByRole('listitem').filter({ hasText: 'Qual o prazo de entrega para o meu bairro?' });
    await row.waitFor({ timeout: 30_000 });
    await row.click();
    await page.getByRole('button', { name: 'Aceitar' }).click();
    await page.waitForURL(/conversa=/);
    conversa = new URL(page.url()).searchParams.get('conversa')!;

    // Without the licence's AI tool: the panel says so and links the master to Licença.
    await page.getByRole('button', { name: 'Assistente de IA' }).click();
    const painel = page.getByRole('complementary', { name: 'Assistente de IA' });
    await painel.getByText('Assistente de IA não contratado').waitFor({ timeout: 15_000 });
    await painel.getByRole('link', { name: 'Ir para Licença' }).waitFor();
    await lookAt(page, 'ia-sem-licenca');

    await comprarIa(page);
    await page.reload();
    await settled(page);
    await page.getByRole('button', { name: 'Assistente de IA' }).click();
    const aberto = page.getByRole('complementary', { name: 'Assistente de IA' });
    await aberto.getByRole('button', { name: 'Sugerir resposta' }).click({ timeout: 20_000 });
    const resposta = FAKE_ANSWER.join('');
    await aberto
      .getByText(resposta)
      .waitFor({ timeout: 20_000 })
      .catch(async (err) => {
        await shot(page, 'ia-falha');
        throw err;
      });
    const pedido = ai.chats().at(-1)!;
    expect(JSON.stringify(pedido.body)).toContain('Qual o prazo de entrega para o meu bairro?');
    // Nothing reached the customer yet.
    type Enviada = { content: { text?: string } };
    const enviadas = async () => (await (await fake(page, 'GET', 'enviadas')).json()) as Enviada[];
    expect((await enviadas()).some((e) => e.content.text?.includes('3 dias úteis'))).toBe(false);
    await lookAt(page, 'ia-sugestao');

    await aberto.getByRole('button', { name: 'Inserir na resposta' }).click();
    const composer = page.getByLabel('Digite sua mensagem...');
    await expect.poll(() => composer.inputValue()).toBe(resposta);
    await composer.press('End');
    await composer.pressSequentially(' Qualquer dúvida, estou aqui.');
    await composer.press('Enter');
    const final = `${resposta} Qualquer dúvida, estou aqui.`;
    await expect.poll(async () => (await enviadas()).some((e) => e.content.text === final), { timeout: 15_000 }).toBe(true);
    await shot(page, 'ia-enviada');

    // The settings: the operator's defaults shown, the account's key saved encrypted and shown masked, 'Testar'.
    await page.goto('/config?tab=integracoes');
    const secao = page.locator('#assistente-ia');
    await secao.getByText('Padrão do operador: modelo-e2e').waitFor({ timeout: 15_000 });
    await secao.getByLabel('Chave de API').fill('sk-conta-e2e-123456789');
    await secao.getByRole('button', { name: 'Salvar' }).click();
    await secao.getByText('Chave gravada: sk-…6789. Deixe em branco para mantê-la.').waitFor();
    await secao.getByRole('button', { name: 'Testar' }).click();
    await secao.getByText(`Conectado. O modelo modelo-e2e respondeu: “${resposta}”`).waitFor({ timeout: 15_000 });
    expect(ai.chats().at(-1)!.auth).toBe('Bearer sk-conta-e2e-123456789');
    await secao.scrollIntoViewIfNeeded();
    await lookAt(page, 'ia-config');
    await ctx.close();
  });

  // Follows the test above: the account has the AI tool and the WhatsApp Web number; the customer's conversation is open.
  it('cites the document a suggestion used, transcribes a voice note and finds it by what was said', { timeout: 300_000 }, async () => {
    const ctx = await newContext(browser, server.baseUrl);
    const page = await ctx.newPage();
    await loginAs(page, 'master@demo.local');
    const token = await page.evaluate(() => localStorage.getItem('authToken') ?? sessionStorage.getItem('authToken'));
    const api = async <T>(path: string, data: object) => {
      const r = await page.request.fetch(`${server.baseUrl}/backend${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        data,
      });
      expect(r.ok(), await r.text()).toBe(true);
      return (await r.json()) as T;
    };
    // The knowledge base: one public published document about delivery times.
    const secao = await api<{ id: string }>('/api/documentacao/secoes', { titulo: 'Entregas' });
    await api('/api/documentacao/documentos', {
      titulo: 'Prazos de entrega por bairro',
      secaoId: secao.id,
      conteudo: 'Entregamos em qualquer bairro da cidade em até 3 dias úteis após a confirmação do pagamento.',
      status: 'publicado',
      visibilidade: 'publica',
    });

    await page.goto(`/atendimentos?aba=em_atendimento&conversa=${conversa}`);
    await settled(page);
    await page.getByRole('button', { name: 'Assistente de IA' }).click();
    const painel = page.getByRole('complementary', { name: 'Assistente de IA' });
    const antes = ai.chats().length;
    await painel.getByRole('button', { name: 'Sugerir resposta' }).click({ timeout: 20_000 });
    // The suggestion cites the document it was grounded on, as a link to its public page.
    const fonte = painel.getByRole('link', { name: 'Prazos de entrega por bairro' });
    await fonte.waitFor({ timeout: 20_000 });
    expect(await fonte.getAttribute('href')).toMatch(/\/demo\/documentacao\/[^/]+\/prazos-de-entrega-por-bairro$/);
    expect(ai.chats().length).toBe(antes + 1);
    expect(JSON.stringify(ai.chats().at(-1)!.body)).toContain('3 dias úteis após a confirmação do pagamento');
    await lookAt(page, 'ia-fontes');
    await painel.getByRole('button', { name: 'Fechar assistente' }).click();

    // A voice note arrives: 'Transcrever' under the player; the transcript shows to whoever sees the conversation.
    const fake = (path: string) => page.request.fetch(`${server.baseUrl}/backend/wapi-teste/${path}`, { method: 'POST' });
    expect((await fake('audio')).ok()).toBe(true);
    const transcrever = page.getByRole('button', { name: 'Transcrever' });
    await transcrever.waitFor({ timeout: 20_000 });
    await page.locator('audio').last().waitFor();
    await transcrever.click();
    await page.getByText(FAKE_TRANSCRIPT).waitFor({ timeout: 20_000 });
    expect(await transcrever.count()).toBe(0);
    expect(ai.transcriptions().at(-1)!.contentType).toMatch(/^multipart\/form-data/);
    await lookAt(page, 'ia-transcricao');

    // Search inside transcripts: the words said in the audio find it; the result opens its conversation.
    await page.goto('/atendimentos?aba=aguardando');
    await settled(page);
    await page.getByRole('button', { name: 'Buscar nos áudios' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Buscar nos áudios' });
    await dialogo.getByText('Digite pelo menos 2 caracteres para buscar.').waitFor();
    await dialogo.getByLabel('Palavras ditas no áudio').fill('boleto atrasado');
    await dialogo.getByText('Nenhum áudio transcrito com essas palavras.').waitFor({ timeout: 15_000 });
    await dialogo.getByLabel('Palavras ditas no áudio').fill('pedidos');
    const achado = dialogo.getByRole('button', { name: /^Abrir a conversa #\d+ com / });
    await achado.waitFor({ timeout: 15_000 });
    expect(await achado.count()).toBe(1);
    expect(await dialogo.locator('mark').first().textContent()).toBe('pedido');
    await lookAt(page, 'ia-busca-audios');
    await achado.click();
    await dialogo.waitFor({ state: 'hidden' });
    await page.getByText(FAKE_TRANSCRIPT).waitFor({ timeout: 15_000 });
    await ctx.close();
  });
});
