import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TConversasPage, TMensagem, TMensagensPage } from '@balcao/shared/atendimentos';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { login, makeAccount } from '../../test/factories';
import type { TWidgetSession } from '@balcao/shared/widget';
import { makeCanal, makeVisitor, SITE } from '../../test/atendimentos-fixtures';

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** Security of customer conversations (docs/seguranca.md): quotes, client ids, customers an atendente reads. */
describe.each(DB_KINDS)('customer conversation boundaries on %s', (kind) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof setup>>;
  async function setup() {
    const acc = await makeAccount(t.ctx.db);
    const comercial = await acc.addDepartamento('Comercial');
    const suporte = await acc.addDepartamento('Suporte');
    const at1 = await acc.addUser('atendente', { nome: 'Carlos', departamentoId: comercial.id });
    const at2 = await acc.addUser('atendente', { nome: 'Sofia', departamentoId: suporte.id });
    const admin = await acc.addUser('admin');
    const sessions = {
      admin: await login(t.app, admin.email),
      at1: await login(t.app, at1.email),
      at2: await login(t.app, at2.email),
    };
    const canal = await makeCanal(t, sessions.admin.auth, { departamentoPadraoId: comercial.id });
    return { acc, ...sessions, canal };
  }
  const get = <T>(url: string, auth: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, headers: auth }).then((r) => ({ status: r.statusCode, body: r.json() as T, text: r.body }));
  const post = <T>(url: string, auth: Record<string, string>, payload?: object) =>
    t.app
      .inject({ method: 'POST', url, headers: auth, ...(payload ? { payload } : {}) })
      .then((r) => ({ status: r.statusCode, body: (r.body ? r.json() : null) as T, text: r.body }));

  /** A visitor writes; the conversation is found by the customer's name and accepted by `auth`. */
  async function conversation(conteudo: string, auth: Record<string, string>, canal = s.canal) {
    const v = await makeVisitor(t, canal);
    const first = await v.send(conteudo);
    const { body } = await get<TConversasPage>(
      `/backend/api/atendimento/conversas?status=aguardando&busca=${encodeURIComponent(v.session.cliente.nome!)}`,
      auth,
    );
    const id = body.itens[0]!.atendimentoId;
    expect((await post(`/backend/api/atendimento/${id}/aceitar`, auth)).status).toBe(200);
    return { v, id, first, clienteId: body.itens[0]!.clienteId };
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    s = await setup();
  });
  afterAll(() => t.close());

  it('never quotes or reacts to a message of another account or another conversation (404, no text back)', async () => {
    const a = await conversation('segredo da conta A: cartão 4111', s.admin.auth);
    const other = await makeAccount(t.ctx.db, 'Loja B');
    const bAuth = (await login(t.app, other.master.email)).auth;
    const bCanal = await makeCanal(t, bAuth);
    const b = await conversation('oi', bAuth, bCanal);

    const quote = await post<{ message: string }>(`/backend/api/atendimento/${b.id}/mensagens`, bAuth, {
      clientId: 'quote-cross-account',
      atendimentoId: b.id,
      conteudo: 'x',
      respondendoA: a.first.id,
    });
    expect(quote.status).toBe(404);
    expect(quote.text).not.toContain('segredo');
    const react = await post(`/backend/api/atendimento/${b.id}/mensagens`, bAuth, {
      clientId: 'react-cross-account',
      atendimentoId: b.id,
      tipo: 'reaction',
      conteudo: '👍',
      reagindoA: a.first.id,
    });
    expect(react.status).toBe(404);

    // Same account, another conversation: also refused.
    const sibling = await conversation('outra conversa da conta A', s.admin.auth);
    const crossed = await post(`/backend/api/atendimento/${sibling.id}/mensagens`, s.admin.auth, {
      clientId: 'quote-cross-conversa',
      atendimentoId: sibling.id,
      conteudo: 'x',
      respondendoA: a.first.id,
    });
    expect(crossed.status).toBe(404);
    const history = await get<TMensagensPage>(`/backend/api/atendimento/${b.id}/mensagens`, bAuth);
    expect(history.text).not.toContain('segredo');

    // Within the conversation a quote works and shows the quoted text.
    const own = await post<TMensagem>(`/backend/api/atendimento/${a.id}/mensagens`, s.admin.auth, {
      clientId: 'quote-same-conversa',
      atendimentoId: a.id,
      conteudo: 'Sobre isso:',
      respondendoA: a.first.id,
    });
    expect(own.status).toBe(201);
    expect(own.body.respondendoA).toMatchObject({ id: a.first.id, conteudo: 'segredo da conta A: cartão 4111' });
  });

  it("a staff message's media is an upload of this account: no other site, API path or account's file", async () => {
    const { id } = await conversation('mande o boleto', s.admin.auth);
    const upload = async (auth: Record<string, string>) => {
      const form = new FormData();
      form.append('file', new Blob([PNG_1X1], { type: 'image/png' }), 'pixel.png');
      const body = new Response(form);
      const r = await t.app.inject({
        method: 'POST',
        url: '/backend/api/atendimento/upload',
        headers: { ...auth, 'content-type': body.headers.get('content-type')! },
        payload: Buffer.from(await body.arrayBuffer()),
      });
      expect(r.statusCode).toBe(200);
      return r.json() as { url: string; mimeType: string; filename: string; size: number };
    };
    const other = await makeAccount(t.ctx.db, 'Loja C');
    const alheio = await upload((await login(t.app, other.master.email)).auth);
    const proprio = await upload(s.admin.auth);
    const envia = (url: string, n: number) =>
      post<{ message: string }>(`/backend/api/atendimento/${id}/mensagens`, s.admin.auth, {
        clientId: `midia-${n}-${Date.now()}`,
        atendimentoId: id,
        conteudo: '',
        midia: { url, mimeType: 'application/pdf', filename: 'Boleto.pdf', size: 1 },
      });
    const ruins = ['https://evil.example/boleto.pdf.exe', '/backend/api/auth/refresh', alheio.url, `${proprio.url}/../../x.png`];
    for (const [n, url] of ruins.entries()) {
      const r = await envia(url, n);
      expect(r.status, url).toBe(400);
      expect(r.body.message).toBe('Anexo não encontrado. Envie o arquivo novamente.');
    }
    expect((await envia(proprio.url, 9)).status).toBe(201);
    const { body } = await get<TMensagensPage>(`/backend/api/atendimento/${id}/mensagens`, s.admin.auth);
    expect(body.mensagens.filter((m) => m.midia).map((m) => m.midia!.url)).toEqual([proprio.url]);
  });

  it('scopes a client id by its author: the visitor and a staff user reusing one id are two messages', async () => {
    const c = await conversation('primeira', s.admin.auth);
    const shared = 'mesmo-client-id-0001';
    const fromVisitor = await c.v.send('do visitante', shared);
    const fromStaff = await post<TMensagem>(`/backend/api/atendimento/${c.id}/mensagens`, s.admin.auth, {
      clientId: shared,
      atendimentoId: c.id,
      conteudo: 'do atendente',
    });
    expect(fromStaff.status).toBe(201);
    expect(fromStaff.body).toMatchObject({ autor: 'atendente', conteudo: 'do atendente' });
    expect(fromStaff.body.id).not.toBe(fromVisitor.id);

    // The other order: staff first, then the visitor with the same id.
    const other = 'mesmo-client-id-0002';
    const staffFirst = await post<TMensagem>(`/backend/api/atendimento/${c.id}/mensagens`, s.admin.auth, {
      clientId: other,
      atendimentoId: c.id,
      conteudo: 'atendente antes',
    });
    const visitorAfter = await c.v.send('visitante depois', other);
    expect(visitorAfter.id).not.toBe(staffFirst.body.id);
    expect(visitorAfter.conteudo).toBe('visitante depois');

    // A resend by the same author is still the same message.
    expect((await c.v.send('do visitante', shared)).id).toBe(fromVisitor.id);
    const again = await post<TMensagem>(`/backend/api/atendimento/${c.id}/mensagens`, s.admin.auth, {
      clientId: shared,
      atendimentoId: c.id,
      conteudo: 'do atendente',
    });
    expect([again.status, again.body.id]).toEqual([200, fromStaff.body.id]);

    const page = await get<TMensagensPage>(`/backend/api/atendimento/${c.id}/mensagens`, s.admin.auth);
    expect(page.body.mensagens.filter((m) => m.clientId === shared).map((m) => m.conteudo)).toEqual(['do visitante', 'do atendente']);
    expect(page.body.mensagens.filter((m) => m.clientId === other).map((m) => m.conteudo)).toEqual(['atendente antes', 'visitante depois']);
  });

  it('shows an atendente only customers of atendimentos visible to them; admin sees every customer', async () => {
    // Waiting in Comercial: Carlos (Comercial) sees the customer, Sofia (Suporte) does not.
    const v = await makeVisitor(t, s.canal);
    await v.send('quero comprar');
    const nome = v.session.cliente.nome!;
    const { body } = await get<TConversasPage>(
      `/backend/api/atendimento/conversas?status=aguardando&busca=${encodeURIComponent(nome)}`,
      s.admin.auth,
    );
    const clienteId = body.itens[0]!.clienteId;
    const lista = (auth: Record<string, string>) =>
      get<{ itens: { id: string }[]; total: number }>(`/backend/cliente/lista?pesquisa=${encodeURIComponent(nome)}`, auth);

    expect((await lista(s.admin.auth)).body.itens.map((c) => c.id)).toEqual([clienteId]);
    expect((await lista(s.at1.auth)).body.itens.map((c) => c.id)).toEqual([clienteId]);
    expect((await lista(s.at2.auth)).body).toEqual({ itens: [], total: 0 });
    expect((await get(`/backend/api/clientes/${clienteId}`, s.at1.auth)).status).toBe(200);
    const denied = await get<{ message: string }>(`/backend/api/clientes/${clienteId}`, s.at2.auth);
    expect(denied).toMatchObject({ status: 404, body: { message: 'Cliente não encontrado.' } });
    expect((await get(`/backend/api/clientes/${clienteId}`, s.admin.auth)).status).toBe(200);

    // Every customer of the account for the admin; for Sofia only those of her queue or her own atendimentos.
    const all = await get<{ total: number }>('/backend/cliente/lista?take=100', s.admin.auth);
    const sofia = await get<{ total: number }>('/backend/cliente/lista?take=100', s.at2.auth);
    expect(all.body.total).toBeGreaterThan(0);
    expect(sofia.body.total).toBe(0);

    // Once the conversation is handed to Sofia, the customer is hers to read too.
    const id = body.itens[0]!.atendimentoId;
    expect((await post(`/backend/api/atendimento/${id}/aceitar`, s.at1.auth)).status).toBe(200);
    expect((await post(`/backend/api/atendimento/${id}/transferir`, s.at1.auth, { atendenteId: s.at2.user.id })).status).toBe(200);
    expect((await lista(s.at2.auth)).body.itens.map((c) => c.id)).toEqual([clienteId]);
    expect((await get(`/backend/api/clientes/${clienteId}`, s.at2.auth)).status).toBe(200);
    expect((await lista(s.at1.auth)).body.total).toBe(0);
  });
  it("a rating needs the customer's link: staff with the atendimento id cannot rate, the customer can, once", async () => {
    const c = await conversation('quero avaliar', s.at1.auth);
    const other = await conversation('outra', s.at1.auth);
    for (const id of [c.id, other.id]) expect((await post(`/backend/api/atendimento/${id}/finalizar`, s.at1.auth)).status).toBe(200);
    const base = `/backend/api/public/avaliacao/${s.acc.account.databaseName}`;

    // Everything staff can see of the conversation: the id, the messages, the row. None has the token.
    const seen = await get<TMensagensPage>(`/backend/api/atendimento/${c.id}/mensagens`, s.at1.auth);
    expect(seen.text).not.toContain('token');
    for (const body of [{ nota: 5 }, { nota: 5, token: '' }, { nota: 5, token: 'A'.repeat(43) }]) {
      expect(await post(`${base}/${c.id}`, {}, body)).toMatchObject({ status: 404, body: { message: 'Link de avaliação inválido.' } });
    }
    expect((await get(`${base}/${c.id}`, {})).status).toBe(404);

    // The customer's link (as their widget gets it) rates once; its token is worth nothing for another atendimento.
    const r = await t.app.inject({
      method: 'POST',
      url: `/backend/api/public/widget/${s.canal.token}/sessao`,
      headers: { origin: SITE },
      payload: { visitante: c.v.session.visitante },
    });
    const token = /#token=([\w-]+)$/.exec((r.json() as TWidgetSession).atendimento!.avaliacaoUrl!)![1]!;
    expect((await post(`${base}/${other.id}`, {}, { nota: 5, token })).status).toBe(404);
    expect((await post(`${base}/${c.id}`, {}, { nota: 4, token })).status).toBe(200);
    expect((await post(`${base}/${c.id}`, {}, { nota: 1, token })).status).toBe(409);
    expect((await get<{ nota: number }>(`${base}/${c.id}?token=${token}`, {})).body).toMatchObject({ status: 'avaliado', nota: 4 });
  });
});
