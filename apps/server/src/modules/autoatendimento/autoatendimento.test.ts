import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTOATENDIMENTO_TEXTS as T, type TChave, type TSolicitacao } from '@balcao/shared/autoatendimento';
import { autoatendimentoSolicitacoes } from '../../db/schema/autoatendimento';
import { login, makeAccount } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';

describe.each(DB_KINDS)('ERP self-service requests on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string>, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const pedido = {
    cliente: { nome: 'Joana', numero: '+55 11 97777-6666', documento: '123.456.789-00' },
    tipo: 'segunda_via_boleto',
    descricao: '2ª via do boleto de novembro',
    dados: { fatura: 42 },
  };
  const post = (chave: string, body: unknown = pedido) =>
    call('POST', '/backend/api/public/autoatendimento/solicitacoes', { authorization: `Bearer ${chave}` }, body);

  async function setup() {
    const acc = await makeAccount(t.ctx.db);
    const admin = await login(t.app, (await acc.addUser('admin')).email);
    const at = await login(t.app, (await acc.addUser('atendente', { nome: 'Ana' })).email);
    const at2 = await login(t.app, (await acc.addUser('atendente', { nome: 'Bia' })).email);
    const count = async (auth = at.auth) =>
      (await call('GET', '/backend/AutoAtendimentoERP/quantidade-solicitacoes', auth)).json() as number;
    return { acc, admin, at, at2, count };
  }

  it('a key (shown once, stored hashed) lets the ERP post; wrong and revoked keys get 401 and store nothing', async () => {
    const s = await setup();
    const created = await call('POST', '/backend/api/autoatendimento/chaves', s.admin.auth, { nome: 'ERP' });
    expect(created.statusCode).toBe(201);
    const { id, chave } = created.json() as { id: string; nome: string; chave: string };
    expect(chave.length).toBeGreaterThan(40);
    const listed = (await call('GET', '/backend/api/autoatendimento/chaves', s.admin.auth)).json() as TChave[];
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(chave);
    expect(chave.startsWith(listed[0]!.prefixo)).toBe(true);

    expect(await s.count()).toBe(0);
    for (const wrong of ['chave-errada', `${chave}x`]) {
      const r = await post(wrong);
      expect(r.statusCode).toBe(401);
      expect(r.json().message).toBe(T.chaveInvalida);
    }
    // No key at all, and an invalid body with a wrong key: still 401, never a hint about the body.
    expect((await call('POST', '/backend/api/public/autoatendimento/solicitacoes', {}, pedido)).statusCode).toBe(401);
    expect((await post('chave-errada', {})).statusCode).toBe(401);
    const ok = await post(chave);
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ status: 'pendente' });
    expect(await s.count()).toBe(1);
    const bad = await post(chave, { ...pedido, descricao: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.descricao).toEqual([T.descricaoVazia]);

    expect((await call('DELETE', `/backend/api/autoatendimento/chaves/${id}`, s.admin.auth)).json()).toMatchObject({
      revogadaEm: expect.any(String),
    });
    expect((await post(chave)).statusCode).toBe(401);
    expect(await s.count()).toBe(1);
    const stored = await t.ctx.db
      .select()
      .from(autoatendimentoSolicitacoes)
      .where(eq(autoatendimentoSolicitacoes.accountId, s.acc.account.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ clienteNumero: '+5511977776666', clienteDocumento: '123.456.789-00', dados: { fatura: 42 } });

    // Keys are for admin and master.
    expect((await call('POST', '/backend/api/autoatendimento/chaves', s.at.auth, { nome: 'x' })).statusCode).toBe(403);
    expect((await call('GET', '/backend/api/autoatendimento/chaves', s.at.auth)).statusCode).toBe(403);
  });

  it('attendants take and resolve requests; the count is a bare number; roles and other accounts', async () => {
    const s = await setup();
    const { chave } = (await call('POST', '/backend/api/autoatendimento/chaves', s.admin.auth, { nome: 'ERP' })).json() as {
      chave: string;
    };
    await post(chave);
    await post(chave, { ...pedido, tipo: 'troca' });
    const raw = await call('GET', '/backend/AutoAtendimentoERP/quantidade-solicitacoes', s.at.auth);
    expect(raw.body).toBe('2');
    const open = (await call('GET', '/backend/api/autoatendimento/solicitacoes', s.at.auth)).json() as TSolicitacao[];
    expect(open.map((x) => x.status)).toEqual(['pendente', 'pendente']);
    const [a, b] = open as [TSolicitacao, TSolicitacao];

    expect((await call('POST', `/backend/api/autoatendimento/solicitacoes/${a.id}/assumir`, s.at.auth)).statusCode).toBe(204);
    const taken = await call('POST', `/backend/api/autoatendimento/solicitacoes/${a.id}/assumir`, s.at2.auth);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(T.jaAssumida);
    expect((await call('POST', `/backend/api/autoatendimento/solicitacoes/${a.id}/resolver`, s.at2.auth)).statusCode).toBe(409);
    expect(await s.count()).toBe(1);
    expect((await call('POST', `/backend/api/autoatendimento/solicitacoes/${a.id}/resolver`, s.at.auth)).statusCode).toBe(204);
    expect((await call('POST', `/backend/api/autoatendimento/solicitacoes/${b.id}/resolver`, s.admin.auth)).statusCode).toBe(204);
    const again = await call('POST', `/backend/api/autoatendimento/solicitacoes/${b.id}/resolver`, s.at.auth);
    expect(again.json().message).toBe(T.jaResolvida);
    expect(await s.count()).toBe(0);
    const done = (await call('GET', '/backend/api/autoatendimento/solicitacoes?status=resolvidas', s.at.auth)).json() as TSolicitacao[];
    expect(done.map((x) => [x.id, x.responsavelNome]).sort()).toEqual(
      [
        [a.id, 'Ana'],
        [b.id, 'Usuário admin'],
      ].sort(),
    );

    const user = await login(t.app, (await s.acc.addUser('user')).email);
    expect((await call('GET', '/backend/AutoAtendimentoERP/quantidade-solicitacoes', user.auth)).statusCode).toBe(403);
    const other = await setup();
    expect(await other.count()).toBe(0);
    expect((await call('POST', `/backend/api/autoatendimento/solicitacoes/${a.id}/assumir`, other.at.auth)).statusCode).toBe(404);
    const keys = (await call('GET', '/backend/api/autoatendimento/chaves', s.admin.auth)).json() as TChave[];
    expect((await call('DELETE', `/backend/api/autoatendimento/chaves/${keys[0]!.id}`, other.admin.auth)).statusCode).toBe(404);
  });
});
