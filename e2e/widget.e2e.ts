import { afterAll, describe, expect, it } from 'vitest';
import { newContext } from './support/browser';
import { startTestSite } from './support/site';
import { useE2E } from './support/suite';

const PNG = `${import.meta.dirname}/fixtures/foto.png`;

/** The visitor's file goes by upload id; the popout takes the visitor from its opener, never from its URL. */
describe('website widget: attachments and the popout', () => {
  const env = useE2E();
  let site: Awaited<ReturnType<typeof startTestSite>> | undefined;
  afterAll(() => site?.close());

  const api = async <T>(method: string, path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(env.server.baseUrl + path, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };

  it('a visitor attaches a picture, opens the popout in the same conversation, and a crafted #visitante= link is ignored', async () => {
    const { token } = await api<{ token: string }>('POST', '/backend/api/auth/login', null, {
      email: 'admin@demo.local',
      senha: 'balcao-demo',
    });
    const placeholder = await startTestSite('');
    const origin = placeholder.origin;
    await placeholder.close();
    const canal = await api<{ token: string; snippet: string }>('POST', '/backend/api/canais/widget', token, {
      nome: 'Loja do popout',
      origensPermitidas: [origin],
    });
    site = await startTestSite(canal.snippet.replace(/src="[^"]+"/, `src="${env.server.baseUrl}/widget.js"`), Number(new URL(origin).port));

    // An attacker's own conversation, whose token a crafted link would carry.
    const atacante = await api<{ visitante: string }>('POST', `/backend/api/public/widget/${canal.token}/sessao`, null, {}, { origin });

    const visitorCtx = await newContext(env.browser, site.origin);
    const visitor = await visitorCtx.newPage();
    await visitor.goto('/');
    await visitor.getByRole('button', { name: 'Abrir chat' }).click();
    const input = visitor.getByPlaceholder('Escreva sua mensagem…');
    await input.fill('Mensagem antes da nova janela');
    await input.press('Enter');
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
});
