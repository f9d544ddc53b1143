import type { Page, WebSocketRoute } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { newContext } from './support/browser';
import { fullShot } from './support/look';
import { startTestSite } from './support/site';
import { useE2E } from './support/suite';
import { HIDDEN_SWITCH, setHidden } from './support/visibility';
import { apiOf } from './support/api';

const PNG = `${import.meta.dirname}/fixtures/foto.png`;

/** The visitor's file goes by upload id; the popout takes the visitor from its opener, never from its URL; an answer
 * while the window is closed or the tab hidden chimes and counts in the site's title. */
describe('website widget: attachments, the popout, the answer the visitor was not looking at', () => {
  const env = useE2E();
  const sites: Awaited<ReturnType<typeof startTestSite>>[] = [];
  afterAll(() => Promise.all(sites.map((s) => s.close())));

  const api = apiOf(() => env.server.baseUrl);

  /** The admin's token, a new channel with these settings, and a test site on its allowed origin embedding widget.js. */
  async function siteWithChannel(settings: Record<string, unknown>) {
    const { token } = await api<{ token: string }>('POST', '/backend/api/auth/login', null, {
      email: 'admin@demo.local',
      senha: 'balcao-demo',
    });
    const placeholder = await startTestSite('');
    const origin = placeholder.origin;
    await placeholder.close();
    const canal = await api<{ token: string; snippet: string }>('POST', '/backend/api/canais/widget', token, {
      origensPermitidas: [origin],
      ...settings,
    });
    const snippet = canal.snippet.replace(/src="[^"]+"/, `src="${env.server.baseUrl}/widget.js"`);
    const site = await startTestSite(snippet, Number(new URL(origin).port));
    sites.push(site);
    return { token, canal, origin, site };
  }

  /** The visitor opens the site, then the chat, and writes. */
  async function visitorWrites(visitor: Page, texto: string) {
    await visitor.goto('/');
    await visitor.getByRole('button', { name: 'Abrir chat' }).click();
    const input = visitor.getByPlaceholder('Escreva sua mensagem…');
    await input.fill(texto);
    await input.press('Enter');
  }

  it('a visitor attaches a picture, opens the popout in the same conversation, and a crafted #visitante= link is ignored', async () => {
    const { token, canal, origin } = await siteWithChannel({ nome: 'Loja do popout' });

    // An attacker's own conversation, whose token a crafted link would carry.
    const atacante = await api<{ visitante: string }>('POST', `/backend/api/public/widget/${canal.token}/sessao`, null, {}, { origin });

    const visitorCtx = await newContext(env.browser, origin);
    const visitor = await visitorCtx.newPage();
    await visitorWrites(visitor, 'Mensagem antes da nova janela');
    await visitor.locator('[data-balcao-widget] input[type="file"]').setInputFiles(PNG);
    await expect.poll(() => visitor.locator('img[src*="/backend/uploads/widget/"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);

    // Staff see the file as the server recorded it: the visitor's picture shows before the message is stored, so
    // the staff list is read until it has it.
    const staffMidias = async () => {
      const list = await api<{ itens: { atendimentoId: string; ultimaMensagem: string }[] }>(
        'GET',
        '/backend/api/atendimento/conversas?status=aguardando',
        token,
      );
      const midias: { url: string; filename: string | null }[] = [];
      for (const { atendimentoId } of list.itens) {
        const page = await api<{ mensagens: { midia: { url: string; filename: string | null } | null }[] }>(
          'GET',
          `/backend/api/atendimento/${atendimentoId}/mensagens`,
          token,
        );
        for (const m of page.mensagens) if (m.midia) midias.push(m.midia);
      }
      return midias.some((m) => m.filename === 'foto.png' && m.url.startsWith('/backend/uploads/widget/'));
    };
    await expect.poll(staffMidias, { timeout: 15_000 }).toBe(true);

    // "Abrir em nova janela": the popout asks this page for the visitor and shows the same conversation.
    const [popup] = await Promise.all([
      visitor.waitForEvent('popup'),
      visitor.getByRole('button', { name: 'Abrir em nova janela' }).click(),
    ]);
    expect(popup.url()).not.toContain('#');
    await popup.getByText('Mensagem antes da nova janela').waitFor({ timeout: 15_000 });

    // A crafted link with the attacker's token, opened with no opener: a conversation of its own, nothing stored from the URL.
    const victimCtx = await newContext(env.browser, env.server.baseUrl);
    const victim = await victimCtx.newPage();
    await victim.goto(`/widget-conversations?canal=${canal.token}#visitante=${atacante.visitante}`);
    await victim.getByPlaceholder('Escreva sua mensagem…').waitFor({ timeout: 15_000 });
    expect(victim.url()).not.toContain(atacante.visitante);
    const stored = await victim.evaluate(() => JSON.stringify({ ...window.localStorage }));
    expect(stored).not.toContain(atacante.visitante);
    await victimCtx.close();
    await visitorCtx.close();
  });

  it('a channel asking for consent shows the box on the pre-chat form; ticking it records the opt-in on the customer', async () => {
    const { token, site: consentSite } = await siteWithChannel({
      nome: 'Loja com consentimento',
      camposPreChat: ['nome', 'email'],
      pedirConsentimento: true,
    });
    const email = `lead-${Date.now()}@exemplo.com.br`;
    const ctx = await newContext(env.browser, consentSite.origin, { width: 390, height: 844 });
    try {
      const visitor = await ctx.newPage();
      await visitor.goto('/');
      await visitor.getByRole('button', { name: 'Abrir chat' }).click();
      const box = visitor.getByRole('checkbox', { name: /Aceito receber mensagens/ });
      await box.waitFor();
      expect(await box.isChecked()).toBe(false);
      await visitor.getByLabel('Nome', { exact: true }).fill('Lia Prado');
      await visitor.getByLabel('E-mail', { exact: true }).fill(email);
      await box.check();
      await fullShot(visitor, 'widget-consentimento-390');
      await visitor.getByRole('button', { name: 'Iniciar conversa' }).click();
      await visitor.getByPlaceholder('Escreva sua mensagem…').waitFor();

      const lista = await api<{ itens: { id: string; email: string | null }[] }>(
        'GET',
        `/backend/cliente/lista?pesquisa=${encodeURIComponent(email)}`,
        token,
      );
      const cliente = lista.itens.find((c) => c.email === email)!;
      const consent = await api<{ estados: { finalidade: string; estado: string }[]; historico: { origem: string }[] }>(
        'GET',
        `/backend/api/clientes/${cliente.id}/consentimento`,
        token,
      );
      expect(consent.estados.map((e) => e.estado)).toEqual(['aceito', 'aceito']);
      expect(consent.historico.every((h) => h.origem === 'widget')).toBe(true);
    } finally {
      await ctx.close();
    }
  });

  it("the attendant's answer chimes and counts in the site's title while the window is closed or the tab hidden", async () => {
    const { token, origin } = await siteWithChannel({ nome: 'Loja do aviso' });
    const ctx = await newContext(env.browser, origin);
    await ctx.addInitScript(HIDDEN_SWITCH);
    // Each chime starts one oscillator: counted where the widget plays it.
    await ctx.addInitScript(() => {
      const w = window as unknown as { __chimes: number };
      w.__chimes = 0;
      const start = OscillatorNode.prototype.start;
      OscillatorNode.prototype.start = function (...a: Parameters<typeof start>) {
        w.__chimes++;
        return start.apply(this, a);
      };
    });
    // The widget's link to us goes through a route the test can cut: a dropped connection, then the way back.
    let cortado = false;
    const ligacoes: { pagina: WebSocketRoute; servidor: WebSocketRoute }[] = [];
    await ctx.routeWebSocket(/\/backend\/socket\.io\//, (pagina) => {
      if (cortado) return void pagina.close({ code: 4000, reason: 'cortado' });
      ligacoes.push({ pagina, servidor: pagina.connectToServer() });
    });
    await ctx.route(/\/backend\/socket\.io\/.*transport=polling/, (r) => (cortado ? r.abort() : r.continue()));
    const visitor = await ctx.newPage();
    await visitorWrites(visitor, 'Vocês entregam no sábado?');
    await visitor.getByRole('button', { name: 'Fechar chat' }).first().click();

    // The attendant takes the conversation and answers.
    const conversa = async () => {
      const list = await api<{ itens: { atendimentoId: string; ultimaMensagem: string }[] }>(
        'GET',
        '/backend/api/atendimento/conversas?status=aguardando',
        token,
      );
      return list.itens.find((i) => i.ultimaMensagem === 'Vocês entregam no sábado?')?.atendimentoId;
    };
    await expect.poll(conversa, { timeout: 15_000 }).toBeTruthy();
    const id = (await conversa())!;
    await api('POST', `/backend/api/atendimento/${id}/aceitar`, token);
    const answer = (conteudo: string) =>
      api('POST', `/backend/api/atendimento/${id}/mensagens`, token, { clientId: crypto.randomUUID(), atendimentoId: id, conteudo });
    const chimes = () => visitor.evaluate(() => (window as unknown as { __chimes: number }).__chimes);

    // Window closed, tab in front: the bubble's badge, '(1)' in the title and a chime.
    await answer('Entregamos, sim!');
    await expect.poll(() => visitor.title()).toBe('(1) Loja Exemplo');
    expect(await chimes()).toBe(1);
    await visitor.getByRole('button', { name: 'Abrir chat' }).click();
    await visitor.getByText('Entregamos, sim!').waitFor();
    await expect.poll(() => visitor.title()).toBe('Loja Exemplo');

    // Window open, tab hidden: counted until the visitor comes back; nothing is marked read meanwhile.
    await setHidden(visitor, true);
    await answer('Até as 14h.');
    await expect.poll(() => visitor.title()).toBe('(1) Loja Exemplo');
    expect(await chimes()).toBe(2);
    await setHidden(visitor, false);
    await expect.poll(() => visitor.title()).toBe('Loja Exemplo');
    await visitor.getByText('Até as 14h.').waitFor();

    // The link drops and an answer is stored meanwhile: the widget catches up on its way back, chimes and counts it.
    await setHidden(visitor, true);
    cortado = true;
    for (const l of ligacoes.splice(0)) await Promise.all([l.servidor.close(), l.pagina.close()]);
    await answer('Saiu para entrega agora.');
    cortado = false;
    await expect.poll(() => visitor.title()).toBe('(1) Loja Exemplo');
    expect(await chimes()).toBe(3);
    await setHidden(visitor, false);
    await visitor.getByText('Saiu para entrega agora.').waitFor();
    await ctx.close();
  });
});
