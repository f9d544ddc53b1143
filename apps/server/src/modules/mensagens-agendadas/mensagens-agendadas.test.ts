import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATENDIMENTO_TEXTS, type TMensagensPage } from '@balcao/shared/atendimentos';
import type { TCanalWhatsApp } from '@balcao/shared/canais';
import { MENSAGENS_AGENDADAS_TEXTS as T, type TMensagemAgendada, type TMensagemAgendadaPagina } from '@balcao/shared/mensagens-agendadas';
import { atendimentos, mensagens } from '../../db/schema/atendimentos';
import { mensagensAgendadas } from '../../db/schema/mensagens-agendadas';
import { licencas } from '../../db/schema/licencas';
import { LICENCA_TEXTS } from '@balcao/shared/licenca';
import { whatsappOf } from '../../channels/registry';
import { approvedTemplate, FakeGraph } from '../../test/fake-graph';
import { login, makeAccount } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { nextTicket } from '../atendimentos/service';
import { enviarAgendadasDevidas } from './scheduler';

const TOKEN = 'EAAJBtest-access-token-0123456789';
const PNID = '1122334455667';
const WABA = '1234567890987654321';
/** A wall-clock time of America/Sao_Paulo (UTC-3, the accounts' default zone) `ms` from now. */
const local = (ms: number) => new Date(Date.now() + ms - 3 * 3_600_000).toISOString().slice(0, 19);

