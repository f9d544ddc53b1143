import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TConversasPage } from '@balcao/shared/atendimentos';
import type { TClientePagina } from '@balcao/shared/clientes';
import type { TMensagemAgendadaPagina } from '@balcao/shared/mensagens-agendadas';
import { clientes } from '../../db/schema/atendimentos';
import { mensagensAgendadas } from '../../db/schema/mensagens-agendadas';
import { makeCanal } from '../../test/atendimentos-fixtures';
import { makeAtendimento } from '../../test/atendimentos-fixtures';
import { makeAccountWithAdmin } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';

/** How people type a customer: without accents, in any case, the number as the screen shows it or bare. */
const BUSCAS = ['joao', 'JOAO conceicao', 'Conceição', 'joão@', '(11) 98765-4321', '+55 11 98765-4321', '11987654321', '98765'];

describe.each(DB_KINDS)('customer search ignores accents and number formats on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('finds "João Conceição" (5511987654321) in the directory, the inbox and the scheduled messages', async () => {
    const { acc, admin } = await makeAccountWithAdmin(t.app, t.ctx.db);
    const canal = await makeCanal(t, admin.auth);
    const [joao, outro] = await t.ctx.db
      .insert(clientes)
      .values([
        { accountId: acc.account.id, nome: 'João Conceição', numero: '5511987654321', email: 'JOÃO@exemplo.com.br' },
        { accountId: acc.account.id, nome: 'Joana Prado', numero: '+5521912345678' },
      ])
      .returning();
    const a = await makeAtendimento(t.ctx.db, { accountId: acc.account.id, clienteId: joao!.id, canalId: canal.id, origem: 'widget' });
    await t.ctx.db.insert(mensagensAgendadas).values({
      accountId: acc.account.id,
      clienteId: joao!.id,
      canalId: canal.id,
      conteudo: 'Lembrete',
      dataEnvio: '2030-01-01T10:00:00',
      recorrencia: { tipo: 'unica' },
      proximoEnvio: new Date(Date.now() + 3_600_000),
      ativo: true,
    });
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin.auth });
    for (const q of BUSCAS) {
      const q1 = encodeURIComponent(q);
      const diretorio = (await get(`/backend/cliente/lista?pesquisa=${q1}`)).json() as TClientePagina;
      expect(
        diretorio.itens.map((c) => c.id),
        q,
      ).toEqual([joao!.id]);
      const inbox = (await get(`/backend/api/atendimento/conversas?status=aguardando&busca=${q1}`)).json() as TConversasPage;
      expect(
        inbox.itens.map((c) => c.atendimentoId),
        q,
      ).toEqual([a.id]);
      const agendadas = (
        await t.app.inject({ method: 'POST', url: '/backend/mensagemagendada/list', headers: admin.auth, payload: { pesquisa: q } })
      ).json() as TMensagemAgendadaPagina;
      expect(agendadas.total, q).toBe(1);
    }
    // A name search does not match every number, nor a number every name; % and _ stay literal.
    // A name with digits in it is a name: 'Loja 4321' is not the number ending in 4321.
    for (const q of ['joaquim', '99999', 'jo_o', '%', 'Loja 4321', 'Rota-9876'])
      expect(((await get(`/backend/cliente/lista?pesquisa=${encodeURIComponent(q)}`)).json() as TClientePagina).total, q).toBe(0);
    expect(((await get('/backend/cliente/lista?pesquisa=jo')).json() as TClientePagina).total).toBe(2);
    // The stored search columns follow an edit of the customer.
    await t.ctx.db.update(clientes).set({ nome: 'Ângela Ávila', numero: '+5531999990000' }).where(eq(clientes.id, outro!.id));
    const editado = (await get(`/backend/cliente/lista?pesquisa=${encodeURIComponent('angela avila')}`)).json() as TClientePagina;
    expect(editado.itens.map((c) => c.id)).toEqual([outro!.id]);
    expect(((await get('/backend/cliente/lista?pesquisa=31%2099999-0000')).json() as TClientePagina).total).toBe(1);
  });
});
