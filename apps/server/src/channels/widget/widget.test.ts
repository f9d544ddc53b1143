import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_CONSENTIMENTO, type TWidgetSession } from '@balcao/shared/widget';
import type { TCanal } from '@balcao/shared/canais';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { login, makeAccount } from '../../test/factories';
import { makeCanal, SITE } from '../../test/atendimentos-fixtures';
import { consentimentoEventos } from '../../db/schema/consentimento';
import { findCanalByToken, requireVisitante, savePreChat } from './service';

describe.each(DB_KINDS)('website widget edge on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let canal: TCanal;
  let verified: TCanal;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const acc = await makeAccount(t.ctx.db);
    admin = (await login(t.app, acc.master.email)).auth;
    canal = await makeCanal(t, admin);
    verified = await makeCanal(t, admin, { nome: 'Área do cliente', verificarIdentidade: true });
  });
  afterAll(() => t.close());
  const sessao = (c: TCanal, origin: string | null, body: object = {}) =>
    t.app.inject({ method: 'POST', url: `/backend/api/public/widget/${c.token}/sessao`, headers: origin ? { origin } : {}, payload: body });

  it('answers only the allowed sites, with CORS for them, and says why to others', async () => {
    const ok = await sessao(canal, SITE);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe(SITE);
    const other = await sessao(canal, 'https://intruso.example');
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('Este site não tem permissão para usar este chat.');
    const none = await sessao(canal, null);
    expect(none.statusCode).toBe(403);
    const unknown = await t.app.inject({ method: 'GET', url: '/backend/api/public/widget/naoexiste123/config', headers: { origin: SITE } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Canal de chat não encontrado ou desativado.');
  });

  it('starts nothing without a valid HMAC when identity verification is on', async () => {
    const secret = verified.segredo!;
    const hash = createHmac('sha256', secret).update('cliente-42').digest('hex');
    const missing = await sessao(verified, SITE, { user: { identifier: 'cliente-42', nome: 'Joana' } });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().message).toBe('Não foi possível verificar sua identidade. Recarregue a página.');
    const forged = await sessao(verified, SITE, {
      user: { identifier: 'cliente-42', hash: hash.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) },
    });
    expect(forged.statusCode).toBe(403);
    const good = await sessao(verified, SITE, { user: { identifier: 'cliente-42', nome: 'Joana', hash } });
    expect(good.statusCode).toBe(200);
    expect(good.json().cliente.nome).toBe('Joana');
    // The same identity from another browser is the same customer.
    const again = await sessao(verified, SITE, { user: { identifier: 'cliente-42', hash } });
    expect(again.json().cliente.nome).toBe('Joana');
  });

  it('limits new sessions per IP', async () => {
    t.ctx.widgetLimits.sessionsPerMinute = 3;
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await sessao(canal, SITE)).statusCode);
    t.ctx.widgetLimits.sessionsPerMinute = 1000;
    expect(codes.slice(-2)).toEqual([429, 429]);
  });

  it('keeps a channel and its secret to admins of its own account', async () => {
    const other = await makeAccount(t.ctx.db, 'Outra');
    const otherAdmin = (await login(t.app, other.master.email)).auth;
    expect((await t.app.inject({ method: 'GET', url: '/backend/api/canais', headers: otherAdmin })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'POST', url: `/backend/api/canais/${canal.id}/segredo`, headers: otherAdmin })).statusCode).toBe(
      404,
    );
    const atendente = await other.addUser('atendente');
    const r = await t.app.inject({ method: 'GET', url: '/backend/api/canais', headers: (await login(t.app, atendente.email)).auth });
    expect(r.statusCode).toBe(403);
  });

  it('a channel that asks for consent shows the box’s words; a ticked box is an opt-in with those words, never the browser’s', async () => {
    const comCaixa = await makeCanal(t, admin, { nome: 'Loja com consentimento', pedirConsentimento: true });
    const start = async (c: TCanal) => {
      const session = (await sessao(c, SITE)).json() as TWidgetSession;
      const row = await findCanalByToken(t.ctx.db, c.token);
      return { session, row, v: await requireVisitante(t.ctx.db, row, session.visitante) };
    };
    const eventos = (clienteId: string) =>
      t.ctx.db
        .select()
        .from(consentimentoEventos)
        .where(and(eq(consentimentoEventos.clienteId, clienteId), eq(consentimentoEventos.origem, 'widget')));

    const a = await start(comCaixa);
    expect(a.session.config.consentimento).toBe(WIDGET_CONSENTIMENTO.texto);
    // Consent alone is reason enough for the form, even with no field asked.
    expect(a.session.precisaPreChat).toBe(true);
    await savePreChat(t.ctx.db, a.row, a.v, { consentimento: true });
    const aceitos = await eventos(a.v.clienteId);
    expect(aceitos.map((e) => [e.finalidade, e.evento]).sort()).toEqual([
      ['email', 'aceito'],
      ['whatsapp', 'aceito'],
    ]);
    expect(aceitos.every((e) => e.textoMostrado === WIDGET_CONSENTIMENTO.texto && e.textoVersao === WIDGET_CONSENTIMENTO.versao)).toBe(
      true,
    );

    // An unticked box records nothing; a channel that does not show the box ignores a forged opt-in.
    const b = await start(comCaixa);
    await savePreChat(t.ctx.db, b.row, b.v, {});
    expect(await eventos(b.v.clienteId)).toEqual([]);
    const c = await start(canal);
    expect(c.session.config.consentimento).toBeNull();
    await savePreChat(t.ctx.db, c.row, c.v, { consentimento: true });
    expect(await eventos(c.v.clienteId)).toEqual([]);
  });
});
