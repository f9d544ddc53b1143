import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { atendimentos } from '../../db/schema/atendimentos';
import type { TAtendimento, TConversasPage, TMensagem, TMensagensPage } from '@balcao/shared/atendimentos';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { login, makeAccount } from '../../test/factories';
import type { TWidgetSession } from '@balcao/shared/widget';
import { makeCanal, makeVisitor, SITE } from '../../test/atendimentos-fixtures';

describe.each(DB_KINDS)('customer conversations on %s', (kind) => {
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
      master: await login(t.app, acc.master.email),
      admin: await login(t.app, admin.email),
      at1: await login(t.app, at1.email),
      at2: await login(t.app, at2.email),
    };
    const canal = await makeCanal(t, sessions.admin.auth, { departamentoPadraoId: comercial.id });
    return { acc, comercial, suporte, ...sessions, canal };
  }
  const get = <T>(url: string, auth: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, headers: auth }).then((r) => ({ status: r.statusCode, body: r.json() as T }));
  const post = <T>(url: string, auth: Record<string, string>, payload?: object) =>
    t.app
      .inject({ method: 'POST', url, headers: auth, ...(payload ? { payload } : {}) })
      .then((r) => ({ status: r.statusCode, body: (r.body ? r.json() : null) as T }));

  /** The rating link as the customer's widget gets it when the visitor comes back (session view). */
  const ratingHref = async (visitante: string) => {
    const r = await t.app.inject({
      method: 'POST',
      url: `/backend/api/public/widget/${s.canal.token}/sessao`,
      headers: { origin: SITE },
      payload: { visitante },
    });
    return (r.json() as TWidgetSession).atendimento!.avaliacaoUrl!;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    s = await setup();
  });
  afterAll(() => t.close());

  it('opens one atendimento per customer and channel, waiting in the department queue', async () => {
    const v = await makeVisitor(t, s.canal);
    await v.send('Olá, quero um orçamento');
    await v.send('Vocês estão aí?');
    const list = await get<TConversasPage>('/backend/api/atendimento/conversas?status=aguardando', s.at1.auth);
    expect(list.status).toBe(200);
    const mine = list.body.itens.filter((i) => i.clienteId === list.body.itens[0]!.clienteId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      status: 'aguardando',
      origem: 'widget',
      departamentoNome: 'Comercial',
      mensagensNaoLidas: 2,
      ultimaMensagem: 'Vocês estão aí?',
      ticket: 1,
    });
    // The counts are of what this attendant sees: the queue of their department.
    expect(list.body.contagens).toEqual({ aguardando: list.body.itens.length, em_atendimento: 0 });
    const other = await get<TConversasPage>('/backend/api/atendimento/conversas?status=aguardando', s.at2.auth);
    expect(other.body.itens).toHaveLength(0);
    expect(other.body.contagens).toEqual({ aguardando: 0, em_atendimento: 0 });
    const denied = await get<{ message: string }>(`/backend/api/atendimento/${mine[0]!.atendimentoId}`, s.at2.auth);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('Você não tem acesso a este atendimento.');
  });

  it('runs accept, idempotent answer, transfer, finish and the once-only rating', async () => {
    const v = await makeVisitor(t, s.canal);
    await v.send('Preciso de ajuda');
    const { body: page } = await get<TConversasPage>(
      `/backend/api/atendimento/conversas?status=aguardando&busca=${encodeURIComponent(v.session.cliente.nome!)}`,
      s.at1.auth,
    );
    const id = page.itens[0]!.atendimentoId;
    // A search counts only the customers it finds.
    expect(page.contagens).toEqual({ aguardando: 1, em_atendimento: 0 });

    const blocked = await post<{ message: string }>(`/backend/api/atendimento/${id}/mensagens`, s.at1.auth, {
      clientId: 'cliente-antes-1',
      atendimentoId: id,
      conteudo: 'oi',
    });
    expect(blocked).toMatchObject({ status: 409, body: { message: 'Aceite o atendimento antes de responder.' } });

    const accepted = await post<TAtendimento>(`/backend/api/atendimento/${id}/aceitar`, s.at1.auth);
    expect(accepted.body).toMatchObject({ status: 'em_atendimento', atendenteNome: 'Carlos' });
    // Presented from the rows the change wrote: what a later read shows.
    expect((await get<TAtendimento>(`/backend/api/atendimento/${id}`, s.at1.auth)).body).toEqual(accepted.body);
    const again = await post<{ message: string }>(`/backend/api/atendimento/${id}/aceitar`, s.admin.auth);
    expect(again).toMatchObject({ status: 409, body: { message: 'Este atendimento já foi aceito por outro atendente.' } });

    const msg = { clientId: 'client-id-0001', atendimentoId: id, conteudo: 'Olá! Como posso ajudar?' };
    const first = await post<TMensagem>(`/backend/api/atendimento/${id}/mensagens`, s.at1.auth, msg);
    const second = await post<TMensagem>(`/backend/api/atendimento/${id}/mensagens`, s.at1.auth, msg);
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    const history = await get<TMensagensPage>(`/backend/api/atendimento/${id}/mensagens`, s.at1.auth);
    expect(history.body.mensagens.filter((m) => m.clientId === msg.clientId)).toHaveLength(1);
    // Answered from the rows in hand (new) and from the stored row (resend): both are what a later read shows.
    expect(first.body).toMatchObject({ atendenteNome: 'Carlos', autor: 'atendente', conteudo: msg.conteudo });
    expect(history.body.mensagens.find((m) => m.clientId === msg.clientId)).toEqual(first.body);
    expect(second.body).toEqual(first.body);

    const empty = await post<{ message: string }>(`/backend/api/atendimento/${id}/mensagens`, s.at1.auth, {
      clientId: 'client-id-0002',
      atendimentoId: id,
      conteudo: '   ',
    });
    expect(empty).toMatchObject({ status: 400, body: { message: 'Digite uma mensagem ou anexe um arquivo.' } });

    const moved = await post<TAtendimento>(`/backend/api/atendimento/${id}/transferir`, s.at1.auth, { atendenteId: s.at2.user.id });
    expect(moved.body).toMatchObject({ atendenteNome: 'Sofia', status: 'em_atendimento', departamentoNome: 'Suporte' });
    const notice = await get<TMensagensPage>(`/backend/api/atendimento/${id}/mensagens`, s.at2.auth);
    expect(notice.body.mensagens.at(-1)).toMatchObject({ autor: 'sistema', conteudo: 'Atendimento transferido para Sofia por Carlos.' });
    const lost = await post<{ message: string }>(`/backend/api/atendimento/${id}/mensagens`, s.at1.auth, {
      clientId: 'client-id-0003',
      atendimentoId: id,
      conteudo: 'ainda aqui',
    });
    expect(lost.status).toBe(403);

    const done = await post<TAtendimento>(`/backend/api/atendimento/${id}/finalizar`, s.at2.auth);
    expect(done.body.status).toBe('finalizado');
    expect(done.body.fim).not.toBeNull();
    expect((await get<TAtendimento>(`/backend/api/atendimento/${id}`, s.at2.auth)).body).toEqual(done.body);
    // The finished tab lists it; only the open tabs are counted, and this search leaves nothing open.
    const finalizados = await get<TConversasPage>(
      `/backend/api/atendimento/conversas?status=finalizado&busca=${encodeURIComponent(v.session.cliente.nome!)}`,
      s.at2.auth,
    );
    expect(finalizados.body.itens.map((i) => i.atendimentoId)).toEqual([id]);
    expect(finalizados.body.contagens).toEqual({ aguardando: 0, em_atendimento: 0 });
    // Staff read the invitation, never the link: its token goes to the customer's widget alone.
    const last = await get<TMensagensPage>(`/backend/api/atendimento/${id}/mensagens`, s.at2.auth);
    expect(last.body.mensagens.at(-1)!.conteudo).toBe('Como foi o seu atendimento? Conte para nós pelo link "Avaliar atendimento".');
    expect(JSON.stringify(last.body)).not.toContain('/avaliar/');
    const href = await ratingHref(v.session.visitante);
    const parts = /\/avaliar\/([^/]+)\/([0-9a-f-]{36})#token=([\w-]{43})$/.exec(href)!;
    expect([parts[1], parts[2]]).toEqual([s.acc.account.databaseName, id]);
    const rating = `/backend/api/public/avaliacao/${parts[1]}/${id}`;
    const token = parts[3]!;

    expect((await get<{ status: string }>(`${rating}?token=${token}`, {})).body.status).toBe('pendente');
    expect((await post<{ message: string }>(rating, {}, { nota: 6, token })).status).toBe(400);
    expect(await post(rating, {}, { nota: 5, comentario: 'Ótimo!', token })).toMatchObject({
      status: 200,
      body: { message: 'Obrigado pela sua avaliação!' },
    });
    expect(await post(rating, {}, { nota: 1, token })).toMatchObject({
      status: 409,
      body: { message: 'Este atendimento já foi avaliado.' },
    });
    expect((await get<{ status: string }>(`${rating}?token=${token}`, {})).body.status).toBe('avaliado');
    expect(await get(`/backend/api/public/avaliacao/outra-conta/${id}?token=${token}`, {})).toMatchObject({
      status: 404,
      body: { message: 'Link de avaliação inválido.' },
    });

    const me = await get<{ notaMedia: number }>('/backend/Usuario/GetCurrentUser', s.at2.auth);
    expect(me.body.notaMedia).toBe(5);
  });

  it('reads a conversation: the count goes to zero and everyone is told the row as it is now', async () => {
    const v = await makeVisitor(t, s.canal);
    await v.send('Tem em estoque?');
    await v.send('E a cor azul?');
    const busca = encodeURIComponent(v.session.cliente.nome!);
    const listed = async () =>
      (await get<TConversasPage>(`/backend/api/atendimento/conversas?status=aguardando&busca=${busca}`, s.at1.auth)).body.itens[0]!;
    const before = await listed();
    expect(before).toMatchObject({ mensagensNaoLidas: 2, ultimaMensagem: 'E a cor azul?' });
    const told: TAtendimento[] = [];
    const real = t.ctx.publish!.atendimentos;
    t.ctx.publish = { ...t.ctx.publish!, atendimentos: { ...real, row: (_accountId, row) => told.push(row) } };
    try {
      expect((await post(`/backend/api/atendimento/${before.atendimentoId}/lidas`, s.at1.auth)).status).toBe(204);
    } finally {
      t.ctx.publish = { ...t.ctx.publish!, atendimentos: real };
    }
    const after = await listed();
    expect(after).toEqual({ ...before, mensagensNaoLidas: 0 });
    expect(told).toEqual([after]);
  });

  it('keeps the preview of the later message when two writes of one conversation cross', async () => {
    const v = await makeVisitor(t, s.canal);
    await v.send('Chegou meu pedido?');
    const busca = encodeURIComponent(v.session.cliente.nome!);
    const listed = async (status: string) =>
      (await get<TConversasPage>(`/backend/api/atendimento/conversas?status=${status}&busca=${busca}`, s.at1.auth)).body.itens[0]!;
    const { atendimentoId: id } = await listed('aguardando');
    expect((await post(`/backend/api/atendimento/${id}/aceitar`, s.at1.auth)).status).toBe(200);
    // Another writer stored a later message a moment ago and committed first.
    const later = new Date(Date.now() + 60_000);
    await t.ctx.db
      .update(atendimentos)
      .set({ ultimaMensagem: 'A mensagem mais nova', ultimaMensagemEm: later })
      .where(eq(atendimentos.id, id));
    const answer = { clientId: 'cruzadas-1', atendimentoId: id, conteudo: 'Chegou sim.' };
    expect((await post(`/backend/api/atendimento/${id}/mensagens`, s.at1.auth, answer)).status).toBe(201);
    await v.send('Obrigado!');
    expect(await listed('em_atendimento')).toMatchObject({ ultimaMensagem: 'A mensagem mais nova', ultimaMensagemEm: later.toISOString() });
    // Once the row's message is older, the next one takes the preview again.
    await t.ctx.db
      .update(atendimentos)
      .set({ ultimaMensagemEm: new Date(Date.now() - 60_000) })
      .where(eq(atendimentos.id, id));
    await v.send('Até mais');
    expect(await listed('em_atendimento')).toMatchObject({ ultimaMensagem: 'Até mais' });
    expect((await post(`/backend/api/atendimento/${id}/mensagens`, s.at1.auth, { ...answer, clientId: 'cruzadas-2' })).status).toBe(201);
    expect(await listed('em_atendimento')).toMatchObject({ ultimaMensagem: 'Chegou sim.' });
  });

  it('pages messages 25 at a time, oldest to newest', async () => {
    const v = await makeVisitor(t, s.canal);
    for (let i = 1; i <= 30; i++) await v.send(`mensagem ${i}`);
    const { body: page } = await get<TConversasPage>(
      `/backend/api/atendimento/conversas?status=aguardando&busca=${encodeURIComponent(v.session.cliente.nome!)}`,
      s.admin.auth,
    );
    const id = page.itens[0]!.atendimentoId;
    const p1 = await get<TMensagensPage>(`/backend/api/atendimento/${id}/mensagens`, s.admin.auth);
    expect(p1.body.mensagens.map((m) => m.conteudo)).toEqual(Array.from({ length: 25 }, (_, i) => `mensagem ${i + 6}`));
    expect(p1.body.hasMore).toBe(true);
    const p2 = await get<TMensagensPage>(`/backend/api/atendimento/${id}/mensagens?antesDe=${p1.body.cursor}`, s.admin.auth);
    expect(p2.body.mensagens.map((m) => m.conteudo)).toEqual(['mensagem 1', 'mensagem 2', 'mensagem 3', 'mensagem 4', 'mensagem 5']);
    expect(p2.body.hasMore).toBe(false);
    // Another page size than the web app's is a value of its own statement, first and older pages alike.
    const small = await get<TMensagensPage>(`/backend/api/atendimento/${id}/mensagens?limit=3`, s.admin.auth);
    expect(small.body.mensagens.map((m) => m.conteudo)).toEqual(['mensagem 28', 'mensagem 29', 'mensagem 30']);
    const older = await get<TMensagensPage>(`/backend/api/atendimento/${id}/mensagens?limit=3&antesDe=${small.body.cursor}`, s.admin.auth);
    expect(older.body.mensagens.map((m) => m.conteudo)).toEqual(['mensagem 25', 'mensagem 26', 'mensagem 27']);
    expect(older.body.hasMore).toBe(true);
  });

  it('writes a burst of messages together: each stored once, counted once, in order', async () => {
    const a = await makeVisitor(t, s.canal);
    const b = await makeVisitor(t, s.canal);
    const sends = [];
    for (let i = 1; i <= 12; i++) sends.push(a.send(`rajada ${i}`, `rajada-a-${String(i).padStart(4, '0')}`));
    for (let i = 1; i <= 5; i++) sends.push(b.send(`outra ${i}`, `rajada-b-${String(i).padStart(4, '0')}`));
    sends.push(a.send('rajada 3', 'rajada-a-0003'), b.send('outra 1', 'rajada-b-0001'));
    const acks = await Promise.all(sends);
    expect(acks[12 + 5]!.id).toBe(acks[2]!.id);
    expect(acks[12 + 5 + 1]!.id).toBe(acks[12]!.id);
    const { body } = await get<TConversasPage>('/backend/api/atendimento/conversas?status=aguardando&limit=100', s.admin.auth);
    const rowA = body.itens.find((i) => i.clienteNome === a.session.cliente.nome)!;
    const rowB = body.itens.find((i) => i.clienteNome === b.session.cliente.nome)!;
    expect([rowA.mensagensNaoLidas, rowA.ultimaMensagem]).toEqual([12, 'rajada 12']);
    expect([rowB.mensagensNaoLidas, rowB.ultimaMensagem]).toEqual([5, 'outra 5']);
    const page = await get<TMensagensPage>(`/backend/api/atendimento/${rowA.atendimentoId}/mensagens`, s.admin.auth);
    expect(page.body.mensagens.map((m) => m.conteudo)).toEqual(Array.from({ length: 12 }, (_, i) => `rajada ${i + 1}`));
  });

  it('pages the conversation list by cursor without repeats', async () => {
    const { body: all } = await get<TConversasPage>('/backend/api/atendimento/conversas?status=aguardando&limit=100', s.admin.auth);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const r: { body: TConversasPage } = await get<TConversasPage>(
        `/backend/api/atendimento/conversas?status=aguardando&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        s.admin.auth,
      );
      seen.push(...r.body.itens.map((i) => i.atendimentoId));
      cursor = r.body.proximoCursor;
    } while (cursor);
    expect(seen).toEqual(all.itens.map((i) => i.atendimentoId));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('keeps accounts apart', async () => {
    const other = await makeAccount(t.ctx.db, 'Outra Loja');
    const otherAuth = (await login(t.app, other.master.email)).auth;
    const { body: mine } = await get<TConversasPage>('/backend/api/atendimento/conversas?status=aguardando', s.admin.auth);
    const id = mine.itens[0]!.atendimentoId;
    expect((await get(`/backend/api/atendimento/${id}`, otherAuth)).status).toBe(404);
    expect((await get(`/backend/api/atendimento/${id}/mensagens`, otherAuth)).status).toBe(404);
    expect((await post(`/backend/api/atendimento/${id}/aceitar`, otherAuth)).status).toBe(404);
    expect((await get<TConversasPage>('/backend/api/atendimento/conversas?status=aguardando', otherAuth)).body.itens).toHaveLength(0);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/backend/api/canais/${s.canal.id}`,
          headers: otherAuth,
          payload: { nome: 'x', origensPermitidas: ['https://x.com'] },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses users without customer chat and todos for atendentes', async () => {
    const user = await s.acc.addUser('user');
    const auth = (await login(t.app, user.email)).auth;
    const r = await get<{ message: string }>('/backend/api/atendimento/conversas', auth);
    expect(r).toMatchObject({ status: 403, body: { message: 'Seu perfil não atende clientes.' } });
    const q = 'dataInicio=2020-01-01T00:00:00&dataFim=2099-12-31T23:59:59';
    expect((await get(`/backend/api/atendimento/dashboard?atendenteId=todos&${q}`, s.at1.auth)).status).toBe(403);
    expect((await get(`/backend/api/atendimento/dashboard?atendenteId=${s.at2.user.id}&${q}`, s.at1.auth)).status).toBe(403);
    expect((await get(`/backend/api/atendimento/dashboard?atendenteId=todos&${q}`, s.admin.auth)).status).toBe(200);
  });
});
