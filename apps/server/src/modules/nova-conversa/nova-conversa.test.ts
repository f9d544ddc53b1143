import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAtendimento } from '@balcao/shared/atendimentos';
import { CLIENTES_TEXTS } from '@balcao/shared/clientes';
import { NOVA_CONVERSA_TEXTS as T } from '@balcao/shared/nova-conversa';
import { atendimentos } from '../../db/schema/atendimentos';
import { whatsappOf } from '../../channels/registry';
import { FakeGraph } from '../../test/fake-graph';
import { login, makeAccount } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { nextTicket } from '../atendimentos/service';

const TOKEN = 'EAAJBtest-access-token-0123456789';
const PNID = '1122334455667';

describe.each(DB_KINDS)("'Nova conversa' on %s", (kind) => {
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
  const call = (method: 'GET' | 'POST', url: string, auth: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers: auth, ...(payload ? { payload } : {}) });

  const canalWhatsApp = (auth: Record<string, string>) =>
    call('POST', '/backend/api/canais/whatsapp', auth, {
      nome: 'WA',
      phoneNumberId: graph.newNumber(),
      wabaId: '99887766',
      accessToken: TOKEN,
      appSecret: 'TEST_APP_SECRET',
      verifyToken: 'vibecoding',
    });

  it('opens a WhatsApp conversation held by the attendant; outside the window only with a template; an open one is answered as it is', async () => {
    const acc = await makeAccount(t.ctx.db);
    const admin = await login(t.app, (await acc.addUser('admin')).email);
    const ana = await acc.addUser('atendente', { nome: 'Ana' });
    const at = await login(t.app, ana.email);
    const novo = async (nome: string) =>
      (
        (
          await call('POST', '/backend/api/clientes', at.auth, {
            nome,
            numero: `+55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
          })
        ).json() as { id: string }
      ).id;
    const semCanal = await novo('Sem canal');
    expect((await call('GET', `/backend/api/atendimento/nova-conversa/opcoes?clienteId=${semCanal}`, at.auth)).json().message).toBe(
      T.semCanal,
    );
    const criado = await canalWhatsApp(admin.auth);
    expect(criado.statusCode, criado.body).toBe(201);
    const canal = criado.json() as { id: string };
    graph.templates = [{ name: 'ola', language: 'pt_BR', status: 'APPROVED', components: [{ type: 'BODY', text: 'Olá {{1}}!' }] }];

    // Never wrote: outside the window, a template is needed.
    const joana = await novo('Joana');
    const op = (await call('GET', `/backend/api/atendimento/nova-conversa/opcoes?clienteId=${joana}`, at.auth)).json();
    expect(op).toMatchObject({
      canalId: canal.id,
      clienteId: joana,
      clienteNome: 'Joana',
      atendimentoAbertoId: null,
      dentroDaJanela: false,
      modelos: [{ nome: 'ola', variaveis: 1 }],
    });
    const sem = await call('POST', '/backend/api/atendimento/nova-conversa', at.auth, { clienteId: joana, conteudo: 'Oi' });
    expect(sem.statusCode).toBe(400);
    expect(sem.json().errors.modelo).toEqual([T.precisaModelo]);
    const com = await call('POST', '/backend/api/atendimento/nova-conversa', at.auth, {
      clienteId: joana,
      conteudo: 'Olá Joana!',
      modelo: { nome: 'ola', idioma: 'pt_BR', variaveis: ['Joana'] },
    });
    expect(com.statusCode).toBe(201);
    const { atendimentoId } = com.json() as { atendimentoId: string };
    await whatsappOf(t.ctx).idle();
    expect(graph.sends().at(-1)!.body).toMatchObject({ type: 'template', template: { name: 'ola' } });
    const row = (await call('GET', `/backend/api/atendimento/${atendimentoId}`, at.auth)).json() as TAtendimento;
    expect(row).toMatchObject({ status: 'em_atendimento', atendenteNome: 'Ana' });
    // Again: the open one, nothing sent.
    const again = await call('POST', '/backend/api/atendimento/nova-conversa', at.auth, { clienteId: joana, conteudo: 'De novo' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ atendimentoId, existente: true });

    // Wrote an hour ago (to Ana, so Bia is hers to see): plain text goes.
    const bia = await novo('Bia');
    await t.ctx.db.insert(atendimentos).values({
      accountId: acc.account.id,
      ticket: await nextTicket(t.ctx.db, acc.account.id),
      clienteId: bia,
      canalId: canal.id,
      origem: 'whatsapp',
      status: 'finalizado',
      atendenteId: ana.id,
      clienteEscreveuEm: new Date(Date.now() - 3_600_000),
    });
    expect((await call('GET', `/backend/api/atendimento/nova-conversa/opcoes?clienteId=${bia}`, at.auth)).json()).toMatchObject({
      dentroDaJanela: true,
      modelos: [],
    });
    expect(
      (await call('POST', '/backend/api/atendimento/nova-conversa', at.auth, { clienteId: bia, conteudo: 'Oi Bia, tudo bem?' })).statusCode,
    ).toBe(201);
    await whatsappOf(t.ctx).idle();
    expect(graph.sends().at(-1)!.body).toMatchObject({ type: 'text', text: { body: 'Oi Bia, tudo bem?' } });

    // A typed number nobody has: the templates are offered, the send creates the customer (named as typed).
    const porNumero = `/backend/api/atendimento/nova-conversa/opcoes?numero=${encodeURIComponent('+55 (21) 91234-5678')}`;
    expect((await call('GET', porNumero, at.auth)).json()).toEqual({
      canalId: canal.id,
      canalNome: 'WA',
      canais: [{ id: canal.id, nome: 'WA', rotulo: 'WhatsApp (API oficial)' }],
      clienteId: null,
      clienteNome: null,
      atendimentoAbertoId: null,
      dentroDaJanela: false,
      modelos: [{ nome: 'ola', idioma: 'pt_BR', categoria: null, corpo: 'Olá {{1}}!', variaveis: 1 }],
      modelosErro: null,
      consentimentoWhatsApp: null,
    });
    const semModelo = await call('POST', '/backend/api/atendimento/nova-conversa', at.auth, { numero: '5521912345678', conteudo: 'Oi' });
    expect(semModelo.json().errors).toEqual({ modelo: [T.precisaModelo] });
    const rita = await call('POST', '/backend/api/atendimento/nova-conversa', at.auth, {
      numero: '+55 21 91234-5678',
      nome: 'Rita',
      conteudo: 'Olá Rita!',
      modelo: { nome: 'ola', idioma: 'pt_BR', variaveis: ['Rita'] },
    });
    expect(rita.statusCode, rita.body).toBe(201);
    await whatsappOf(t.ctx).idle();
    expect(graph.sends().at(-1)!.body).toMatchObject({ to: '5521912345678', type: 'template' });
    const ritaId = (rita.json() as { atendimentoId: string }).atendimentoId;
    const lista = (await call('GET', '/backend/cliente/lista?pesquisa=Rita', at.auth)).json();
    expect(lista).toMatchObject({ total: 1, itens: [{ nome: 'Rita', numero: '+5521912345678' }] });
    // Now open: the number finds her and her open conversation, which is just opened (nothing sent, no templates read).
    expect((await call('GET', porNumero, at.auth)).json()).toMatchObject({
      clienteId: lista.itens[0].id,
      clienteNome: 'Rita',
      atendimentoAbertoId: ritaId,
      modelos: [],
    });
    const sends = graph.sends().length;
    const denovo = await call('POST', '/backend/api/atendimento/nova-conversa', at.auth, { numero: '+5521912345678', conteudo: 'x' });
    expect(denovo.json()).toEqual({ atendimentoId: ritaId, existente: true });
    expect(graph.sends()).toHaveLength(sends);
    // The 400 texts: no customer nor number, a number that is not one; Meta down says so instead of listing nothing.
    const erro = async (payload: object) => {
      const r = await call('POST', '/backend/api/atendimento/nova-conversa', at.auth, payload);
      expect(r.statusCode).toBe(400);
      return Object.values(r.json().errors as Record<string, string[]>)[0]![0];
    };
    expect(await erro({ conteudo: 'Oi' })).toBe(T.clienteVazio);
    expect(await erro({ numero: '1234', conteudo: 'Oi' })).toBe(CLIENTES_TEXTS.numeroInvalido);
    expect(await erro({ clienteId: joana, conteudo: '  ' })).toBe(T.conteudoVazio);
    graph.templatesDown = true;
    const fora = (await call('GET', '/backend/api/atendimento/nova-conversa/opcoes?numero=%2B5521900001111', at.auth)).json();
    graph.templatesDown = false;
    expect(fora).toMatchObject({ clienteId: null, modelos: [], modelosErro: expect.stringMatching(/\S/) });

    const user = await login(t.app, (await acc.addUser('user')).email);
    expect((await call('POST', '/backend/api/atendimento/nova-conversa', user.auth, { clienteId: bia, conteudo: 'x' })).statusCode).toBe(
      403,
    );
    const other = await makeAccount(t.ctx.db);
    const otherAt = await login(t.app, (await other.addUser('atendente')).email);
    expect((await call('POST', '/backend/api/atendimento/nova-conversa', otherAt.auth, { clienteId: bia, conteudo: 'x' })).statusCode).toBe(
      404,
    );
  });

  it("a customer hidden from an atendente (another's conversation) is not named by number nor by id", async () => {
    const acc = await makeAccount(t.ctx.db);
    const adminRow = await acc.addUser('admin');
    const admin = await login(t.app, adminRow.email);
    const at = await login(t.app, (await acc.addUser('atendente')).email);
    const canal = (await canalWhatsApp(admin.auth)).json() as { id: string };
    const numero = `+55219${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const cliente = (await call('POST', '/backend/api/clientes', admin.auth, { nome: 'Cliente Sigiloso', numero })).json() as {
      id: string;
    };
    await t.ctx.db.insert(atendimentos).values({
      accountId: acc.account.id,
      ticket: await nextTicket(t.ctx.db, acc.account.id),
      clienteId: cliente.id,
      canalId: canal.id,
      origem: 'whatsapp',
      status: 'em_atendimento',
      atendenteId: adminRow.id,
      clienteEscreveuEm: new Date(),
    });
    expect((await call('GET', `/backend/api/clientes/${cliente.id}`, at.auth)).statusCode).toBe(404);
    for (const q of [`clienteId=${cliente.id}`, `numero=${encodeURIComponent(numero)}`]) {
      const r = await call('GET', `/backend/api/atendimento/nova-conversa/opcoes?${q}`, at.auth);
      expect(r.statusCode, q).toBe(404);
      expect(r.body).not.toContain('Sigiloso');
      expect(r.body).not.toContain(cliente.id);
      expect((await call('GET', `/backend/api/atendimento/nova-conversa/opcoes?${q}`, admin.auth)).json()).toMatchObject({
        clienteId: cliente.id,
        clienteNome: 'Cliente Sigiloso',
      });
    }
    for (const alvo of [{ clienteId: cliente.id }, { numero }]) {
      const r = await call('POST', '/backend/api/atendimento/nova-conversa', at.auth, { ...alvo, conteudo: 'Oi' });
      expect(r.statusCode).toBe(404);
      expect(r.body).not.toContain('Sigiloso');
    }
  });
});
