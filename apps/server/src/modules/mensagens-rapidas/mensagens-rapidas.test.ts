import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAGENS_RAPIDAS_TEXTS as T, type TMensagemRapida, type TMensagemRapidaPagina } from '@balcao/shared/mensagens-rapidas';
import { login, makeAccount } from '../../test/factories';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';

describe.each(DB_KINDS)('quick messages on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, auth: Record<string, string>, payload?: unknown) =>
    t.app.inject({ method, url, headers: auth, ...(payload !== undefined ? { payload: payload as object } : {}) });

  async function setup() {
    const acc = await makeAccount(t.ctx.db);
    const admin = await login(t.app, (await acc.addUser('admin')).email);
    const at1 = await login(t.app, (await acc.addUser('atendente', { nome: 'Ana' })).email);
    const at2 = await login(t.app, (await acc.addUser('atendente', { nome: 'Bia' })).email);
    return { acc, admin, at1, at2 };
  }
  const save = (auth: Record<string, string>, body: Record<string, unknown>) => call('POST', '/backend/mensagemrapida/save', auth, body);

  it('personal and public ones, the full list, the paged lists with their defaults, import and delete', async () => {
    const s = await setup();
    const pub = await save(s.admin.auth, {
      atalho: '/ola',
      titulo: 'Saudação',
      conteudo: 'Olá {{nome}}, sou {{atendente}}!',
      publica: true,
    });
    expect(pub.statusCode).toBe(201);
    const p = pub.json() as TMensagemRapida;
    expect(p).toMatchObject({ atalho: 'ola', publica: true, editavel: true });
    const mine = (
      await save(s.at1.auth, { atalho: 'pix', titulo: 'Chave PIX', conteudo: 'Nossa chave PIX é o CNPJ.', publica: false })
    ).json() as TMensagemRapida;
    expect(mine.publica).toBe(false);

    // Another atendente sees the public one, not Ana's personal one.
    const all2 = (await call('GET', '/backend/mensagemrapida/all', s.at2.auth)).json() as TMensagemRapida[];
    expect(all2.map((m) => m.atalho)).toEqual(['ola']);
    expect(all2[0]!.editavel).toBe(false);
    const all1 = (await call('GET', '/backend/mensagemrapida/all', s.at1.auth)).json() as TMensagemRapida[];
    expect(all1.map((m) => m.atalho)).toEqual(['ola', 'pix']);

    const publicas = (await call('POST', '/backend/mensagemrapida/publicas', s.at2.auth, {})).json() as TMensagemRapidaPagina;
    expect(publicas).toMatchObject({ total: 1, lista: [{ id: p.id }] });
    expect(((await call('POST', '/backend/mensagemrapida/list', s.at2.auth, {})).json() as TMensagemRapidaPagina).total).toBe(0);

    const imp = await call('POST', `/backend/mensagemrapida/import/${p.id}`, s.at2.auth);
    expect(imp.statusCode).toBe(201);
    expect(imp.json()).toMatchObject({ atalho: 'ola', publica: false, editavel: true, conteudo: p.conteudo });
    const own = (await call('POST', '/backend/mensagemrapida/list?page=1&take=10', s.at2.auth, {})).json() as TMensagemRapidaPagina;
    expect(own.lista.map((m) => m.atalho)).toEqual(['ola']);
    // Importing it twice would make two of the same shortcut.
    const again = await call('POST', `/backend/mensagemrapida/import/${p.id}`, s.at2.auth);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.atalho).toEqual([T.atalhoEmUso]);

    // Paging: 12 of Ana's, 10 by default, the rest on page 2; a search by text.
    for (let i = 0; i < 11; i++)
      await save(s.at1.auth, { atalho: `r${String(i).padStart(2, '0')}`, titulo: `R ${i}`, conteudo: `Resposta ${i}` });
    const page1 = (await call('POST', '/backend/mensagemrapida/list', s.at1.auth, {})).json() as TMensagemRapidaPagina;
    expect(page1.total).toBe(12);
    expect(page1.lista).toHaveLength(10);
    expect(
      ((await call('POST', '/backend/mensagemrapida/list?page=2', s.at1.auth, {})).json() as TMensagemRapidaPagina).lista,
    ).toHaveLength(2);
    const found = (await call('POST', '/backend/mensagemrapida/list', s.at1.auth, { pesquisa: 'CNPJ' })).json() as TMensagemRapidaPagina;
    expect(found.lista.map((m) => m.atalho)).toEqual(['pix']);

    // Editing and deleting: one's own; public ones by admin only.
    expect((await save(s.at1.auth, { ...mine, titulo: 'PIX' })).statusCode).toBe(200);
    expect((await save(s.at2.auth, { ...mine, titulo: 'x' })).statusCode).toBe(404);
    expect((await save(s.at1.auth, { ...p, titulo: 'x' })).statusCode).toBe(403);
    expect((await call('DELETE', `/backend/mensagemrapida/delete/${p.id}`, s.at1.auth)).statusCode).toBe(403);
    expect((await call('DELETE', `/backend/mensagemrapida/delete/${mine.id}`, s.at2.auth)).statusCode).toBe(404);
    expect((await call('DELETE', `/backend/mensagemrapida/delete/${mine.id}`, s.at1.auth)).statusCode).toBe(204);
    expect((await call('DELETE', `/backend/mensagemrapida/delete/${p.id}`, s.admin.auth)).statusCode).toBe(204);
    expect(((await call('GET', '/backend/mensagemrapida/all', s.at2.auth)).json() as TMensagemRapida[]).map((m) => m.publica)).toEqual([
      false,
    ]);
  });

  it('validation texts, roles, and another account’s ids', async () => {
    const s = await setup();
    const first = async (body: Record<string, unknown>) => {
      const r = await save(s.at1.auth, { atalho: 'a', titulo: 't', conteudo: 'c', ...body });
      expect(r.statusCode).toBe(400);
      return Object.values(r.json().errors as Record<string, string[]>)[0]![0];
    };
    expect(await first({ atalho: '' })).toBe(T.atalhoVazio);
    expect(await first({ atalho: 'com espaço' })).toBe(T.atalhoInvalido);
    expect(await first({ titulo: ' ' })).toBe(T.tituloVazio);
    expect(await first({ conteudo: '' })).toBe(T.conteudoVazio);
    await save(s.at1.auth, { atalho: 'dup', titulo: 't', conteudo: 'c' });
    expect(await first({ atalho: 'DUP' })).toBe(T.atalhoEmUso);
    // The same shortcut is fine for someone else.
    expect((await save(s.at2.auth, { atalho: 'dup', titulo: 't', conteudo: 'c' })).statusCode).toBe(201);

    const pub = await save(s.at1.auth, { atalho: 'p', titulo: 't', conteudo: 'c', publica: true });
    expect(pub.statusCode).toBe(403);
    expect(pub.json().message).toBe(T.somenteAdminPublica);
    const user = await login(t.app, (await s.acc.addUser('user')).email);
    const tracker = await login(t.app, (await s.acc.addUser('tracker')).email);
    for (const u of [user, tracker]) {
      expect((await call('GET', '/backend/mensagemrapida/all', u.auth)).statusCode).toBe(403);
      expect((await save(u.auth, { atalho: 'x', titulo: 't', conteudo: 'c' })).statusCode).toBe(403);
    }
    expect((await call('GET', '/backend/mensagemrapida/all', {})).statusCode).toBe(401);

    const other = await setup();
    const theirs = (await save(other.admin.auth, { atalho: 'deles', titulo: 't', conteudo: 'c', publica: true })).json() as TMensagemRapida;
    expect((await call('POST', `/backend/mensagemrapida/import/${theirs.id}`, s.at1.auth)).statusCode).toBe(404);
    expect((await call('DELETE', `/backend/mensagemrapida/delete/${theirs.id}`, s.admin.auth)).statusCode).toBe(404);
    expect((await save(s.admin.auth, { ...theirs, publica: true })).statusCode).toBe(404);
    expect(
      ((await call('GET', '/backend/mensagemrapida/all', s.at1.auth)).json() as TMensagemRapida[]).some((m) => m.id === theirs.id),
    ).toBe(false);
  });
});
