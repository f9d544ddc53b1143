import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TConversasPage, TMensagensPage } from '@balcao/shared/atendimentos';
import { CONSENTIMENTO_TEXTS as T, CONSENTIMENTO_TEXTO_VERSAO, type TConsentimento } from '@balcao/shared/consentimento';
import type { TMensagemAgendada } from '@balcao/shared/mensagens-agendadas';
import { whatsappOf } from '../../channels/registry';
import { consentimentoEventos, consentimentoPedidos } from '../../db/schema/consentimento';
import { emailOutbox } from '../../db/schema/outbox';
import { login, makeAccount } from '../../test/factories';
import { DB_KINDS } from '../../test/harness';
import { newWhatsAppChannel, signWebhook, textWebhook, whatsappTestApp } from '../../test/whatsapp-channel';
import { enviarAgendadasDevidas } from '../mensagens-agendadas/scheduler';

/** A wall-clock time of America/Sao_Paulo (UTC-3, the accounts' default zone) `ms` from now. */
const local = (ms: number) => new Date(Date.now() + ms - 3 * 3_600_000).toISOString().slice(0, 19);
const TOKEN_RE = /\/confirmar-lid\?token=([A-Za-z0-9_.-]+)/;

describe.each(DB_KINDS)('consent (LGPD opt-in) on %s', (kind) => {
  const s = whatsappTestApp(kind);

  /** A WhatsApp customer who just wrote, and the account's master. */
  async function setup() {
    const { t, graph } = s;
    const ch = await newWhatsAppChannel(t, { phoneNumberId: graph.newNumber() });
    const waId = `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = ch.master.auth) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const write = async (body: string) => {
      const raw = textWebhook(ch.pnid, body, waId);
      const hook = await t.app.inject({
        method: 'POST',
        url: `/backend/webhooks/whatsapp/${ch.canal.token}`,
        payload: raw,
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signWebhook(raw) },
      });
      expect(hook.statusCode).toBe(200);
      await whatsappOf(t.ctx).idle();
    };
    await write('quero receber ofertas');
    const [c] = ((await call('GET', '/backend/api/atendimento/conversas?status=aguardando')).json() as TConversasPage).itens;
    const at = (await call('GET', `/backend/api/atendimento/${c!.atendimentoId}`)).json() as { clienteId: string };
    const estado = async () => (await call('GET', `/backend/api/clientes/${at.clienteId}/consentimento`)).json() as TConsentimento;
    const sentTo = () => graph.sends().filter((x) => JSON.stringify(x.body).includes(waId.slice(-8)));
    return { ...ch, call, write, clienteId: at.clienteId, atendimentoId: c!.atendimentoId, estado, sentTo, waId };
  }

  async function askAndGetToken(x: Awaited<ReturnType<typeof setup>>) {
    const before = x.sentTo().length;
    const r = await x.call('POST', `/backend/api/clientes/${x.clienteId}/consentimento/solicitar`, { canal: 'whatsapp' });
    expect(r.statusCode, r.body).toBe(202);
    await whatsappOf(s.t.ctx).idle();
    const sent = x
      .sentTo()
      .slice(before)
      .map((c) => JSON.stringify(c.body));
    const token = sent.map((b) => TOKEN_RE.exec(b)?.[1]).find(Boolean);
    expect(token, sent.join('\n')).toBeTruthy();
    return token!;
  }

  it('sends the link on WhatsApp (staff see a notice, not the token), confirms once, keeps the history; unknown and expired links', async () => {
    const x = await setup();
    expect((await x.estado()).estados.find((e) => e.finalidade === 'whatsapp')!.estado).toBe('nunca_solicitado');
    const token = await askAndGetToken(x);
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(token.startsWith('http')).toBe(false);
    // The conversation shows the notice; the token never reaches staff.
    const msgs = (await x.call('GET', `/backend/api/atendimento/${x.atendimentoId}/mensagens`)).json() as TMensagensPage;
    expect(JSON.stringify(msgs)).not.toContain(token);
    expect(msgs.mensagens.map((m) => m.conteudo)).toContain(T.conviteNaConversa);
    expect((await x.estado()).estados.find((e) => e.finalidade === 'whatsapp')!.estado).toBe('solicitado');

    const pub = await s.t.app.inject({ method: 'GET', url: `/backend/api/public/confirmar-lid/${token}` });
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toMatchObject({ conta: { nome: 'Loja Teste' }, estado: 'pendente', finalidades: [{ finalidade: 'whatsapp' }] });
    const page = await s.t.app.inject({ method: 'GET', url: `/confirmar-lid?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Não quero receber');
    // The page's own form answers without script.
    const posted = await s.t.app.inject({
      method: 'POST',
      url: '/confirmar-lid',
      payload: `token=${encodeURIComponent(token)}&aceito=sim`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toContain('Obrigado');
    const again = await s.t.app.inject({ method: 'POST', url: `/backend/api/public/confirmar-lid/${token}`, payload: { aceito: false } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(T.linkUsado);

    const st = await x.estado();
    expect(st.estados.find((e) => e.finalidade === 'whatsapp')!.estado).toBe('aceito');
    expect(st.historico[0]).toMatchObject({ evento: 'aceito', origem: 'pagina', textoVersao: CONSENTIMENTO_TEXTO_VERSAO });
    expect(st.historico.map((h) => h.evento)).toEqual(['aceito', 'solicitado']);
    const [ev] = await s.t.ctx.db.select().from(consentimentoEventos).where(eq(consentimentoEventos.evento, 'aceito')).limit(1);
    expect(ev!.ipHash).toMatch(/^[0-9a-f]{64}$/);

    // A forged or altered token, and an expired one.
    const unknown = await s.t.app.inject({ method: 'GET', url: `/backend/api/public/confirmar-lid/${token.slice(0, -2)}xx` });
    expect(unknown.statusCode).toBe(404);
    expect((await s.t.app.inject({ method: 'GET', url: '/confirmar-lid?token=nada' })).body).toContain(T.linkInvalido);
    const token2 = await askAndGetToken(x);
    expect(token2).not.toBe(token);
    await s.t.ctx.db
      .update(consentimentoPedidos)
      .set({ expiraEm: new Date(Date.now() - 1000) })
      .where(eq(consentimentoPedidos.id, s.t.ctx.tokens.consentPedidoOf(token2)!));
    const expired = await s.t.app.inject({ method: 'POST', url: `/backend/api/public/confirmar-lid/${token2}`, payload: { aceito: true } });
    expect(expired.statusCode).toBe(410);
    const expiredPage = await s.t.app.inject({ method: 'GET', url: `/confirmar-lid?token=${token2}` });
    expect(expiredPage.body).toContain(T.linkExpirado);
  });

  it('SAIR revokes with a confirmation reply, VOLTAR opts back in; the words are the account’s to change', async () => {
    const x = await setup();
    const token = await askAndGetToken(x);
    expect(
      (await s.t.app.inject({ method: 'POST', url: `/backend/api/public/confirmar-lid/${token}`, payload: { aceito: true } })).statusCode,
    ).toBe(200);
    const before = x.sentTo().length;
    await x.write('Sair!');
    const wa = () => (async () => (await x.estado()).estados.find((e) => e.finalidade === 'whatsapp')!.estado)();
    expect(await wa()).toBe('revogado');
    expect((await x.estado()).historico[0]).toMatchObject({ evento: 'revogado', origem: 'resposta' });
    expect(
      x
        .sentTo()
        .slice(before)
        .map((c) => JSON.stringify(c.body))
        .some((b) => b.includes('não vai mais receber')),
    ).toBe(true);
    await x.write('VOLTAR');
    expect(await wa()).toBe('aceito');
    // A sentence with the word in it is a message, not an opt-out.
    await x.write('não quero sair agora');
    expect(await wa()).toBe('aceito');

    const atendente = await login(s.t.app, (await x.acc.addUser('atendente')).email);
    const cfg = { palavrasSair: ['CHEGA'], palavrasVoltar: ['VOLTA'], respostaSair: 'Ok, parei.', respostaVoltar: 'Ok, voltei.' };
    expect((await x.call('PUT', '/backend/api/conta/consentimento', cfg, atendente.auth)).statusCode).toBe(403);
    expect((await x.call('PUT', '/backend/api/conta/consentimento', cfg)).statusCode).toBe(200);
    await x.write('SAIR');
    expect(await wa()).toBe('aceito');
    await x.write('chega');
    expect(await wa()).toBe('revogado');
  });

  it('refuses scheduled messages and new conversations after a decline, with the reason on the row; a never-asked customer is allowed', async () => {
    const x = await setup();
    const op = (await x.call('GET', `/backend/api/atendimento/nova-conversa/opcoes?clienteId=${x.clienteId}`)).json();
    expect(op.consentimentoWhatsApp).toBeNull();
    const token = await askAndGetToken(x);
    expect(
      (await s.t.app.inject({ method: 'POST', url: `/backend/api/public/confirmar-lid/${token}`, payload: { aceito: false } })).statusCode,
    ).toBe(200);
    expect((await x.estado()).estados.find((e) => e.finalidade === 'whatsapp')!.estado).toBe('recusado');

    const saved = await x.call('POST', '/backend/mensagemagendada/save', {
      clienteId: x.clienteId,
      canalId: x.canal.id,
      conteudo: 'Promoção de hoje!',
      dataEnvio: local(2_000),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const ag = saved.json() as TMensagemAgendada;
    await enviarAgendadasDevidas(s.t.ctx, () => new Date(Date.now() + 5_000));
    const after = (await x.call('GET', `/backend/mensagemagendada/get/${ag.id}`)).json() as TMensagemAgendada;
    expect(after.ultimoErro).toBe(T.recusadoWhatsApp);
    expect(x.sentTo().some((c) => JSON.stringify(c.body).includes('Promoção de hoje!'))).toBe(false);

    // Finish the conversation, then 'Nova conversa' is refused with the same reason.
    const admin = x.master;
    await x.call('POST', `/backend/api/atendimento/${x.atendimentoId}/aceitar`, undefined, admin.auth);
    await x.call('POST', `/backend/api/atendimento/${x.atendimentoId}/finalizar`, undefined, admin.auth);
    const nova = await x.call('POST', '/backend/api/atendimento/nova-conversa', { clienteId: x.clienteId, conteudo: 'Oi!' });
    expect(nova.statusCode).toBe(409);
    expect(nova.json().message).toBe(T.recusadoWhatsApp);
    // Asking again on WhatsApp is itself a proactive message: refused too.
    const ask = await x.call('POST', `/backend/api/clientes/${x.clienteId}/consentimento/solicitar`, { canal: 'whatsapp' });
    expect(ask.statusCode).toBe(409);
  });

  it('records an attendant’s answer with a reason; another account’s customer answers 404', async () => {
    const x = await setup();
    const sem = await x.call('POST', `/backend/api/clientes/${x.clienteId}/consentimento`, {
      finalidade: 'whatsapp',
      aceito: true,
      motivo: ' ',
    });
    expect(sem.statusCode).toBe(400);
    const ok = await x.call('POST', `/backend/api/clientes/${x.clienteId}/consentimento`, {
      finalidade: 'whatsapp',
      aceito: true,
      motivo: 'Pediu por telefone',
    });
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as TConsentimento).historico[0]).toMatchObject({
      evento: 'aceito',
      origem: 'atendente',
      motivo: 'Pediu por telefone',
      atendenteNome: 'Master Teste',
    });
    const off = await x.call('POST', `/backend/api/clientes/${x.clienteId}/consentimento`, {
      finalidade: 'whatsapp',
      aceito: false,
      motivo: 'Pediu para parar',
    });
    expect((off.json() as TConsentimento).estados.find((e) => e.finalidade === 'whatsapp')!.estado).toBe('revogado');

    const other = await makeAccount(s.t.ctx.db);
    const outsider = await login(s.t.app, other.master.email);
    for (const [m, url, body] of [
      ['GET', `/backend/api/clientes/${x.clienteId}/consentimento`, undefined],
      ['POST', `/backend/api/clientes/${x.clienteId}/consentimento/solicitar`, { canal: 'whatsapp' }],
      ['POST', `/backend/api/clientes/${x.clienteId}/consentimento`, { finalidade: 'email', aceito: true, motivo: 'x' }],
    ] as const)
      expect((await x.call(m, url, body, outsider.auth)).statusCode).toBe(404);
  });

  it('sends the link by e-mail to a customer with an address', async () => {
    const x = await setup();
    const put = await x.call('PUT', `/backend/api/clientes/${x.clienteId}`, {
      nome: 'Joana',
      numero: `+${x.waId}`,
      email: 'joana@exemplo.com.br',
    });
    expect(put.statusCode, put.body).toBe(200);
    const r = await x.call('POST', `/backend/api/clientes/${x.clienteId}/consentimento/solicitar`, { canal: 'email' });
    expect(r.statusCode, r.body).toBe(202);
    const mine = await s.t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'joana@exemplo.com.br'));
    expect(mine).toHaveLength(1);
    const token = TOKEN_RE.exec(mine[0]!.text)![1]!;
    expect(mine[0]!.text).toContain('http://balcao.test/confirmar-lid?token=');
    const pub = (await s.t.app.inject({ method: 'GET', url: `/backend/api/public/confirmar-lid/${token}` })).json();
    expect(pub.finalidades.map((f: { finalidade: string }) => f.finalidade)).toEqual(['whatsapp', 'email']);
  });

  it('records an opt-in an ERP gathered (its words kept), by the integration key, on the customer with that number', async () => {
    const x = await setup();
    const chave = (await x.call('POST', '/backend/api/autoatendimento/chaves', { nome: 'ERP' })).json() as { chave: string };
    const body = {
      cliente: { nome: 'Joana', numero: `+${x.waId}` },
      finalidades: ['whatsapp'],
      textoMostrado: 'Quero receber ofertas pelo WhatsApp',
    };
    expect((await s.t.app.inject({ method: 'POST', url: '/backend/api/public/consentimento', payload: body })).statusCode).toBe(401);
    const r = await s.t.app.inject({
      method: 'POST',
      url: '/backend/api/public/consentimento',
      payload: body,
      headers: { authorization: `Bearer ${chave.chave}` },
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().clienteId).toBe(x.clienteId);
    expect((await x.estado()).historico[0]).toMatchObject({
      evento: 'aceito',
      origem: 'erp',
      motivo: 'Quero receber ofertas pelo WhatsApp',
    });
  });
});
