import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs, newContext } from './support/browser';
import { openUserMenu, shot } from './support/shell';
import { startTestSite } from './support/site';
import { useE2E } from './support/suite';

/** What the spec (docs/spec/) says a person sees, checked in Chromium against the production build. */
describe('spec fidelity in the browser', () => {
  const env = useE2E();
  let site: Awaited<ReturnType<typeof startTestSite>> | undefined;
  afterAll(() => site?.close());

  const apiLogin = async (email: string) =>
    (await (
      await fetch(`${env.server.baseUrl}/backend/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, senha: 'balcao-demo' }),
      })
    ).json()) as { token: string };
  const api = async <T>(method: string, path: string, token: string, body?: unknown) => {
    const res = await fetch(env.server.baseUrl + path, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const redirectTo = (page: Page) => page.evaluate(() => sessionStorage.getItem('redirectTo'));

  describe('back to the wanted page after login (item 4)', () => {
    it.each([
      ['admin@demo.local', '/config?tab=integracoes', 'Configurações'],
      ['admin@demo.local', '/usuarios', 'Usuários'],
    ])('%s asked for %s and stays there', async (email, path, heading) => {
      const ctx = await newContext(env.browser, env.server.baseUrl);
      const page = await ctx.newPage();
      await page.goto(path);
      await page.waitForURL('**/login');
      expect(await redirectTo(page)).toBe(path);
      await loginAs(page, email);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      // The key is gone once the page is reached, and nothing sends the browser on.
      await expect.poll(() => redirectTo(page)).toBeNull();
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
      await ctx.close();
    });

    it('also by /login?token= when redirectTo is set', async () => {
      const { token } = await apiLogin('admin@demo.local');
      const ctx = await newContext(env.browser, env.server.baseUrl);
      const page = await ctx.newPage();
      await page.goto('/config?tab=integracoes');
      await page.waitForURL('**/login');
      await page.goto(`/login?token=${token}`);
      await page.waitForURL('**/config?tab=integracoes');
      await page.getByRole('heading', { name: 'Configurações', level: 1 }).waitFor();
      await expect.poll(() => redirectTo(page)).toBeNull();
      expect(new URL(page.url()).pathname).toBe('/config');
      await ctx.close();
    });
  });

  it('logout leaves no redirectTo for the next person (item 5)', async () => {
    const ctx = await newContext(env.browser, env.server.baseUrl);
    const page = await ctx.newPage();
    await loginAs(page, 'atendente@demo.local');
    await page.goto('/config');
    await page.getByRole('heading', { name: 'Configurações', level: 1 }).waitFor();
    await openUserMenu(page, /Carlos/);
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Entrar' }).waitFor();
    expect(await redirectTo(page)).toBeNull();
    // The next person lands on their own home, not on the previous user's page.
    await loginAs(page, 'admin@demo.local');
    await page.waitForURL('**/atendimentos');
    await ctx.close();
  });

  it("'Fechar esta aba' refused by the browser leaves a clear page, with 'Usar nesta aba' still offered (item 6)", async () => {
    const ctx = await newContext(env.browser, env.server.baseUrl);
    const first = await ctx.newPage();
    await loginAs(first, 'atendente2@demo.local');
    const second = await ctx.newPage();
    await second.goto('/config');
    await second.getByRole('heading', { name: 'Sistema Aberto em Outra Aba' }).waitFor();
    await second.getByRole('button', { name: 'Fechar esta aba' }).click();
    await second.getByRole('heading', { name: 'Você pode fechar esta aba' }).waitFor();
    expect(second.isClosed()).toBe(false);
    await shot(second, 'fidelidade-fechar-aba');
    await second.getByRole('button', { name: 'Usar nesta aba' }).click();
    await second.getByRole('heading', { name: 'Configurações', level: 1 }).waitFor();
    await ctx.close();
  });

  it("an HTML 502 without a message shows the situation's fallback text (item 9)", async () => {
    const ctx = await newContext(env.browser, env.server.baseUrl);
    const page = await ctx.newPage();
    await loginAs(page, 'admin@demo.local');
    await page.getByRole('button', { name: 'Chat interno', exact: true }).waitFor();
    await page.route('**/backend/api/chat-interno/conversas', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body><h1>502 Bad Gateway</h1></body></html>' }),
    );
    await page.getByRole('button', { name: 'Chat interno', exact: true }).click();
    await page.getByText('Não foi possível carregar as conversas').waitFor();
    expect(await page.getByText('Erro inesperado. Tente novamente.').count()).toBe(0);
    await ctx.close();
  });

  it("fits the video player's fullscreen button inside a 320 px player (item 12)", async () => {
    const ctx = await newContext(env.browser, env.server.baseUrl);
    const page = await ctx.newPage();
    await loginAs(page, 'master@demo.local');
    // A short WebM recorded in the browser itself (no fixture file to keep).
    const webm = await page.evaluate(async () => {
      const canvas = Object.assign(document.createElement('canvas'), { width: 160, height: 90 });
      const g = canvas.getContext('2d')!;
      const rec = new MediaRecorder(canvas.captureStream(10), { mimeType: 'video/webm' });
      const partes: Blob[] = [];
      rec.ondataavailable = (e) => partes.push(e.data);
      const parou = new Promise((r) => (rec.onstop = r));
      rec.start(100);
      for (let i = 0; i < 8; i++) {
        g.fillStyle = i % 2 ? '#4f46e5' : '#f59e0b';
        g.fillRect(0, 0, 160, 90);
        await new Promise((r) => setTimeout(r, 100));
      }
      rec.stop();
      await parou;
      const bytes = new Uint8Array(await new Blob(partes).arrayBuffer());
      return btoa(String.fromCharCode(...bytes));
    });
    const panel = page.getByRole('dialog', { name: 'Chat interno' });
    await page.getByRole('button', { name: 'Chat interno', exact: true }).click();
    await panel.getByRole('button', { name: 'Nova conversa ou grupo' }).click();
    await page.getByRole('menuitem', { name: 'Nova conversa' }).click();
    const modal = page.getByRole('dialog', { name: 'Nova Conversa' });
    await modal.getByRole('radio', { name: 'Sofia Atendente' }).click();
    await modal.getByRole('button', { name: 'Criar conversa' }).click();
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      (async () => {
        await panel.getByRole('button', { name: 'Anexar arquivo' }).click();
        await page.getByRole('menuitem', { name: 'Vídeos' }).click();
      })(),
    ]);
    await chooser.setFiles({ name: 'reuniao.webm', mimeType: 'video/webm', buffer: Buffer.from(webm, 'base64') });
    await panel.getByText('Arquivos selecionados (1)').waitFor();
    await panel.getByRole('button', { name: 'Enviar mensagem' }).click();
    const player = panel.getByRole('group', { name: /Reprodutor de vídeo/ }).first();
    await player.waitFor();
    const caixa = (await player.boundingBox())!;
    const telaCheia = (await player.getByRole('button', { name: 'Tela cheia' }).boundingBox())!;
    await player.scrollIntoViewIfNeeded();
    await shot(page, 'fidelidade-video');
    expect(Math.round(caixa.width)).toBeLessThanOrEqual(320);
    expect(telaCheia.x).toBeGreaterThanOrEqual(caixa.x);
    expect(telaCheia.x + telaCheia.width).toBeLessThanOrEqual(caixa.x + caixa.width);
    await ctx.close();
  });

  describe('customer chat', () => {
    let atendimentoId = '';
    let carlosToken = '';

    /** A website visitor writes; Carlos (Comercial) accepts the conversation. */
    const conversaDoSite = async () => {
      const { token } = await apiLogin('admin@demo.local');
      const deps = await api<{ id: string; nome: string }[]>('GET', '/backend/api/departamentos', token);
      const placeholder = await startTestSite('');
      const origin = placeholder.origin;
      await placeholder.close();
      const canal = await api<{ snippet: string }>('POST', '/backend/api/canais/widget', token, {
        nome: 'Site da fidelidade',
        origensPermitidas: [origin],
        departamentoPadraoId: deps.find((d) => d.nome === 'Comercial')!.id,
        saudacao: 'Olá!',
      });
      site = await startTestSite(
        canal.snippet.replace(/src="[^"]+"/, `src="${env.server.baseUrl}/widget.js"`),
        Number(new URL(origin).port),
      );
      const visitorCtx = await newContext(env.browser, site.origin);
      const visitor = await visitorCtx.newPage();
      await visitor.goto('/');
      await visitor.getByRole('button', { name: 'Abrir chat' }).click();
      const input = visitor.getByPlaceholder('Escreva sua mensagem…');
      await input.fill('Bom dia, preciso de ajuda com meu pedido');
      await input.press('Enter');
      carlosToken = (await apiLogin('atendente@demo.local')).token;
      type TPage = { itens: { atendimentoId: string; ultimaMensagem: string | null }[] };
      // The widget's first message opens the atendimento (waiting in Comercial); a hook cannot use expect.poll.
      let page: TPage = { itens: [] };
      for (let i = 0; i < 75 && !page.itens.some((x) => x.ultimaMensagem?.includes('preciso de ajuda')); i++) {
        if (i) await new Promise((r) => setTimeout(r, 200));
        page = await api<TPage>('GET', '/backend/api/atendimento/conversas?status=aguardando', carlosToken);
      }
      atendimentoId = page.itens.find((i) => i.ultimaMensagem?.includes('preciso de ajuda'))!.atendimentoId;
      await api('POST', `/backend/api/atendimento/${atendimentoId}/aceitar`, carlosToken);
      await visitorCtx.close();
    };

    const mensagensNoServidor = async () => {
      type TMsgs = { mensagens: { conteudo: string; criadaEm: string }[] };
      const r = await api<TMsgs>('GET', `/backend/api/atendimento/${atendimentoId}/mensagens?limit=50`, carlosToken);
      return [...r.mensagens].sort((a, b) => a.criadaEm.localeCompare(b.criadaEm)).map((m) => m.conteudo);
    };

    beforeAll(conversaDoSite, 120_000);

    it('gives the customer chat and the internal chat a websocket each (item 1)', async () => {
      const ctx = await newContext(env.browser, env.server.baseUrl);
      const page = await ctx.newPage();
      const sockets: string[] = [];
      page.on('websocket', (ws) => sockets.push(ws.url()));
      await loginAs(page, 'atendente@demo.local');
      await page.waitForURL('**/atendimentos');
      await expect.poll(() => sockets.filter((u) => u.includes('/backend/socket.io')).length).toBe(2);
      await ctx.close();
    });

    /**
     * Item 1. The spec's policy (part 2 §4) is what makes the queue drain within 5 s of the server coming back: the
     * customer chat reconnects on close by itself (socket.io back-off capped at 2 s) and sends its queue, in order, as
     * soon as it is connected, with the 5 s check as the backstop. The test checks that policy where it shows: the
     * three messages go out over the customer chat's first connection accepted after the outage, in the order typed.
     * The wall clock gets a generous bound (DRENO_MAX_MS) rather than the spec's 5 s: on the shared 2-core machine a
     * restarted server's first answers and Chromium's timers can lag by seconds, and a timing assertion must not fail
     * on load. The time measured is printed for the record.
     */
    const DRENO_MAX_MS = 20_000;
    it('drains messages queued during an outage over the first connection after it, in order (item 1)', { timeout: 300_000 }, async () => {
      const ctx = await newContext(env.browser, env.server.baseUrl);
      const page = await ctx.newPage();
      // Every customer-chat websocket of the page: its socket.io frames, and whether the server accepted its connect.
      type TWs = { aceito: boolean; enviados: string[] };
      const conexoes: TWs[] = [];
      page.on('websocket', (ws) => {
        const c: TWs = { aceito: false, enviados: [] };
        ws.on('framesent', (f) => {
          const texto = String(f.payload);
          if (texto.startsWith('40/atendimento,')) conexoes.push(c);
          if (texto.startsWith('42/atendimento,')) c.enviados.push(texto);
        });
        ws.on('framereceived', (f) => {
          if (String(f.payload).startsWith('40/atendimento,{"sid"')) c.aceito = true;
        });
      });
      await loginAs(page, 'atendente@demo.local');
      await page.goto(`/atendimentos?aba=em_atendimento&conversa=${atendimentoId}`);
      const composer = page.getByLabel('Digite sua mensagem...');
      await composer.waitFor();
      await page.getByText('Conectado', { exact: true }).first().waitFor();

      await env.server.halt();
      await page.getByText('Reconectando...', { exact: true }).first().waitFor();
      const antesDaQueda = conexoes.length;
      const textos = ['Primeira na fila', 'Segunda na fila', 'Terceira na fila'];
      for (const t of textos) {
        await composer.fill(t);
        await composer.press('Enter');
      }
      await expect.poll(() => page.getByRole('img', { name: 'Enviando' }).count()).toBe(3);
      await shot(page, 'fidelidade-fila-offline');

      await env.server.resume();
      const voltou = Date.now();
      await expect.poll(mensagensNoServidor, { timeout: DRENO_MAX_MS, interval: 200 }).toEqual(expect.arrayContaining(textos));
      console.info(`item 1: queue drained ${Date.now() - voltou} ms after the server answered its health check`);
      const todas = await mensagensNoServidor();
      const ordem = textos.map((t) => todas.indexOf(t));
      expect([...ordem].sort((a, b) => a - b)).toEqual(ordem);
      await expect.poll(() => page.getByRole('img', { name: 'Enviando' }).count()).toBe(0);

      // The first customer-chat connection the server accepted after the outage carried the queue, in order.
      const primeira = conexoes.slice(antesDaQueda).find((c) => c.aceito);
      expect(primeira).toBeDefined();
      const enviadas = primeira!.enviados.filter((f) => f.includes('"SendWidgetMessage"') || f.includes('"SendMessage"'));
      const posicoes = textos.map((t) => enviadas.findIndex((f) => f.includes(t)));
      expect(posicoes.every((i) => i >= 0)).toBe(true);
      expect([...posicoes].sort((a, b) => a - b)).toEqual(posicoes);
      await ctx.close();
    });

    it("keeps the customer panel's last line clear of the internal chat button (item 15)", async () => {
      const ctx = await newContext(env.browser, env.server.baseUrl);
      const page = await ctx.newPage();
      await loginAs(page, 'atendente@demo.local');
      await page.goto(`/atendimentos?aba=em_atendimento&conversa=${atendimentoId}`);
      const painel = page.getByRole('complementary', { name: 'Cliente' });
      await painel.getByText('Nenhum atendimento anterior').waitFor();
      const scroller = painel.locator('.overflow-y-auto').first();
      const botao = (await page.getByRole('button', { name: 'Chat interno', exact: true }).boundingBox())!;
      const ultimaLinha = () =>
        scroller.evaluate((el) => {
          const folhas = Array.from(el.querySelectorAll('*')).filter((n) => n.children.length === 0 && n.textContent?.trim());
          // Only the part the scrolling area shows can be covered.
          const r = folhas.at(-1)!.getBoundingClientRect();
          const v = el.getBoundingClientRect();
          return { top: Math.max(r.top, v.top), bottom: Math.min(r.bottom, v.bottom), left: r.left, right: r.right };
        });
      const cobre = (r: { top: number; bottom: number; left: number; right: number }) =>
        r.top < r.bottom && r.left < botao.x + botao.width && r.right > botao.x && r.top < botao.y + botao.height && r.bottom > botao.y;
      // At rest and scrolled to the end, the panel's last line is never under the button: its scrolling area ends above it.
      expect(cobre(await ultimaLinha())).toBe(false);
      await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      expect(cobre(await ultimaLinha())).toBe(false);
      expect((await scroller.boundingBox())!.y + (await scroller.boundingBox())!.height).toBeLessThanOrEqual(botao.y);
      await shot(page, 'fidelidade-painel-cliente');
      await ctx.close();
    });
  });
});
