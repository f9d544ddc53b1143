import { asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTOMATICO_TEXTS as T } from '@balcao/shared/atendimento-automatico';
import { visitorSend } from '../../channels/widget/send';
import { findCanalByToken, startSession } from '../../channels/widget/service';
import { atendimentos, mensagens } from '../../db/schema/atendimentos';
import { makeCanal } from '../../test/atendimentos-fixtures';
import { login } from '../../test/factories';
import { DB_KINDS } from '../../test/harness';
import { whatsappTestApp } from '../../test/whatsapp-channel';
import { loja, sentTo } from './testing';

const H = '/backend/api/atendimento-automatico';
const TODO_DIA = Array.from({ length: 7 }, (_, dia) => ({ dia, periodos: [{ inicio: '00:00', fim: '23:59' }] }));

describe.each(DB_KINDS)('automatic service on %s', (kind) => {
  const s = whatsappTestApp(kind);
  const sent = (texto: string) => sentTo(s.graph, texto);

  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers while closed once per conversation per closed period, and the row says so', async () => {
    const l = await loja(s.t, s.graph);
    const fora = `Fechados agora ${l.canal.id}`;
    // Weekdays 08:00–18:00 in São Paulo.
    const dias = [1, 2, 3, 4, 5].map((dia) => ({ dia, periodos: [{ inicio: '08:00', fim: '18:00' }] }));
    await l.call('PUT', `${H}/horarios`, { dias, feriados: [], mensagemForaDoHorario: fora });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-02T23:00:00Z')); // Wednesday 20:00
    await l.escreve('5571988880001', 'oi, estão abertos?');
    await l.escreve('5571988880001', 'alô?');
    vi.setSystemTime(new Date('2026-12-03T10:30:00Z')); // Thursday 07:30: the same closed period
    await l.escreve('5571988880001', 'bom dia?');
    expect(sent(fora)).toBe(1);
    vi.setSystemTime(new Date('2026-12-03T13:00:00Z')); // Thursday 10:00: open
    await l.escreve('5571988880001', 'e agora?');
    expect(sent(fora)).toBe(1);
    vi.setSystemTime(new Date('2026-12-03T22:00:00Z')); // Thursday 19:00: a new closed period
    await l.escreve('5571988880001', 'de noite de novo');
    expect(sent(fora)).toBe(2);
    const { row, msgs } = await l.linhas('0001');
    expect(row!.foraDoHorarioEm).toBe('2026-12-03T22:00:00.000Z');
    expect(msgs.filter((m) => m.conteudo === fora).map((m) => [m.autor, m.status])).toEqual([
      ['sistema', 'sent'],
      ['sistema', 'sent'],
    ]);
    // The conversation waits in its queue as usual.
    expect(row!.status).toBe('aguardando');
  });

  it('closes on a holiday', async () => {
    const l = await loja(s.t, s.graph);
    const fora = `Feriado ${l.canal.id}`;
    await l.call('PUT', `${H}/horarios`, { dias: TODO_DIA, feriados: ['2026-12-25'], mensagemForaDoHorario: fora });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-25T15:00:00Z'));
    await l.escreve('5571988880002', 'feliz natal');
    expect(sent(fora)).toBe(1);
    vi.setSystemTime(new Date('2026-12-26T15:00:00Z'));
    await l.escreve('5571988880002', 'e hoje?');
    expect(sent(fora)).toBe(1);
  });

  it('routes by the welcome menu: invalid, 0, then the text of an option without accents', async () => {
    const l = await loja(s.t, s.graph);
    const vendas = await l.acc.addDepartamento('Vendas');
    const suporte = await l.acc.addDepartamento('Suporte');
    const saudacao = `Olá ${l.canal.id}! Escolha uma opção`;
    const invalida = `Não entendi ${l.canal.id}`;
    await l.call('PUT', `${H}/horarios`, { dias: TODO_DIA, feriados: [], mensagemForaDoHorario: 'fora' });
    const menu = await l.call('PUT', `${H}/menu/${l.canal.id}`, {
      ativo: true,
      saudacao,
      mensagemOpcaoInvalida: invalida,
      tentativas: 3,
      opcoes: [
        { numero: 2, texto: 'Suporte Técnico', departamentoId: suporte.id },
        { numero: 1, texto: 'Vendas', departamentoId: vendas.id },
      ],
    });
    expect(menu.opcoes.map((o: { numero: number }) => o.numero)).toEqual([1, 2]);
    await l.escreve('5571988880003', 'bom dia');
    expect(sent(saudacao)).toBe(1);
    await l.escreve('5571988880003', '9');
    expect(sent(invalida)).toBe(1);
    expect(sent(saudacao)).toBe(2);
    await l.escreve('5571988880003', '0');
    expect(sent(saudacao)).toBe(3);
    expect(sent(invalida)).toBe(1);
    await l.escreve('5571988880003', 'suporte TECNICO');
    const { row, msgs } = await l.linhas('0003');
    expect(row!.departamentoId).toBe(suporte.id);
    expect(row!.departamentoNome).toBe('Suporte');
    // The exchange stays in the conversation for the attendant; the choice is a line for staff.
    expect(msgs.map((m) => m.autor)).toEqual([
      'cliente',
      'sistema',
      'cliente',
      'sistema',
      'sistema',
      'cliente',
      'sistema',
      'cliente',
      'sistema',
    ]);
    expect(msgs.at(-1)).toMatchObject({ conteudo: T.opcaoEscolhida(2, 'Suporte Técnico'), status: 'sent' });
    expect(sent(T.opcaoEscolhida(2, 'Suporte Técnico'))).toBe(0);
    await l.escreve('5571988880003', '1');
    expect((await l.linhas('0003')).row!.departamentoId).toBe(suporte.id);
  });

  it('gives up to the general queue after the tries, and stops once an attendant accepts', async () => {
    const l = await loja(s.t, s.graph);
    const dep = await l.acc.addDepartamento('Financeiro');
    const saudacao = `Menu ${l.canal.id}`;
    await l.call('PUT', `${H}/menu/${l.canal.id}`, {
      ativo: true,
      saudacao,
      mensagemOpcaoInvalida: `Inválida ${l.canal.id}`,
      tentativas: 1,
      opcoes: [{ numero: 1, texto: 'Financeiro', departamentoId: dep.id }],
    });
    await l.escreve('5571988880004', 'oi');
    await l.escreve('5571988880004', 'hã?');
    await l.escreve('5571988880004', 'não sei');
    let r = await l.linhas('0004');
    expect(r.row!.departamentoId).toBeNull();
    expect(r.msgs.at(-1)!.conteudo).toBe(T.semEscolha);
    await l.escreve('5571988880004', '1');
    expect((await l.linhas('0004')).row!.departamentoId).toBeNull();
    expect(sent(`Inválida ${l.canal.id}`)).toBe(1);

    await l.escreve('5571988880005', 'oi');
    r = await l.linhas('0005');
    await l.call('POST', `/backend/api/atendimento/${r.row!.atendimentoId}/aceitar`);
    const before = sent(saudacao);
    await l.escreve('5571988880005', '1');
    const [a] = await s.t.ctx.db.select().from(atendimentos).where(eq(atendimentos.id, r.row!.atendimentoId));
    expect(a).toMatchObject({ departamentoId: null, menuTentativas: null, status: 'em_atendimento' });
    expect(sent(saudacao)).toBe(before);
  });

  it('greets a website visitor with the menu on the widget too', async () => {
    const l = await loja(s.t, s.graph);
    const made = await makeCanal(s.t, l.master.auth);
    const canal = await findCanalByToken(s.t.ctx.db, made.token!);
    const dep = await l.acc.addDepartamento('Suporte');
    await l.call('PUT', `${H}/menu/${canal.id}`, {
      ativo: true,
      saudacao: 'Bem-vindo ao site',
      mensagemOpcaoInvalida: 'Opção inválida',
      tentativas: 2,
      opcoes: [{ numero: 1, texto: 'Suporte', departamentoId: dep.id }],
    });
    const { visitante } = await startSession(s.t.ctx.db, s.t.ctx.cipher, canal, {});
    await visitorSend(s.t.ctx, canal, visitante, { clientId: 'visitante-1', conteudo: 'olá' });
    await visitorSend(s.t.ctx, canal, visitante, { clientId: 'visitante-2', conteudo: '1' });
    const [a] = await s.t.ctx.db.select().from(atendimentos).where(eq(atendimentos.canalId, canal.id));
    expect(a!.departamentoId).toBe(dep.id);
    const msgs = await s.t.ctx.db.select().from(mensagens).where(eq(mensagens.atendimentoId, a!.id)).orderBy(asc(mensagens.seq));
    expect(msgs[1]!.conteudo.startsWith('Bem-vindo ao site')).toBe(true);
  });

  it('refuses another account channel, a department of another account and bad hours', async () => {
    const l = await loja(s.t, s.graph);
    const other = await loja(s.t, s.graph);
    const dep = await other.acc.addDepartamento('Outro');
    const menu = {
      ativo: true,
      saudacao: 'Oi',
      mensagemOpcaoInvalida: 'x',
      tentativas: 1,
      opcoes: [{ numero: 1, texto: 'A', departamentoId: dep.id }],
    };
    let r = await s.t.app.inject({ method: 'PUT', url: `${H}/menu/${other.canal.id}`, headers: l.master.auth, payload: menu });
    expect(r.statusCode).toBe(404);
    r = await s.t.app.inject({ method: 'PUT', url: `${H}/menu/${l.canal.id}`, headers: l.master.auth, payload: menu });
    expect(r.statusCode).toBe(400);
    r = await s.t.app.inject({
      method: 'PUT',
      url: `${H}/horarios`,
      headers: l.master.auth,
      payload: { dias: [{ dia: 1, periodos: [{ inicio: '18:00', fim: '08:00' }] }], feriados: [], mensagemForaDoHorario: 'x' },
    });
    expect(r.statusCode).toBe(400);
    expect(JSON.stringify(r.json())).toContain(T.periodoInvertido);
    const atendente = await login(s.t.app, (await l.acc.addUser('atendente')).email);
    r = await s.t.app.inject({ method: 'GET', url: `${H}/horarios`, headers: atendente.auth });
    expect(r.statusCode).toBe(403);
    const own = await l.call('GET', `${H}/horarios`);
    expect(own).toMatchObject({ configurado: false, timeZone: 'America/Sao_Paulo', dias: [] });
  });
});
