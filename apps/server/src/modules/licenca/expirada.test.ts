import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TConversasPage, TMensagensPage } from '@balcao/shared/atendimentos';
import { LICENCA_EXPIRADA, LICENCA_TEXTS } from '@balcao/shared/licenca';
import { makeCanal, makeVisitor } from '../../test/atendimentos-fixtures';
import { login, makeAccount } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';

const OPERATOR = 'operador-expirada-0123456789';
const ONTEM = () => new Date(Date.now() - 86_400_000).toISOString();
const AMANHA = () => new Date(Date.now() + 86_400_000).toISOString();

/** An expired account reads, finishes and transfers, receives its customers, and answers nobody. */
describe.each(DB_KINDS)('an expired licence on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { operatorToken: OPERATOR });
  });
  afterAll(() => t.close());

  type Auth = Record<string, string>;
  const req = (method: 'GET' | 'POST', url: string, headers: Auth, payload?: object) =>
    t.app.inject({ method, url: `/backend${url}`, headers, ...(payload ? { payload } : {}) });
  const operador = (url: string, payload: object) =>
    req('POST', `/operador/licenca/${url}`, { authorization: `Bearer ${OPERATOR}` }, payload);
  const vencimento = (databaseName: string, dataVencimento: string) => operador('vencimento', { databaseName, dataVencimento });

  async function setup() {
    const acc = await makeAccount(t.ctx.db);
    const dep = await acc.addDepartamento('Vendas');
    const at = await login(t.app, (await acc.addUser('atendente', { departamentoId: dep.id })).email);
    const master = await login(t.app, acc.master.email);
    const canal = await makeCanal(t, master.auth, { departamentoPadraoId: dep.id });
    const visitor = async (texto: string) => {
      const v = await makeVisitor(t, canal);
      await v.send(texto);
      const page = (await req('GET', '/api/atendimento/conversas?status=aguardando', at.auth)).json() as TConversasPage;
      return { v, id: page.itens.find((i) => i.ultimaMensagem === texto)!.atendimentoId };
    };
    const enviar = (id: string, auth: Auth, clientId = randomUUID()) =>
      req('POST', `/api/atendimento/${id}/mensagens`, auth, { atendimentoId: id, clientId, conteudo: 'Bom dia!' });
    return { acc, dep, at, master, visitor, enviar };
  }

  it('refuses sending, resending and accepting with 402 LICENCA_EXPIRADA; finishing and transferring go on; inbound is kept', async () => {
    const s = await setup();
    const aberto = await s.visitor('Quero um orçamento');
    const emEspera = await s.visitor('Alguém aí?');
    expect((await req('POST', `/api/atendimento/${aberto.id}/aceitar`, s.at.auth)).statusCode).toBe(200);
    const antes = randomUUID();
    expect((await s.enviar(aberto.id, s.at.auth, antes)).statusCode).toBe(201);

    const venceu = await vencimento(s.acc.account.databaseName, ONTEM());
    expect(venceu.statusCode).toBe(200);
    expect(venceu.json()).toMatchObject({ isDataVencimentoFutura: false });

    const refusal = { message: LICENCA_TEXTS.expirada, code: LICENCA_EXPIRADA };
    for (const res of [
      await s.enviar(aberto.id, s.at.auth),
      await s.enviar(aberto.id, s.master.auth),
      await req('POST', `/api/atendimento/${emEspera.id}/aceitar`, s.at.auth),
      await req('POST', `/api/atendimento/${aberto.id}/mensagens/${randomUUID()}/reenviar`, s.at.auth),
    ]) {
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject(refusal);
    }
    // A message stored before the expiry, sent again by a client that lost its answer, is answered as stored.
    expect((await s.enviar(aberto.id, s.at.auth, antes)).statusCode).toBe(200);

    // The customer still writes, and it is all kept.
    await aberto.v.send('Ainda estou esperando');
    const msgs = (await req('GET', `/api/atendimento/${aberto.id}/mensagens`, s.at.auth)).json() as TMensagensPage;
    expect(msgs.mensagens.map((m) => m.conteudo)).toContain('Ainda estou esperando');

    expect((await req('POST', `/api/atendimento/${emEspera.id}/transferir`, s.master.auth, { departamentoId: s.dep.id })).statusCode).toBe(
      200,
    );
    expect((await req('POST', `/api/atendimento/${aberto.id}/finalizar`, s.at.auth)).statusCode).toBe(200);

    const status = (await req('GET', '/Licenca/status', s.at.auth)).json();
    expect(status).toMatchObject({ hasActiveLicense: false, canUseFeatures: false, isLicencaVendaERP: false });

    // Renewed (the operator here; a paid charge does the same): work resumes at once.
    await vencimento(s.acc.account.databaseName, AMANHA());
    expect((await req('POST', `/api/atendimento/${emEspera.id}/aceitar`, s.at.auth)).statusCode).toBe(200);
    expect((await s.enviar(emEspera.id, s.at.auth)).statusCode).toBe(201);
  });

  it('an ERP-sold licence past its due date is not refused here (the partner renews it)', async () => {
    const s = await setup();
    const c = await s.visitor('Olá');
    await vencimento(s.acc.account.databaseName, ONTEM());
    expect((await operador('venda-erp', { databaseName: s.acc.account.databaseName, vendaErp: true })).statusCode).toBe(200);
    expect((await req('GET', '/Licenca/status', s.at.auth)).json()).toMatchObject({ hasActiveLicense: false, isLicencaVendaERP: true });
    expect((await req('POST', `/api/atendimento/${c.id}/aceitar`, s.at.auth)).statusCode).toBe(200);
    expect((await s.enviar(c.id, s.at.auth)).statusCode).toBe(201);
  });

  it('the operator’s due date: needs the operator token, a known account and an ISO date with its offset', async () => {
    const s = await setup();
    const name = s.acc.account.databaseName;
    expect(
      (await req('POST', '/operador/licenca/vencimento', s.master.auth, { databaseName: name, dataVencimento: ONTEM() })).statusCode,
    ).toBe(401);
    const desconhecida = await vencimento('nao-existe', ONTEM());
    expect(desconhecida.statusCode).toBe(404);
    expect(desconhecida.json().message).toBe('Conta não encontrada.');
    const ruim = await vencimento(name, '31/12/2026');
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json().message).toBe('Informe a data de vencimento em ISO 8601 (ex.: 2026-12-31T23:59:59Z).');
    const dia = '2031-05-17T12:00:00.000Z';
    expect((await vencimento(name, dia)).json()).toEqual({ dataVencimento: dia, isDataVencimentoFutura: true });
    expect((await req('GET', '/Licenca/getdatavencimento', s.master.auth)).json()).toEqual({
      dataVencimento: dia,
      isDataVencimentoFutura: true,
    });
  });
});
