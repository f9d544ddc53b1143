import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_INTERNO_INLINE, CHAT_INTERNO_PERMISSOES, CHAT_INTERNO_VALIDACAO as V, type TConversa } from '@balcao/shared/chat-interno';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { chatWorld, makeGroup, type ChatWorld } from './testing';

describe.each(DB_KINDS)('chat interno: conversations on %s', (kind) => {
  let t: TestApp;
  let w: ChatWorld;
  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await chatWorld(t);
  });
  afterAll(() => t.close());

  const listOf = async (api: ChatWorld['api']['ana']) => {
    const res = await api.get('/conversas');
    expect(res.statusCode).toBe(200);
    return res.json() as TConversa[];
  };

  it('creates a direct conversation once and reuses it from either side', async () => {
    const first = await w.api.master.post('/conversa', { usuarios: [w.ana.id], departamentos: [], nome: '' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(String), ehGrupo: false });
    const again = await w.api.master.post('/conversa', { usuarios: [w.ana.id], departamentos: [], nome: '' });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const fromAna = await w.api.ana.post('/conversa', { usuarios: [w.master.id] });
    expect(fromAna.json().id).toBe(first.json().id);

    const anaList = await listOf(w.api.ana);
    const row = anaList.find((c) => c.id === first.json().id)!;
    expect(row).toMatchObject({
      ehGrupo: false,
      nome: null,
      usuariosNomes: ['Master Teste'],
      departamentosNomes: [],
      adminsNomes: [],
      ultimaMensagem: null,
      dataHoraUltimaMensagem: null,
      qtdMensagensNaoVistas: 0,
      outroUsuario: { id: w.master.id, nome: 'Master Teste', fotoUrl: null },
      souAdmin: false,
    });
    expect(row.participantesIds.sort()).toEqual([w.master.id, w.ana.id].sort());
  });

  it("refuses a direct conversation with nobody, with oneself, or with another account's user", async () => {
    const none = await w.api.master.post('/conversa', { usuarios: [], departamentos: [], nome: '' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ message: V.selecioneUsuario, errors: { usuarios: [V.selecioneUsuario] } });
    const self = await w.api.master.post('/conversa', { usuarios: [w.master.id], departamentos: [], nome: '' });
    expect(self.json().message).toBe(V.selecioneUsuario);
    const foreign = await w.api.master.post('/conversa', { usuarios: [w.outra.estranho.id], departamentos: [], nome: '' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(V.usuarioNaoEncontrado);
    const notAnId = await w.api.master.post('/conversa', { usuarios: ['abc'], departamentos: [], nome: '' });
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().message).toBe(V.idInvalido);
  });

  it('applies the group rules: a name of 1..50 characters and 2 users or 1 department', async () => {
    const long = await w.api.master.post('/conversa', { usuarios: [], departamentos: [], nome: 'x'.repeat(51) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'VALIDATION', message: V.nomeGrupoLongo, errors: { nome: [V.nomeGrupoLongo] } });
    const noName = await w.api.master.post('/conversa', { usuarios: [w.ana.id, w.bia.id], departamentos: [], nome: '   ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe(V.nomeGrupoObrigatorio);
    const oneUser = await w.api.master.post('/conversa', { usuarios: [w.ana.id], departamentos: [], nome: 'Dupla' });
    expect(oneUser.statusCode).toBe(400);
    expect(oneUser.json().message).toBe(V.grupoMinimo);
    // The caller is not one of the 2.
    const withSelf = await w.api.master.post('/conversa', { usuarios: [w.ana.id, w.master.id], departamentos: [], nome: 'Dupla' });
    expect(withSelf.json().message).toBe(V.grupoMinimo);
    const fifty = await w.api.master.post('/conversa', { usuarios: [w.ana.id, w.bia.id], departamentos: [], nome: ` ${'y'.repeat(50)} ` });
    expect(fifty.statusCode).toBe(201);
    expect(fifty.json().ehGrupo).toBe(true);
  });

  it("lets only the master put departments in a group, and only its own account's", async () => {
    const byAdmin = await w.api.ana.post('/conversa', { usuarios: [], departamentos: [w.suporte.id], nome: 'Suporte' });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe(CHAT_INTERNO_PERMISSOES.apenasMasterDepartamentos);
    const foreign = await w.api.master.post('/conversa', { usuarios: [], departamentos: [w.outra.departamento.id], nome: 'Externo' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(V.departamentoNaoEncontrado);
    const ok = await w.api.master.post('/conversa', { usuarios: [], departamentos: [w.suporte.id], nome: 'Suporte' });
    expect(ok.statusCode).toBe(201);
  });

  it("lists a group for its users and its department's members, with names, admins, notice and unread count", async () => {
    const id = await makeGroup(w.api.master, 'Equipe', [w.ana.id, w.duda.id], [w.suporte.id]);
    for (const api of [w.api.ana, w.api.bia, w.api.caio, w.api.duda]) {
      const row = (await listOf(api)).find((c) => c.id === id)!;
      expect(row).toMatchObject({
        nome: 'Equipe',
        ehGrupo: true,
        departamentosNomes: ['Suporte'],
        adminsNomes: ['Master Teste'],
        ultimaMensagem: 'Master Teste criou o grupo "Equipe"',
        ultimaMensagemOrigemTipo: 2,
        qtdMensagensNaoVistas: 1,
        souAdmin: false,
        outroUsuario: null,
      });
      expect(new Date(row.dataHoraUltimaMensagem!).toISOString()).toBe(row.dataHoraUltimaMensagem);
    }
    const mine = (await listOf(w.api.master)).find((c) => c.id === id)!;
    expect(mine).toMatchObject({ souAdmin: true, qtdMensagensNaoVistas: 0, usuariosNomes: ['Ana', 'Duda'] });
    expect((await listOf(w.api.estranho)).some((c) => c.id === id)).toBe(false);
  });

  it('orders the list by the latest message and counts unread messages of others only', async () => {
    const older = await makeGroup(w.api.ana, 'Antigo', [w.bia.id, w.duda.id]);
    const newer = await makeGroup(w.api.ana, 'Novo', [w.bia.id, w.duda.id]);
    await w.api.ana.send(older, 'primeira');
    await w.api.ana.send(older, 'segunda');
    await w.api.bia.send(older, 'resposta da Bia');
    const duda = await listOf(w.api.duda);
    const ids = duda.map((c) => c.id);
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newer));
    const row = duda.find((c) => c.id === older)!;
    expect(row).toMatchObject({
      ultimaMensagem: 'resposta da Bia',
      qtdMensagensNaoVistas: 4,
      ultimaMensagemRemetenteId: w.bia.id,
      ultimaMensagemOrigemTipo: 1,
    });
    const ana = (await listOf(w.api.ana)).find((c) => c.id === older)!;
    expect(ana.qtdMensagensNaoVistas).toBe(1);
  });

  it('answers the available users (everyone else) and, for the master only, the departments', async () => {
    const users = await w.api.ana.get('/usuarios-disponiveis');
    expect(users.statusCode).toBe(200);
    const names = (users.json() as { nome: string }[]).map((u) => u.nome);
    expect(names).toEqual(['Bia', 'Caio', 'Duda', 'Master Teste']);
    const deps = await w.api.master.get('/departamentos-disponiveis');
    expect(deps.statusCode).toBe(200);
    expect(deps.json()).toEqual([
      { id: w.suporte.id, nome: 'Suporte' },
      { id: w.vendas.id, nome: 'Vendas' },
    ]);
    const byAdmin = await w.api.ana.get('/departamentos-disponiveis');
    expect(byAdmin.statusCode).toBe(403);
    expect((await w.api.outraMaster.get('/departamentos-disponiveis')).json()).toEqual([{ id: w.outra.departamento.id, nome: 'Externo' }]);
  });

  it("answers a department's users, and 404 for another account's department or a bad id", async () => {
    const res = await w.api.master.post(`/usuarios-departamento/${w.suporte.id}`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { nome: string }[]).map((u) => u.nome)).toEqual(['Bia', 'Caio']);
    expect((await w.api.master.post(`/usuarios-departamento/${w.outra.departamento.id}`)).statusCode).toBe(404);
    expect((await w.api.master.post('/usuarios-departamento/nada')).statusCode).toBe(404);
  });

  it('needs a session for every call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/backend/api/chat-interno/conversas' });
    expect(res.statusCode).toBe(401);
    const upper = await t.app.inject({ method: 'GET', url: '/BACKEND/API/CHAT-INTERNO/CONVERSAS' });
    expect(upper.statusCode).toBe(401);
  });

  it("hides another account's conversation behind the same 404", async () => {
    const id = await makeGroup(w.api.master, 'Privado', [w.ana.id, w.bia.id]);
    const res = await w.api.estranho.get(`/conversa/${id}/participantes`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(CHAT_INTERNO_INLINE.conversaNaoEncontrada);
    const outsider = await w.api.caio.get(`/conversa/${id}/participantes`);
    expect(outsider.json()).toEqual(res.json());
  });
});
