import { afterEach, describe, expect, it, vi } from 'vitest';
import { login } from '../../test/factories';
import { DB_KINDS } from '../../test/harness';
import { whatsappTestApp } from '../../test/whatsapp-channel';
import { loja, sentTo } from './testing';

const H = '/backend/api/atendimento-automatico';
const TODO_DIA = Array.from({ length: 7 }, (_, dia) => ({ dia, periodos: [{ inicio: '00:00', fim: '23:59' }] }));
const UTEIS = [1, 2, 3, 4, 5].map((dia) => ({ dia, periodos: [{ inicio: '08:00', fim: '18:00' }] }));

describe.each(DB_KINDS)('business hours per department on %s', (kind) => {
  const s = whatsappTestApp(kind);
  const sent = (texto: string) => sentTo(s.graph, texto);

  afterEach(() => {
    vi.useRealTimers();
  });
  /** Staff calls at the real time (a session's token lives minutes), then the customers' clock again. */
  const agoraDeVerdade = async <R>(f: () => Promise<R>): Promise<R> => {
    const fake = Date.now();
    vi.useRealTimers();
    try {
      return await f();
    } finally {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(fake);
    }
  };

  it("answers with the department's own hours once the conversation is in its queue", async () => {
    const l = await loja(s.t, s.graph);
    const financeiro = await l.acc.addDepartamento('Financeiro');
    const suporte = await l.acc.addDepartamento('Suporte');
    const conta = `Conta fechada ${l.canal.id}`;
    const fin = `Financeiro só em dias úteis ${l.canal.id}`;
    // The account (and Suporte, which follows it) is open every day; Financeiro weekdays 08:00–18:00.
    await l.call('PUT', `${H}/horarios`, { dias: TODO_DIA, feriados: [], mensagemForaDoHorario: conta });
    await l.call('PUT', `${H}/horarios/${financeiro.id}`, { dias: UTEIS, feriados: ['2026-12-25'], mensagemForaDoHorario: fin });
    await l.call('PUT', `${H}/menu/${l.canal.id}`, {
      ativo: true,
      saudacao: `Menu ${l.canal.id}`,
      mensagemOpcaoInvalida: 'Opção inválida',
      tentativas: 2,
      opcoes: [
        { numero: 1, texto: 'Financeiro', departamentoId: financeiro.id },
        { numero: 2, texto: 'Suporte', departamentoId: suporte.id },
      ],
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-02T23:00:00Z')); // Wednesday 20:00 in São Paulo
    await l.escreve('5571988881001', 'boa noite');
    expect(sent(fin)).toBe(0);
    // Choosing Financeiro, closed now though the account is open, answers with its message at once, and once.
    await l.escreve('5571988881001', '1');
    expect(sent(fin)).toBe(1);
    await l.escreve('5571988881001', 'alguém?');
    expect(sent(fin)).toBe(1);
    const { row, msgs } = await agoraDeVerdade(() => l.linhas('1001'));
    expect(row!.departamentoId).toBe(financeiro.id);
    expect(row!.foraDoHorarioEm).toBe('2026-12-02T23:00:00.000Z');
    expect(msgs.at(-2)!.conteudo).toBe(fin);
    // Christmas is a holiday of Financeiro alone: a new closed period, a new message.
    vi.setSystemTime(new Date('2026-12-25T15:00:00Z'));
    await l.escreve('5571988881001', 'feliz natal, e o boleto?');
    expect(sent(fin)).toBe(2);
    // Suporte follows the account's hours: open, no message of either.
    await l.escreve('5571988881002', 'oi');
    await l.escreve('5571988881002', '2');
    await l.escreve('5571988881002', 'preciso de ajuda');
    expect((await agoraDeVerdade(() => l.linhas('1002'))).row!.departamentoId).toBe(suporte.id);
    expect(sent(conta)).toBe(0);
    expect(sent(fin)).toBe(2);
  });

  it("follows the department's hours though the account is closed", async () => {
    const l = await loja(s.t, s.graph);
    const plantao = await l.acc.addDepartamento('Plantão');
    const conta = `Conta fechada ${l.canal.id}`;
    await l.call('PUT', `${H}/horarios`, { dias: UTEIS, feriados: [], mensagemForaDoHorario: conta });
    await l.call('PUT', `${H}/horarios/${plantao.id}`, { dias: TODO_DIA, feriados: [], mensagemForaDoHorario: 'nunca' });
    await l.call('PUT', `${H}/menu/${l.canal.id}`, {
      ativo: true,
      saudacao: `Menu ${l.canal.id}`,
      mensagemOpcaoInvalida: 'Opção inválida',
      tentativas: 2,
      opcoes: [{ numero: 1, texto: 'Plantão', departamentoId: plantao.id }],
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-06T15:00:00Z')); // Sunday noon: the account is closed
    await l.escreve('5571988881003', 'oi');
    expect(sent(conta)).toBe(1);
    await l.escreve('5571988881003', 'plantao');
    vi.setSystemTime(new Date('2026-12-07T02:00:00Z')); // Sunday 23:00: still closed for the account
    await l.escreve('5571988881003', 'ainda aí?');
    expect((await agoraDeVerdade(() => l.linhas('1003'))).row!.departamentoId).toBe(plantao.id);
    expect(sent(conta)).toBe(1);
    expect(sent('nunca')).toBe(0);
    // Back to the account's hours: the account's closed period began before the last message, but a new one
    // comes only with the next closed period.
    const volta = await agoraDeVerdade(() => l.call('DELETE', `${H}/horarios/${plantao.id}`));
    expect(volta).toMatchObject({ proprio: false, mensagemForaDoHorario: conta, dias: UTEIS });
    vi.setSystemTime(new Date('2026-12-07T23:00:00Z')); // Monday 20:00: closed again
    await l.escreve('5571988881003', 'segunda à noite');
    expect(sent(conta)).toBe(2);
  });

  it('answers the API with tenancy, roles and validation', async () => {
    const l = await loja(s.t, s.graph);
    const other = await loja(s.t, s.graph);
    const dep = await l.acc.addDepartamento('Vendas');
    const alheio = await other.acc.addDepartamento('Vendas');
    const body = { dias: UTEIS, feriados: ['2026-12-25', '2026-12-25'], mensagemForaDoHorario: 'Vendas fechadas' };
    expect(await l.call('GET', `${H}/horarios/${dep.id}`)).toMatchObject({
      departamentoId: dep.id,
      proprio: false,
      configurado: false,
      dias: [],
      timeZone: 'America/Sao_Paulo',
    });
    expect(await l.call('PUT', `${H}/horarios/${dep.id}`, body)).toMatchObject({ proprio: true, feriados: ['2026-12-25'], dias: UTEIS });
    expect(await l.call('GET', `${H}/horarios/${dep.id}`)).toMatchObject({ proprio: true, mensagemForaDoHorario: 'Vendas fechadas' });
    // The account's own hours stay as they were.
    expect(await l.call('GET', `${H}/horarios`)).toMatchObject({ configurado: false });
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const r = await s.t.app.inject({
        method,
        url: `${H}/horarios/${alheio.id}`,
        headers: l.master.auth,
        payload: method === 'PUT' ? body : undefined,
      });
      expect(r.statusCode, method).toBe(404);
    }
    expect(await other.call('GET', `${H}/horarios/${alheio.id}`)).toMatchObject({ proprio: false });
    let r = await s.t.app.inject({ method: 'GET', url: `${H}/horarios/nao-e-id`, headers: l.master.auth });
    expect(r.statusCode).toBe(400);
    r = await s.t.app.inject({
      method: 'PUT',
      url: `${H}/horarios/${dep.id}`,
      headers: l.master.auth,
      payload: { ...body, dias: [{ dia: 7, periodos: [] }] },
    });
    expect(r.statusCode).toBe(400);
    const atendente = await login(s.t.app, (await l.acc.addUser('atendente')).email);
    r = await s.t.app.inject({ method: 'PUT', url: `${H}/horarios/${dep.id}`, headers: atendente.auth, payload: body });
    expect(r.statusCode).toBe(403);
  });
});
