import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, type Placeholder, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { atendimentos, atendimentosOrdem, clientes, mensagens } from '../../db/schema/atendimentos';
import { AppError } from '../../lib/errors';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { login, makeAccount } from '../../test/factories';
import { makeCanal } from '../../test/atendimentos-fixtures';
import { receiveFromCliente, type InboundInput } from './inbound';
import { inboundStatementSql, inboundValues } from './inbound-statement';
import { presentAtendimento } from './presenter';
import { findAtendimento, findAtendimentos, selectAtendimentos } from './queries';

/** One way in: every driver hands the customer's message to receiveFromCliente, checked by the shared schema. */
describe.each(DB_KINDS)('the one way in for customer messages on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  /** A fresh account with a widget channel made through the admin API. */
  async function accountWithCanal() {
    const acc = await makeAccount(t.ctx.db);
    const admin = await login(t.app, acc.master.email);
    return { acc, canal: await makeCanal(t, admin.auth) };
  }

  async function cliente() {
    const { acc, canal } = await accountWithCanal();
    const [c] = await t.ctx.db.insert(clientes).values({ accountId: acc.account.id, nome: 'Cliente' }).returning();
    const input = (mensagem: unknown): InboundInput => ({
      canal: { id: canal.id, accountId: acc.account.id },
      clienteId: c!.id,
      origem: () => 'widget',
      departamentoId: null,
      mensagem: mensagem as InboundInput['mensagem'],
    });
    return { input, clienteId: c!.id };
  }

  it('stores a well-formed message once per client id, opening the atendimento', async () => {
    const { input, clienteId } = await cliente();
    const first = await receiveFromCliente(t.ctx.db, input({ clientId: 'c-1', tipo: 'text', conteudo: 'Oi' }));
    const again = await receiveFromCliente(t.ctx.db, input({ clientId: 'c-1', tipo: 'text', conteudo: 'Oi' }));
    expect([first.opened, again.duplicate]).toEqual([true, true]);
    const rows = await t.ctx.db.select().from(mensagens).where(eq(mensagens.atendimentoId, first.atendimentoId));
    expect(rows.map((m) => m.conteudo)).toEqual(['Oi']);
    expect((await t.ctx.db.select().from(atendimentos).where(eq(atendimentos.clienteId, clienteId))).length).toBe(1);
  });

  it('stores a burst into an open conversation in order, each client id once, and counts only what is new', async () => {
    const { input } = await cliente();
    const first = await receiveFromCliente(t.ctx.db, input({ clientId: 'b-0', tipo: 'text', conteudo: 'primeira' }));
    // Submitted together: one batch, the conversation already open (one statement), a resend of a stored
    // message and the same new message twice among them.
    const burst = await Promise.all(
      [
        { clientId: 'b-1', conteudo: 'segunda' },
        { clientId: 'b-0', conteudo: 'primeira' },
        { clientId: 'b-2', conteudo: 'terceira' },
        { clientId: 'b-1', conteudo: 'segunda' },
        { clientId: 'b-3', conteudo: 'quarta' },
      ].map((m) => receiveFromCliente(t.ctx.db, input({ ...m, tipo: 'text' }))),
    );
    expect(burst.map((r) => [r.duplicate, r.opened, r.atendimentoId === first.atendimentoId])).toEqual([
      [false, false, true],
      [true, false, true],
      [false, false, true],
      [true, false, true],
      [false, false, true],
    ]);
    expect(burst[3]!.mensagens[0]!.id).toBe(burst[0]!.mensagens[0]!.id);
    expect(burst[1]!.mensagens[0]!.id).toBe(first.mensagens[0]!.id);
    const rows = await t.ctx.db.select().from(mensagens).where(eq(mensagens.atendimentoId, first.atendimentoId)).orderBy(mensagens.seq);
    expect(rows.map((m) => m.conteudo)).toEqual(['primeira', 'segunda', 'terceira', 'quarta']);
    const [a] = await t.ctx.db.select().from(atendimentos).where(eq(atendimentos.id, first.atendimentoId));
    expect([a!.mensagensNaoLidas, a!.ultimaMensagem]).toEqual([4, 'quarta']);
    expect(burst[4]!.row).toMatchObject({ mensagensNaoLidas: 4, ultimaMensagem: 'quarta', ultimaMensagemTipo: 'text' });
  });

  it('fails only the message that fails in a batch, the others stored and new (not duplicates) to whom sent them', async () => {
    const { input } = await cliente();
    await receiveFromCliente(t.ctx.db, input({ clientId: 'f-0', tipo: 'text', conteudo: 'aberta' }));
    // One batch: a message to the open conversation (the one statement, committed first) and one of a customer
    // that does not exist (its conversation cannot be opened: a foreign key).
    const gone = { ...input({ clientId: 'f-x', tipo: 'text', conteudo: 'de ninguém' }), clienteId: crypto.randomUUID() };
    const [ok, bad] = await Promise.allSettled([
      receiveFromCliente(t.ctx.db, input({ clientId: 'f-1', tipo: 'text', conteudo: 'segunda' })),
      receiveFromCliente(t.ctx.db, gone),
    ]);
    expect(ok.status === 'fulfilled' && [ok.value.duplicate, ok.value.mensagens[0]!.conteudo]).toEqual([false, 'segunda']);
    expect(bad.status).toBe('rejected');
  });

  it('answers each conversation as the batch left it, with what a row shows, as reading it again would', async () => {
    const { acc, canal } = await accountWithCanal();
    const dep = await acc.addDepartamento('Vendas');
    const atendente = await acc.addUser('atendente', { nome: 'Rita', departamentoId: dep.id });
    const [c] = await t.ctx.db
      .insert(clientes)
      .values({ accountId: acc.account.id, nome: 'Dora', numero: '+5511988887777', email: 'dora@x.local', identificador: 'd-1' })
      .returning();
    const input = (mensagem: InboundInput['mensagem']): InboundInput => ({
      canal: { id: canal.id, accountId: acc.account.id },
      clienteId: c!.id,
      origem: () => 'widget',
      departamentoId: null,
      mensagem,
    });
    const asRead = async (id: string) => presentAtendimento((await findAtendimento(t.ctx.db, acc.account.id, id))!);
    const first = await receiveFromCliente(t.ctx.db, input({ externalId: 'ext-1', tipo: 'text', conteudo: 'Oi' }));
    await t.ctx.db
      .update(atendimentos)
      .set({ status: 'em_atendimento', atendenteId: atendente.id, departamentoId: dep.id })
      .where(eq(atendimentos.id, first.atendimentoId));
    // The conversation is open: one statement takes the burst (new messages and a resend).
    const burst = await Promise.all(
      [
        { clientId: 'q-1', tipo: 'text' as const, conteudo: 'tudo bem?' },
        { externalId: 'ext-1', tipo: 'text' as const, conteudo: 'Oi' },
        { clientId: 'q-2', tipo: 'text' as const, conteudo: 'e o pedido?' },
      ].map((m) => receiveFromCliente(t.ctx.db, input(m))),
    );
    expect(burst.map((r) => r.duplicate)).toEqual([false, true, false]);
    const now = await asRead(first.atendimentoId);
    expect(now).toMatchObject({ atendenteNome: 'Rita', departamentoNome: 'Vendas', clienteNome: 'Dora', mensagensNaoLidas: 3 });
    for (const r of burst) expect([r.row, r.masterId]).toEqual([now, acc.master.id]);
    // A provider's late resend to a finished conversation answers it as it is, finished.
    await t.ctx.db.update(atendimentos).set({ status: 'finalizado', fim: new Date() }).where(eq(atendimentos.id, first.atendimentoId));
    const late = await receiveFromCliente(t.ctx.db, input({ externalId: 'ext-1', tipo: 'text', conteudo: 'Oi' }));
    expect([late.duplicate, late.row]).toEqual([true, await asRead(first.atendimentoId)]);
  });

  it("reads a batch's conversations as Drizzle's own mapping of the same select does, joined fields null or not", async () => {
    const { acc, canal } = await accountWithCanal();
    const dep = await acc.addDepartamento('Suporte');
    const atendente = await acc.addUser('atendente', { nome: 'Lia', departamentoId: dep.id });
    const customers = await t.ctx.db
      .insert(clientes)
      .values([
        { accountId: acc.account.id, nome: 'Eva', numero: '+5511977776666', avatarUrl: '/avatar/eva.png', identificador: 'e-1' },
        { accountId: acc.account.id, nome: 'Ivo', email: 'ivo@x.local' },
      ])
      .returning();
    const opened = await Promise.all(
      customers.map((c) =>
        receiveFromCliente(t.ctx.db, {
          canal: { id: canal.id, accountId: acc.account.id },
          clienteId: c.id,
          origem: () => 'widget',
          departamentoId: null,
          mensagem: { clientId: `m-${c.nome}`, tipo: 'text', conteudo: 'Olá' },
        }),
      ),
    );
    const ids = opened.map((o) => o.atendimentoId);
    await t.ctx.db
      .update(atendimentos)
      .set({ status: 'em_atendimento', atendenteId: atendente.id, departamentoId: dep.id, nota: 5 })
      .where(eq(atendimentos.id, ids[0]!));
    const byDrizzle = await selectAtendimentos(t.ctx.db, inArray(atendimentos.id, ids));
    const byId = <R extends { a: { id: string } }>(rows: R[]) => [...rows].sort((x, y) => x.a.id.localeCompare(y.a.id));
    const read = byId(await findAtendimentos(t.ctx.db, ids));
    expect(read).toEqual(byId(byDrizzle));
    expect(read.map((r) => [r.atendenteNome, r.departamentoNome].sort())).toContainEqual([null, null]);
    expect(read.map((r) => r.atendenteNome)).toContain('Lia');
  });

  it('opens a conversation for each new customer of a burst: tickets in order, a returning customer marked as such', async () => {
    const { acc, canal } = await accountWithCanal();
    const people = await t.ctx.db
      .insert(clientes)
      .values(['Ana', 'Bruno', 'Carla'].map((nome) => ({ accountId: acc.account.id, nome })))
      .returning();
    // Carla wrote before: her finished conversation makes the new one a return.
    await t.ctx.db.insert(atendimentos).values({
      accountId: acc.account.id,
      ticket: 900,
      clienteId: people[2]!.id,
      canalId: canal.id,
      origem: 'widget',
      status: 'finalizado',
    });
    const burst = await Promise.all(
      people.flatMap((c, n) =>
        [1, 2].map((k) =>
          receiveFromCliente(t.ctx.db, {
            canal: { id: canal.id, accountId: acc.account.id },
            clienteId: c.id,
            origem: (hadPrevious) => (hadPrevious ? 'widget-response' : 'widget'),
            departamentoId: null,
            mensagem: { clientId: `n-${n}-${k}`, tipo: 'text', conteudo: `${c.nome} ${k}` },
          }),
        ),
      ),
    );
    // Each customer's two messages join the one conversation opened for them.
    for (let k = 0; k < burst.length; k += 2) expect(burst[k + 1]!.atendimentoId).toBe(burst[k]!.atendimentoId);
    expect(new Set(burst.map((r) => r.atendimentoId)).size).toBe(3);
    const open = await t.ctx.db.select().from(atendimentos).where(eq(atendimentos.status, 'aguardando'));
    const mine = open.filter((a) => a.accountId === acc.account.id).sort((x, y) => x.ticket - y.ticket);
    expect(mine.map((a) => [a.clienteId, a.origem, a.mensagensNaoLidas])).toEqual([
      [people[0]!.id, 'widget', 2],
      [people[1]!.id, 'widget', 2],
      [people[2]!.id, 'widget-response', 2],
    ]);
    expect(mine[1]!.ticket - mine[0]!.ticket).toBe(1);
    expect(mine[2]!.ticket - mine[1]!.ticket).toBe(1);
  });

  it("keeps a 200-message batch's sorts small: no row carries the whole batch (the plan once sorted 5.8 MB on disk)", async () => {
    const { acc, canal } = await accountWithCanal();
    const people = await t.ctx.db
      .insert(clientes)
      .values(Array.from({ length: 100 }, (_, n) => ({ accountId: acc.account.id, nome: `C${n}` })))
      .returning();
    const item = (c: { id: string }, clientId: string) => ({
      canal: { id: canal.id, accountId: acc.account.id },
      clienteId: c.id,
      origem: () => 'widget' as const,
      departamentoId: null,
      mensagem: { clientId, tipo: 'text' as const, conteudo: `mensagem ${clientId}` },
    });
    await Promise.all(people.map((c) => receiveFromCliente(t.ctx.db, item(c, `abre-${c.id}`))));
    // The statement as it runs, its parameters written in, under EXPLAIN ANALYZE (it stores the batch).
    // Half of them as a WhatsApp driver hands them in (the provider's id and clock), half as the widget does.
    const batch = Array.from({ length: 200 }, (_, n) => {
      const i = item(people[n % people.length]!, `lote-${n}`);
      return n % 2
        ? i
        : { ...i, mensagem: { externalId: `wamid.lote-${n}`, tipo: 'text' as const, conteudo: `mensagem ${n}` }, escreveuEm: new Date() };
    });
    const { values } = inboundValues(batch);
    const q = new PgDialect().sqlToQuery(inboundStatementSql);
    const literal = (v: string) => `'${v.replaceAll("'", "''")}'`;
    const text = q.sql.replace(/\$(\d+)/g, (_, n) => literal(values[(q.params[Number(n) - 1] as Placeholder).name as keyof typeof values]));
    const res = (await t.ctx.db.execute(sql.raw(`explain (analyze, format json) ${text}`))) as unknown as {
      rows: Record<string, unknown>[];
    };
    type Node = { 'Node Type': string; 'Actual Rows'?: number; 'Sort Space Used'?: number; 'Sort Space Type'?: string; Plans?: Node[] };
    const all = (n: Node): Node[] => [n, ...(n.Plans ?? []).flatMap(all)];
    const raw = Object.values(res.rows[0]!)[0];
    const nodes = all((typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan as Node);
    expect(nodes.find((n) => n['Node Type'] === 'ModifyTable' && n['Actual Rows'] === 200)).toBeDefined();
    const sorts = nodes.filter((n) => n['Node Type'] === 'Sort');
    expect(sorts.length).toBeGreaterThan(0);
    for (const s of sorts) expect([s['Sort Space Type'], (s['Sort Space Used'] ?? 0) < 512]).toEqual(['Memory', true]);
  });

  it('updates its conversation in place: no index of atendimentos holds a column a message changes, and the list order follows', async () => {
    // A message's update of its atendimento is HOT only while no index names these columns (the list's order is
    // kept in atendimentos_ordem for that): an index on one of them would bring back a new entry in every
    // index for every message (see atendimentosOrdem).
    const written = ['ultima_mensagem_em', 'ultima_mensagem', 'ultima_mensagem_tipo', 'mensagens_nao_lidas', 'cliente_escreveu_em'];
    const res = (await t.ctx.db.execute(
      sql`select indexrelid::regclass::text as nome, pg_get_indexdef(indexrelid) as def from pg_index where indrelid = 'atendimentos'::regclass`,
    )) as unknown as { rows: { nome: string; def: string }[] };
    expect(res.rows.length).toBeGreaterThan(5);
    for (const { nome, def } of res.rows) expect([nome, written.filter((c) => def.includes(c))]).toEqual([nome, []]);

    const { input } = await cliente();
    const first = await receiveFromCliente(t.ctx.db, input({ clientId: 'o-1', tipo: 'text', conteudo: 'primeira' }));
    await receiveFromCliente(t.ctx.db, input({ clientId: 'o-2', tipo: 'text', conteudo: 'segunda' }));
    const [a] = await t.ctx.db.select().from(atendimentos).where(eq(atendimentos.id, first.atendimentoId));
    const [o] = await t.ctx.db.select().from(atendimentosOrdem).where(eq(atendimentosOrdem.atendimentoId, first.atendimentoId));
    expect(o).toEqual({ atendimentoId: a!.id, accountId: a!.accountId, status: a!.status, ultimaMensagemEm: a!.ultimaMensagemEm });
    await t.ctx.db.update(atendimentos).set({ status: 'finalizado' }).where(eq(atendimentos.id, a!.id));
    const [after] = await t.ctx.db.select().from(atendimentosOrdem).where(eq(atendimentosOrdem.atendimentoId, a!.id));
    expect(after!.status).toBe('finalizado');
  });

  it.each([
    ['a type no channel has', { clientId: 'x', tipo: 'sticker', conteudo: '' }],
    ['media without its address', { externalId: 'wamid.1', tipo: 'image', conteudo: '', midia: { mimeType: 'image/png' } }],
    ['a quote that is not one of our ids', { externalId: 'wamid.2', tipo: 'text', conteudo: 'x', respondendoA: 'wamid.HBgM' }],
    ['no text at all', { clientId: 'y', tipo: 'text' }],
  ])('refuses %s (400, in Portuguese) before writing anything', async (_what, mensagem) => {
    const { input, clienteId } = await cliente();
    const err = await receiveFromCliente(t.ctx.db, input(mensagem)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(400);
    expect((err as AppError).message).not.toMatch(/expected|invalid input/i);
    expect(await t.ctx.db.select().from(atendimentos).where(eq(atendimentos.clienteId, clienteId))).toEqual([]);
  });
});