describe.each(DB_KINDS)('scheduled messages on %s', (kind) => {
  let t: TestApp;
  let graph: FakeGraph;
  beforeAll(async () => {
    graph = await new FakeGraph(TOKEN, PNID).start();
    t = await createTestApp(kind, { whatsapp: { graphUrl: graph.baseUrl, graphVersion: 'v23.0' } });
  });
  afterAll(async () => {
    await whatsappOf(t.ctx).idle();
    await t.close();
    await graph.stop();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, auth: Record<string, string>, payload?: unknown) =>
    t.app.inject({ method, url, headers: auth, ...(payload !== undefined ? { payload: payload as object } : {}) });

  /** An account with a WhatsApp channel and a customer who wrote `wroteMsAgo` ago (null: never). */
  async function setup(wroteMsAgo: number | null = 60_000) {
    const acc = await makeAccount(t.ctx.db);
    const admin = await login(t.app, (await acc.addUser('admin')).email);
    const atendente = await login(t.app, (await acc.addUser('atendente')).email);
    const canalRes = await call('POST', '/backend/api/canais/whatsapp', admin.auth, {
      nome: 'WhatsApp Loja',
      phoneNumberId: graph.newNumber(),
      wabaId: WABA,
      accessToken: TOKEN,
      appSecret: 'TEST_APP_SECRET',
      verifyToken: 'vibecoding',
    });
    expect(canalRes.statusCode).toBe(201);
    const canal = canalRes.json() as TCanalWhatsApp;
    const numero = `+55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const cli = await call('POST', '/backend/api/clientes', admin.auth, { nome: 'Joana', numero });
    expect(cli.statusCode).toBe(201);
    const clienteId = (cli.json() as { id: string }).id;
    if (wroteMsAgo !== null) {
      // A finished conversation in which the customer last wrote then: the window is the customer's, not the ticket's.
      await t.ctx.db.insert(atendimentos).values({
        accountId: acc.account.id,
        ticket: await nextTicket(t.ctx.db, acc.account.id),
        clienteId,
        canalId: canal.id,
        origem: 'whatsapp',
        status: 'finalizado',
        fim: new Date(),
        clienteEscreveuEm: new Date(Date.now() - wroteMsAgo),
      });
    }
    const body = (patch: Record<string, unknown> = {}) => ({
      clienteId,
      canalId: canal.id,
      conteudo: 'Lembrete: sua consulta é amanhã.',
      dataEnvio: local(60_000),
      recorrencia: { tipo: 'unica' },
      ativo: true,
      ...patch,
    });
    return { acc, admin, atendente, canal, clienteId, body };
  }

  const sendsWith = (text: string) => graph.sends().filter((c) => JSON.stringify(c.body).includes(text));

  it('save, get, list with its defaults and filters, activate, delete', async () => {
    const s = await setup();
    const saved = await call('POST', '/backend/mensagemagendada/save', s.admin.auth, s.body());
    expect(saved.statusCode).toBe(200);
    const ag = saved.json() as TMensagemAgendada;
    expect(ag).toMatchObject({
      status: 'ativa',
      ativo: true,
      clienteNome: 'Joana',
      canalNome: 'WhatsApp Loja',
      ultimoResultado: null,
      envios: 0,
    });
    expect(Date.parse(ag.proximoEnvio!)).toBeGreaterThan(Date.now());
    expect((await call('GET', `/backend/mensagemagendada/get/${ag.id}`, s.admin.auth)).json()).toEqual(ag);

    for (let i = 0; i < 11; i++)
      await call('POST', '/backend/mensagemagendada/save', s.admin.auth, s.body({ conteudo: `Aviso ${i}`, ativo: i % 2 === 0 }));
    const first = (await call('POST', '/backend/mensagemagendada/list', s.admin.auth, {})).json() as TMensagemAgendadaPagina;
    expect(first.total).toBe(12);
    expect(first.lista).toHaveLength(10);
    const second = (
      await call('POST', '/backend/mensagemagendada/list?page=2&take=10', s.admin.auth, {})
    ).json() as TMensagemAgendadaPagina;
    expect(second.lista).toHaveLength(2);
    const inativas = (
      await call('POST', '/backend/mensagemagendada/list?take=50', s.admin.auth, { status: 'inativa' })
    ).json() as TMensagemAgendadaPagina;
    expect(inativas.total).toBe(5);
    expect(inativas.lista.every((m) => !m.ativo && m.status === 'inativa')).toBe(true);
    const texto = (
      await call('POST', '/backend/mensagemagendada/list', s.admin.auth, { pesquisa: 'consulta' })
    ).json() as TMensagemAgendadaPagina;
    expect(texto.lista.map((m) => m.id)).toEqual([ag.id]);
    const porCliente = (
      await call('POST', '/backend/mensagemagendada/list', s.admin.auth, { clienteId: s.clienteId })
    ).json() as TMensagemAgendadaPagina;
    expect(porCliente.total).toBe(12);

    const off = await call('POST', `/backend/mensagemagendada/ativar/${ag.id}`, s.admin.auth, { ativo: false });
    expect(off.json()).toEqual({ ativo: false, proximoEnvio: null });
    const on = await call('POST', `/backend/mensagemagendada/ativar/${ag.id}`, s.admin.auth, { ativo: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().proximoEnvio).toBe(ag.proximoEnvio);

    const diaria = (
      await call(
        'POST',
        '/backend/mensagemagendada/save',
        s.admin.auth,
        s.body({ dataEnvio: '2020-01-01T08:00', recorrencia: { tipo: 'diaria' }, ativo: false }),
      )
    ).json() as TMensagemAgendada;
    expect(diaria.status).toBe('inativa');
    const act = (await call('POST', `/backend/mensagemagendada/ativar/${diaria.id}`, s.admin.auth, { ativo: true })).json();
    // 08:00 in São Paulo is 11:00Z, the next one after now.
    expect(act.proximoEnvio).toMatch(/T11:00:00\.000Z$/);
    expect(Date.parse(act.proximoEnvio) - Date.now()).toBeLessThanOrEqual(86_400_000);

    expect((await call('DELETE', `/backend/mensagemagendada/delete/${ag.id}`, s.admin.auth)).statusCode).toBe(204);
    expect((await call('GET', `/backend/mensagemagendada/get/${ag.id}`, s.admin.auth)).statusCode).toBe(404);
  });

  it('validation answers 400 with errors{} whose first entry is the field’s text; roles and other accounts', async () => {
    const s = await setup();
    const bad = async (patch: Record<string, unknown>) => {
      const r = await call('POST', '/backend/mensagemagendada/save', s.admin.auth, s.body(patch));
      expect(r.statusCode).toBe(400);
      const b = r.json() as { message: string; errors: Record<string, string[]> };
      // What the web app shows (spec part 2 §8): the first message of the first entry of errors.
      return Object.values(b.errors)[0]![0];
    };
    expect(await bad({ conteudo: '' })).toBe(T.conteudoVazio);
    expect(await bad({ conteudo: '   ' })).toBe(T.conteudoVazio);
    expect(await bad({ dataEnvio: '' })).toBe(T.dataVazia);
    expect(await bad({ dataEnvio: '2026-02-30T10:00' })).toBe(T.dataInvalida);
    expect(await bad({ dataEnvio: '2026-11-24T10:00:00Z' })).toBe(T.dataInvalida);
    expect(await bad({ dataEnvio: local(-3_600_000) })).toBe(T.dataPassada);
    expect(await bad({ recorrencia: { tipo: 'mensal', diaMes: 32 } })).toBe(T.diaMesInvalido);
    expect(await bad({ recorrencia: { tipo: 'semanal', diasSemana: [] } })).toBe(T.diasSemanaVazio);
    expect(await bad({ clienteId: 'x' })).toBe(T.clienteVazio);
    // Sent later as a staff message: its media is an upload of this account, never a link the server would fetch.
    const fora = { url: 'http://169.254.169.254/latest/meta-data', mimeType: 'image/jpeg', filename: 'x.jpg', size: 10 };
    expect(await bad({ midia: fora })).toBe(ATENDIMENTO_TEXTS.anexoNaoEncontrado);

    expect((await call('POST', '/backend/mensagemagendada/save', s.atendente.auth, s.body())).statusCode).toBe(403);
    expect((await call('POST', '/backend/mensagemagendada/list', s.atendente.auth, {})).statusCode).toBe(403);
    const user = await login(t.app, (await s.acc.addUser('user')).email);
    expect((await call('POST', '/backend/mensagemagendada/list', user.auth, {})).statusCode).toBe(403);

    const ag = (await call('POST', '/backend/mensagemagendada/save', s.admin.auth, s.body())).json() as TMensagemAgendada;
    const other = await setup();
    for (const [m, u, b] of [
      ['GET', `/backend/mensagemagendada/get/${ag.id}`, undefined],
      ['DELETE', `/backend/mensagemagendada/delete/${ag.id}`, undefined],
      ['POST', `/backend/mensagemagendada/ativar/${ag.id}`, { ativo: false }],
      ['POST', '/backend/mensagemagendada/save', { ...s.body(), id: ag.id }],
    ] as const)
      expect((await call(m, u, other.admin.auth, b)).statusCode).toBe(404);
    // Another account's customer or channel in a save.
    expect(
      (await call('POST', '/backend/mensagemagendada/save', other.admin.auth, other.body({ clienteId: s.clienteId }))).statusCode,
    ).toBe(404);
    expect((await call('POST', '/backend/mensagemagendada/save', other.admin.auth, other.body({ canalId: s.canal.id }))).statusCode).toBe(
      404,
    );
    expect(((await call('POST', '/backend/mensagemagendada/list', other.admin.auth, {})).json() as TMensagemAgendadaPagina).total).toBe(0);
  });

  it('a due message is sent once, appears in the customer’s conversation marked as scheduled, and a daily one moves on', async () => {
    const s = await setup();
    const texto = `Sua consulta ${Math.random()}`;
    const ag = (
      await call('POST', '/backend/mensagemagendada/save', s.admin.auth, s.body({ conteudo: texto, dataEnvio: local(2_000) }))
    ).json() as TMensagemAgendada;
    const diaria = (
      await call(
        'POST',
        '/backend/mensagemagendada/save',
        s.admin.auth,
        s.body({ conteudo: `${texto} diária`, dataEnvio: local(2_000), recorrencia: { tipo: 'diaria' } }),
      )
    ).json() as TMensagemAgendada;
    // Not yet due.
    expect(await enviarAgendadasDevidas(t.ctx)).toBe(0);
    const later = () => new Date(Date.now() + 5_000);
    expect(await enviarAgendadasDevidas(t.ctx, later)).toBe(2);
    expect(await enviarAgendadasDevidas(t.ctx, later)).toBe(0);
    await whatsappOf(t.ctx).idle();
    expect(sendsWith(texto).filter((c) => !JSON.stringify(c.body).includes('diária'))).toHaveLength(1);
    expect(sendsWith(`${texto} diária`)).toHaveLength(1);

    const sent = (await call('GET', `/backend/mensagemagendada/get/${ag.id}`, s.admin.auth)).json() as TMensagemAgendada;
    expect(sent).toMatchObject({ status: 'concluida', proximoEnvio: null, ultimoResultado: 'enviada', envios: 1, ultimoErro: null });
    const d = (await call('GET', `/backend/mensagemagendada/get/${diaria.id}`, s.admin.auth)).json() as TMensagemAgendada;
    expect(d.status).toBe('ativa');
    expect(Date.parse(d.proximoEnvio!) - Date.parse(diaria.proximoEnvio!)).toBe(86_400_000);

    // One open atendimento for the customer now holds both, marked as scheduled, from the admin who wrote them.
    const abertos = await t.ctx.db
      .select()
      .from(atendimentos)
      .where(and(eq(atendimentos.clienteId, s.clienteId), eq(atendimentos.status, 'aguardando')));
    expect(abertos).toHaveLength(1);
    const page = (await call('GET', `/backend/api/atendimento/${abertos[0]!.id}/mensagens`, s.admin.auth)).json() as TMensagensPage;
    const agendadas = page.mensagens.filter((m) => m.agendada);
    expect(agendadas.map((m) => m.conteudo).sort()).toEqual([texto, `${texto} diária`].sort());
    expect(agendadas.every((m) => m.autor === 'atendente' && m.status === 'sent')).toBe(true);
  });

  it('an expired licence sends nothing: the row says why and backs off', async () => {
    const s = await setup();
    const ag = (
      await call('POST', '/backend/mensagemagendada/save', s.admin.auth, s.body({ dataEnvio: local(1_000) }))
    ).json() as TMensagemAgendada;
    await t.ctx.db
      .update(licencas)
      .set({ dataVencimento: new Date(Date.now() - 60_000) })
      .where(eq(licencas.accountId, s.acc.account.id));
    const before = graph.sends().length;
    expect(await enviarAgendadasDevidas(t.ctx, () => new Date(Date.now() + 2_000))).toBe(1);
    await whatsappOf(t.ctx).idle();
    expect(graph.sends().length).toBe(before);
    const row = (await call('GET', `/backend/mensagemagendada/get/${ag.id}`, s.admin.auth)).json() as TMensagemAgendada;
    expect(row).toMatchObject({ status: 'ativa', ultimoResultado: 'falhou', ultimoErro: LICENCA_TEXTS.expirada, envios: 0 });
  });

  it('failures are tried again with a doubling back-off, shown on the row; after the last try a one-off ends with its reason and a daily one moves on', async () => {
    const s = await setup(25 * 3_600_000);
    const texto = `Sem modelo ${Math.random()}`;
    const save = async (recorrencia: Record<string, unknown>) =>
      (
        await call(
          'POST',
          '/backend/mensagemagendada/save',
          s.admin.auth,
          s.body({ conteudo: texto, dataEnvio: local(1_000), recorrencia }),
        )
      ).json() as TMensagemAgendada;
    const unica = await save({ tipo: 'unica' });
    const diaria = await save({ tipo: 'diaria' });
    const get = async (id: string) => (await call('GET', `/backend/mensagemagendada/get/${id}`, s.admin.auth)).json() as TMensagemAgendada;
    let agora = Date.now() + 2_000;
    const esperas: number[] = [];
    for (let tentativa = 1; tentativa <= 5; tentativa++) {
      // (A pass serves every account: other tests' rows may be due too, so this one's rows are read back.)
      await enviarAgendadasDevidas(t.ctx, () => new Date(agora));
      const row = await get(unica.id);
      expect(row).toMatchObject({ status: 'ativa', ultimoResultado: 'falhou', ultimoErro: T.foraDaJanela, envios: 0 });
      // Not again until its time.
      await enviarAgendadasDevidas(t.ctx, () => new Date(agora + 1_000));
      expect((await get(unica.id)).proximaTentativaEm).toBe(row.proximaTentativaEm);
      const proxima = new Date(row.proximaTentativaEm!).getTime();
      esperas.push(proxima - agora);
      agora = proxima + 1_000;
    }
    expect(esperas).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
    // The sixth failure is the last: the one-off is given up (concluded, the reason stays), the daily one waits for tomorrow.
    await enviarAgendadasDevidas(t.ctx, () => new Date(agora));
    expect(await get(unica.id)).toMatchObject({
      status: 'concluida',
      proximoEnvio: null,
      proximaTentativaEm: null,
      ultimoErro: T.foraDaJanela,
    });
    const d = await get(diaria.id);
    expect(d).toMatchObject({ status: 'ativa', proximaTentativaEm: null, ultimoErro: T.foraDaJanela });
    const amanha = new Date(d.proximoEnvio!).getTime() - new Date(diaria.proximoEnvio!).getTime();
    expect(amanha).toBe(86_400_000);
    expect(sendsWith(texto)).toHaveLength(0);
  });

  it('outside the 24-hour window: without a template it fails with the reason and backs off; with one it goes as the template', async () => {
    const s = await setup(25 * 3_600_000);
    const texto = `Fora da janela ${Math.random()}`;
    const ag = (
      await call('POST', '/backend/mensagemagendada/save', s.admin.auth, s.body({ conteudo: texto, dataEnvio: local(1_000) }))
    ).json() as TMensagemAgendada;
    const at = (ms: number) => () => new Date(Date.now() + ms);
    expect(await enviarAgendadasDevidas(t.ctx, at(2_000))).toBe(1);
    let row = (await call('GET', `/backend/mensagemagendada/get/${ag.id}`, s.admin.auth)).json() as TMensagemAgendada;
    expect(row).toMatchObject({ status: 'ativa', ultimoResultado: 'falhou', ultimoErro: T.foraDaJanela, envios: 0 });
    // Backing off: not tried again at once.
    expect(await enviarAgendadasDevidas(t.ctx, at(3_000))).toBe(0);
    const [db] = await t.ctx.db.select().from(mensagensAgendadas).where(eq(mensagensAgendadas.id, ag.id));
    expect(db!.tentativas).toBe(1);
    expect(db!.proximaTentativaEm!.getTime()).toBeGreaterThan(Date.now() + 20_000);

    graph.templates = [
      approvedTemplate('lembrete_consulta', 'Olá {{1}}, sua consulta é {{2}}.'),
      { name: 'rascunho', language: 'pt_BR', status: 'PENDING', components: [] },
    ];
    const modelos = await call('GET', `/backend/mensagemagendada/modelos/${s.canal.id}`, s.admin.auth);
    expect(modelos.json()).toEqual([
      { nome: 'lembrete_consulta', idioma: 'pt_BR', categoria: 'UTILITY', corpo: 'Olá {{1}}, sua consulta é {{2}}.', variaveis: 2 },
    ]);
    const modelo = { nome: 'lembrete_consulta', idioma: 'pt_BR', variaveis: ['Joana', 'amanhã'] };
    await call(
      'POST',
      '/backend/mensagemagendada/save',
      s.admin.auth,
      s.body({ id: ag.id, conteudo: 'Olá Joana, sua consulta é amanhã.', dataEnvio: local(1_000), modelo }),
    );
    expect(await enviarAgendadasDevidas(t.ctx, at(2_000))).toBe(1);
    await whatsappOf(t.ctx).idle();
    const tpl = graph.sends().filter((c) => (c.body as { type?: string }).type === 'template');
    expect(tpl.at(-1)!.body).toMatchObject({
      type: 'template',
      template: {
        name: 'lembrete_consulta',
        language: { code: 'pt_BR' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Joana' },
              { type: 'text', text: 'amanhã' },
            ],
          },
        ],
      },
    });
    row = (await call('GET', `/backend/mensagemagendada/get/${ag.id}`, s.admin.auth)).json() as TMensagemAgendada;
    expect(row).toMatchObject({ status: 'concluida', ultimoResultado: 'enviada', ultimoErro: null, envios: 1 });
    const [m] = await t.ctx.db.select().from(mensagens).where(eq(mensagens.agendadaId, ag.id));
    expect(m).toMatchObject({ conteudo: 'Olá Joana, sua consulta é amanhã.', status: 'sent' });
  });
});
