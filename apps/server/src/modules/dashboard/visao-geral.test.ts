import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accounts } from '../../db/schema/accounts';
import { atendimentos, clientes } from '../../db/schema/atendimentos';
import { makeCanal, makeVisitor } from '../../test/atendimentos-fixtures';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { login, makeAccount } from '../../test/factories';
import { binMinutes, visaoGeral } from './visao-geral';

/** The overview's figures against atendimentos this test made, in the account's zone (São Paulo, UTC-3). */
describe.each(DB_KINDS)('overview dashboard on %s', (kind) => {
  let t: TestApp;
  let acc: Awaited<ReturnType<typeof makeAccount>>;
  let admin: Record<string, string>;
  let suporte: { id: string };
  let x: { id: string };
  let y: { id: string };
  beforeAll(async () => {
    t = await createTestApp(kind);
    acc = await makeAccount(t.ctx.db);
    suporte = await acc.addDepartamento('Suporte');
    x = await acc.addUser('atendente', { nome: 'Xavier', departamentoId: suporte.id });
    y = await acc.addUser('atendente', { nome: 'Yara' });
    await acc.addUser('user');
    const a = await acc.addUser('admin', { nome: 'Adm' });
    admin = (await login(t.app, a.email)).auth;
    const canal = await makeCanal(t, admin);
    let ticket = 1000;
    const add = async (v: {
      inicio: string;
      origem: 'widget' | 'whatsapp';
      dep?: string;
      at?: string;
      status: 'aguardando' | 'em_atendimento' | 'finalizado';
      fim?: string;
      nota?: number;
      resposta?: string;
    }) => {
      const [c] = await t.ctx.db
        .insert(clientes)
        .values({ accountId: acc.account.id, nome: `Cliente ${ticket}` })
        .returning();
      await t.ctx.db.insert(atendimentos).values({
        accountId: acc.account.id,
        ticket: ticket++,
        clienteId: c!.id,
        canalId: canal.id,
        origem: v.origem,
        status: v.status,
        atendenteId: v.at ?? null,
        departamentoId: v.dep ?? null,
        inicio: new Date(v.inicio),
        fim: v.fim ? new Date(v.fim) : null,
        nota: v.nota ?? null,
        primeiraRespostaEm: v.resposta ? new Date(v.resposta) : null,
      });
    };
    // A1: 10/03 09:00 local, widget, Suporte, X; finished after 30 min, rated 5, first answer after 2 min.
    await add({
      inicio: '2026-03-10T12:00:00Z',
      origem: 'widget',
      dep: suporte.id,
      at: x.id,
      status: 'finalizado',
      fim: '2026-03-10T12:30:00Z',
      nota: 5,
      resposta: '2026-03-10T12:02:00Z',
    });
    // A2: 10/03 23:30 local (11/03 in UTC), WhatsApp, no department, Y; 1 h, rated 3, first answer after 4 min.
    await add({
      inicio: '2026-03-11T02:30:00Z',
      origem: 'whatsapp',
      at: y.id,
      status: 'finalizado',
      fim: '2026-03-11T03:30:00Z',
      nota: 3,
      resposta: '2026-03-11T02:34:00Z',
    });
    // A3: 12/03 11:00 local, WhatsApp, Suporte, X, in progress, not answered yet.
    await add({ inicio: '2026-03-12T14:00:00Z', origem: 'whatsapp', dep: suporte.id, at: x.id, status: 'em_atendimento' });
    // A4: started 09/03 (before the period), finished 10/03 by X, not rated.
    await add({
      inicio: '2026-03-09T12:00:00Z',
      origem: 'widget',
      dep: suporte.id,
      at: x.id,
      status: 'finalizado',
      fim: '2026-03-10T13:00:00Z',
    });
    // A5: 13/03 00:30 local (after the period), waiting in Suporte.
    await add({ inicio: '2026-03-13T03:30:00Z', origem: 'widget', dep: suporte.id, status: 'aguardando' });
    // A6: 11/03 12:00 local, widget, no department, waiting.
    await add({ inicio: '2026-03-11T15:00:00Z', origem: 'widget', status: 'aguardando' });
  });
  afterAll(() => t.close());

  const get = (qs: string, auth = admin) => t.app.inject({ method: 'GET', url: `/backend/api/dashboard/visao-geral?${qs}`, headers: auth });
  const range = 'periodo=personalizado&dataInicio=2026-03-10&dataFim=2026-03-12';

  it('cards, per day by channel, per hour, per department and per attendant match the atendimentos', async () => {
    const res = await get(range);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.periodo).toEqual({
      dataInicio: '2026-03-10',
      dataFim: '2026-03-12',
      inicio: '2026-03-10T03:00:00.000Z',
      fim: '2026-03-13T03:00:00.000Z',
      timeZone: 'America/Sao_Paulo',
    });
    expect(d.cards).toEqual({
      abertos: 4,
      finalizados: 3,
      aguardandoAgora: 2,
      tempoMedioPrimeiraResposta: 180,
      tempoMedioAtendimento: 31800,
      notaMedia: 4,
      avaliacoes: 2,
    });
    expect(d.porDia).toEqual([
      { dia: '2026-03-10', total: 2, widget: 1, whatsapp: 1 },
      { dia: '2026-03-11', total: 1, widget: 1, whatsapp: 0 },
      { dia: '2026-03-12', total: 1, widget: 0, whatsapp: 1 },
    ]);
    expect(d.porHora).toHaveLength(24);
    expect(d.porHora.filter((h: { total: number }) => h.total > 0)).toEqual([
      { hora: 9, total: 1 },
      { hora: 11, total: 1 },
      { hora: 12, total: 1 },
      { hora: 23, total: 1 },
    ]);
    expect(d.porDepartamento).toEqual([
      { departamentoId: suporte.id, nome: 'Suporte', abertos: 2, finalizados: 2 },
      { departamentoId: null, nome: 'Sem departamento', abertos: 2, finalizados: 1 },
    ]);
    expect(d.atendentes.map((a: { nome: string }) => a.nome)).toEqual(['Xavier', 'Yara', 'Adm']);
    expect(d.atendentes[0]).toEqual({
      id: x.id,
      nome: 'Xavier',
      fotoUrl: null,
      finalizados: 2,
      tempoMedioAtendimento: 45900,
      notaMedia: 5,
      avaliacoes: 1,
      online: false,
    });
    expect(d.atendentes[1]).toMatchObject({ id: y.id, finalizados: 1, tempoMedioAtendimento: 3600, notaMedia: 3, avaliacoes: 1 });
    expect(d.atendentes[2]).toMatchObject({ nome: 'Adm', finalizados: 0, tempoMedioAtendimento: null, notaMedia: null, online: true });
  });

  it('filters by department and by attendant', async () => {
    const dep = (await get(`${range}&departamentoId=${suporte.id}`)).json();
    expect(dep.cards).toMatchObject({ abertos: 2, finalizados: 2, aguardandoAgora: 1, notaMedia: 5, avaliacoes: 1 });
    expect(dep.atendentes.map((a: { id: string }) => a.id)).toEqual([x.id]);
    const at = (await get(`${range}&atendenteId=${y.id}`)).json();
    expect(at.cards).toMatchObject({ abertos: 1, finalizados: 1, aguardandoAgora: 0, tempoMedioAtendimento: 3600 });
    expect(at.porDia.map((r: { total: number }) => r.total)).toEqual([1, 0, 0]);
  });

  it('Dia, Semana and Mês end today in the account zone (spec part 1 §9); another zone moves the days', async () => {
    const now = new Date('2026-03-12T15:00:00Z');
    const dia = await visaoGeral(t.ctx.db, acc.account.id, { periodo: 'dia' }, now);
    expect([dia.periodo.dataInicio, dia.periodo.dataFim, dia.cards.abertos]).toEqual(['2026-03-12', '2026-03-12', 1]);
    const semana = await visaoGeral(t.ctx.db, acc.account.id, { periodo: 'semana' }, now);
    expect([semana.periodo.dataInicio, semana.porDia.length, semana.cards.abertos]).toEqual(['2026-03-06', 7, 5]);
    const mes = await visaoGeral(t.ctx.db, acc.account.id, { periodo: 'mes' }, now);
    expect([mes.periodo.dataInicio, mes.porDia.length]).toEqual(['2026-02-11', 30]);
    await t.ctx.db.update(accounts).set({ timeZone: 'UTC' }).where(eq(accounts.id, acc.account.id));
    const utc = await visaoGeral(
      t.ctx.db,
      acc.account.id,
      { periodo: 'personalizado', dataInicio: '2026-03-10', dataFim: '2026-03-10' },
      now,
    );
    expect(utc.cards.abertos).toBe(1); // A2 is 11/03 in UTC
    expect(utc.porHora.find((h) => h.total > 0)).toEqual({ hora: 12, total: 1 });
    await t.ctx.db.update(accounts).set({ timeZone: 'America/Sao_Paulo' }).where(eq(accounts.id, acc.account.id));
  });

  it('puts each atendimento in its local hour in zones a half or quarter hour off UTC (India, Nepal)', async () => {
    const other = await makeAccount(t.ctx.db);
    const master = (await login(t.app, other.master.email)).auth;
    const canal = await makeCanal(t, master);
    let ticket = 1;
    for (const inicio of ['2026-03-10T02:20:00Z', '2026-03-10T02:35:00Z']) {
      const [c] = await t.ctx.db
        .insert(clientes)
        .values({ accountId: other.account.id, nome: `Cliente ${ticket}` })
        .returning();
      await t.ctx.db.insert(atendimentos).values({
        accountId: other.account.id,
        ticket: ticket++,
        clienteId: c!.id,
        canalId: canal.id,
        origem: 'widget',
        inicio: new Date(inicio),
      });
    }
    const horas = async (timeZone: string) => {
      await t.ctx.db.update(accounts).set({ timeZone }).where(eq(accounts.id, other.account.id));
      const d = await visaoGeral(t.ctx.db, other.account.id, { periodo: 'personalizado', dataInicio: '2026-03-09', dataFim: '2026-03-10' });
      return d.porHora.filter((h) => h.total > 0);
    };
    // 02:20 and 02:35 UTC: 07:50 and 08:05 in India (+05:30), 08:05 and 08:20 in Nepal (+05:45), 23:20 and 23:35 in São Paulo.
    expect(await horas('Asia/Kolkata')).toEqual([
      { hora: 7, total: 1 },
      { hora: 8, total: 1 },
    ]);
    expect(await horas('Asia/Kathmandu')).toEqual([{ hora: 8, total: 2 }]);
    expect(await horas('America/Sao_Paulo')).toEqual([{ hora: 23, total: 2 }]);
  });

  it('groups by the widest bucket that stays within a local hour on every day of the period', () => {
    expect(binMinutes('America/Sao_Paulo', '2026-01-01', '2026-12-31')).toBe(60);
    expect(binMinutes('UTC', '2026-03-10', '2026-03-10')).toBe(60);
    expect(binMinutes('America/St_Johns', '2026-03-10', '2026-03-10')).toBe(30);
    expect(binMinutes('Asia/Kolkata', '2026-03-10', '2026-03-10')).toBe(30);
    expect(binMinutes('Asia/Kathmandu', '2026-03-10', '2026-03-10')).toBe(15);
    // Lord Howe Island: +11:00 in its summer, +10:30 from April.
    expect(binMinutes('Australia/Lord_Howe', '2026-12-01', '2026-12-31')).toBe(60);
    expect(binMinutes('Australia/Lord_Howe', '2026-03-20', '2026-04-20')).toBe(30);
  });

  it('refuses a custom range without dates, inverted or over a year, in Portuguese', async () => {
    const none = await get('periodo=personalizado');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Informe o início e o fim do período.');
    expect((await get('periodo=personalizado&dataInicio=2026-03-12&dataFim=2026-03-10')).json().message).toBe(
      'O início do período deve ser antes do fim.',
    );
    expect((await get('periodo=personalizado&dataInicio=2024-01-01&dataFim=2026-03-10')).json().message).toBe(
      'Escolha um período de no máximo 366 dias.',
    );
    expect((await get('periodo=personalizado&dataInicio=2026-02-30&dataFim=2026-03-10')).statusCode).toBe(400);
  });

  it("an attendant's first message records the first response once", async () => {
    const canal = await makeCanal(t, admin, { nome: 'Outro site' });
    await (await makeVisitor(t, canal)).send('olá');
    const [a] = await t.ctx.db.select().from(atendimentos).where(eq(atendimentos.canalId, canal.id));
    expect(a!.primeiraRespostaEm).toBeNull();
    expect((await t.app.inject({ method: 'POST', url: `/backend/api/atendimento/${a!.id}/aceitar`, headers: admin })).statusCode).toBe(200);
    const send = (conteudo: string) =>
      t.app.inject({
        method: 'POST',
        url: `/backend/api/atendimento/${a!.id}/mensagens`,
        headers: admin,
        payload: { clientId: randomUUID(), atendimentoId: a!.id, conteudo },
      });
    expect((await send('bom dia')).statusCode).toBe(201);
    const [first] = await t.ctx.db.select().from(atendimentos).where(eq(atendimentos.id, a!.id));
    expect(first!.primeiraRespostaEm).not.toBeNull();
    await send('posso ajudar?');
    const [later] = await t.ctx.db.select().from(atendimentos).where(eq(atendimentos.id, a!.id));
    expect(later!.primeiraRespostaEm).toEqual(first!.primeiraRespostaEm);
  });
});
