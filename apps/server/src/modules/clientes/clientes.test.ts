import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENTES_TEXTS as T, type TClientePagina } from '@balcao/shared/clientes';
import { login, makeAccount } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';

describe.each(DB_KINDS)('customer directory on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, auth: Record<string, string>, payload?: unknown) =>
    t.app.inject({ method, url, headers: auth, ...(payload !== undefined ? { payload: payload as object } : {}) });

  it('create and edit with the number in E.164 (unique per account), search by name, number and e-mail, roles', async () => {
    const acc = await makeAccount(t.ctx.db);
    const admin = await login(t.app, (await acc.addUser('admin')).email);
    const created = await call('POST', '/backend/api/clientes', admin.auth, {
      nome: 'Joana Silva',
      numero: '+55 (11) 97777-6666',
      email: 'joana@cliente.test',
    });
    expect(created.statusCode).toBe(201);
    const c = created.json() as { id: string };
    expect(created.json()).toMatchObject({ nome: 'Joana Silva', numero: '+5511977776666', email: 'joana@cliente.test' });
    const first = async (method: 'POST' | 'PUT', url: string, body: Record<string, unknown>) => {
      const r = await call(method, url, admin.auth, body);
      expect(r.statusCode).toBe(400);
      return Object.values(r.json().errors as Record<string, string[]>)[0]![0];
    };
    expect(await first('POST', '/backend/api/clientes', { nome: 'Outra', numero: '5511977776666' })).toBe(T.numeroEmUso);
    expect(await first('POST', '/backend/api/clientes', { nome: '', numero: null })).toBe(T.nomeVazio);
    expect(await first('POST', '/backend/api/clientes', { nome: 'X', numero: '1234' })).toBe(T.numeroInvalido);
    expect(await first('POST', '/backend/api/clientes', { nome: 'X', email: 'não' })).toBe(T.emailInvalido);
    const b = (await call('POST', '/backend/api/clientes', admin.auth, { nome: 'Bruno', numero: '5521988887777' })).json() as {
      id: string;
    };
    expect(await first('PUT', `/backend/api/clientes/${b.id}`, { nome: 'Bruno', numero: '+5511977776666' })).toBe(T.numeroEmUso);
    const edited = await call('PUT', `/backend/api/clientes/${c.id}`, admin.auth, {
      nome: 'Joana Agendada',
      email: '',
      numero: '5511977776666',
    });
    expect(edited.json()).toMatchObject({ nome: 'Joana Agendada', email: null, numero: '+5511977776666' });

    const search = async (q: string) =>
      ((await call('GET', `/backend/cliente/lista?pesquisa=${encodeURIComponent(q)}`, admin.auth)).json() as TClientePagina).itens.map(
        (x) => x.nome,
      );
    expect(await search('agendada')).toEqual(['Joana Agendada']);
    expect(await search('988887777')).toEqual(['Bruno']);
    const all = (await call('GET', '/backend/cliente/lista?page=1&take=1', admin.auth)).json() as TClientePagina;
    expect(all).toMatchObject({ total: 2, itens: [{ nome: 'Bruno' }] });

    const user = await login(t.app, (await acc.addUser('user')).email);
    expect((await call('GET', '/backend/cliente/lista?pesquisa=Joana', user.auth)).statusCode).toBe(403);
    expect((await call('POST', '/backend/api/clientes', user.auth, { nome: 'X' })).statusCode).toBe(403);
    const other = await makeAccount(t.ctx.db);
    const otherAdmin = await login(t.app, (await other.addUser('admin')).email);
    expect((await call('PUT', `/backend/api/clientes/${c.id}`, otherAdmin.auth, { nome: 'X' })).statusCode).toBe(404);
    // An atendente finds and edits a customer nobody has talked to yet (typed in to write to first).
    const at = await login(t.app, (await acc.addUser('atendente')).email);
    const dela = (await call('POST', '/backend/api/clientes', at.auth, { nome: 'Carla Nova', numero: '+5531966665555' })).json() as {
      id: string;
    };
    const achados = (await call('GET', '/backend/cliente/lista?pesquisa=Carla', at.auth)).json() as TClientePagina;
    expect(achados).toMatchObject({ total: 1, itens: [{ id: dela.id, numero: '+5531966665555' }] });
    expect((await call('PUT', `/backend/api/clientes/${dela.id}`, at.auth, { nome: 'Carla', numero: '+5531966665555' })).statusCode).toBe(
      200,
    );
    expect((await call('GET', `/backend/api/clientes/${dela.id}`, at.auth)).json()).toMatchObject({ nome: 'Carla', atendimentos: [] });
    // The same number in another account is another customer.
    expect((await call('POST', '/backend/api/clientes', otherAdmin.auth, { nome: 'Joana', numero: '+5511977776666' })).statusCode).toBe(
      201,
    );
  });
});
