import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CHAT_INTERNO_INLINE,
  CHAT_INTERNO_PERMISSOES as P,
  CHAT_INTERNO_VALIDACAO as V,
  type TConversa,
  type TMensagensPagina,
  type TParticipante,
} from '@balcao/shared/chat-interno';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { bytes, chatWorld, makeGroup, type ChatClient, type ChatWorld } from './testing';

describe.each(DB_KINDS)('chat interno: group administration on %s', (kind) => {
  let t: TestApp;
  let w: ChatWorld;
  let grupo: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await chatWorld(t);
  });
  afterAll(() => t.close());
  // Ana (admin of the group) with Bia and Duda; each test starts from a fresh group.
  beforeEach(async () => {
    grupo = await makeGroup(w.api.ana, 'Time', [w.bia.id, w.duda.id]);
  });

  const participantes = async (api: ChatClient, id = grupo) => (await api.get(`/conversa/${id}/participantes`)).json() as TParticipante[];
  const history = async (api: ChatClient, id = grupo) => ((await api.get(`/mensagens/${id}`)).json() as TMensagensPagina).mensagens;
  const lastNotice = async () => (await history(w.api.ana)).at(-1)!;
  const inList = async (api: ChatClient, id = grupo) => ((await api.get('/conversas')).json() as TConversa[]).some((c) => c.id === id);

  it('lists participants with type and admin mark', async () => {
    const res = await w.api.bia.get(`/conversa/${grupo}/participantes`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: w.ana.id, nome: 'Ana', tipo: 1, admin: true, fotoUrl: null },
      { id: w.bia.id, nome: 'Bia', tipo: 1, admin: false, fotoUrl: null },
      { id: w.duda.id, nome: 'Duda', tipo: 1, admin: false, fotoUrl: null },
    ]);
  });

  it('adds a user (admins only), refuses a duplicate, and writes a notice', async () => {
    const byMember = await w.api.bia.post(`/conversa/${grupo}/integrante`, { integranteId: w.caio.id, integranteTipo: 1 });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe(P.apenasAdminAdicionar);
    const ok = await w.api.ana.post(`/conversa/${grupo}/integrante`, { integranteId: w.caio.id, integranteTipo: 1 });
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as TParticipante[]).map((p) => p.nome)).toContain('Caio');
    expect(await lastNotice()).toMatchObject({ origemTipo: 2, conteudo: 'Ana adicionou Caio', remetenteId: w.ana.id });
    expect(await inList(w.api.caio)).toBe(true);
    // The newcomer starts at the end of the history: only the notice is unread.
    const row = ((await w.api.caio.get('/conversas')).json() as TConversa[]).find((c) => c.id === grupo)!;
    expect(row.qtdMensagensNaoVistas).toBe(1);
    const dup = await w.api.ana.post(`/conversa/${grupo}/integrante`, { integranteId: w.caio.id, integranteTipo: 1 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(V.participanteJaNoGrupo);
  });

  it("refuses bad add bodies and another account's ids", async () => {
    const foreign = await w.api.ana.post(`/conversa/${grupo}/integrante`, { integranteId: w.outra.estranho.id, integranteTipo: 1 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(V.usuarioNaoEncontrado);
    const badTipo = await w.api.ana.post(`/conversa/${grupo}/integrante`, { integranteId: w.caio.id, integranteTipo: 3 });
    expect(badTipo.statusCode).toBe(400);
    const missing = await w.api.ana.post(`/conversa/${grupo}/integrante`, {});
    expect(missing.statusCode).toBe(400);
  });

  it('adds a department (master only), whose members then take part', async () => {
    const master = await makeGroup(w.api.master, 'Com master', [w.ana.id, w.duda.id]);
    const byAdmin = await w.api.ana.post(`/conversa/${grupo}/integrante`, { integranteId: w.suporte.id, integranteTipo: 2 });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().message).toBe(P.apenasMasterDepartamentos);
    const foreign = await w.api.master.post(`/conversa/${master}/integrante`, { integranteId: w.outra.departamento.id, integranteTipo: 2 });
    expect(foreign.statusCode).toBe(404);
    const ok = await w.api.master.post(`/conversa/${master}/integrante`, { integranteId: w.suporte.id, integranteTipo: 2 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toContainEqual({ id: w.suporte.id, nome: 'Suporte', tipo: 2, admin: false, fotoUrl: null });
    expect(await inList(w.api.caio, master)).toBe(true);
    expect((await history(w.api.caio, master)).at(-1)!.conteudo).toBe('Master Teste adicionou o departamento Suporte');
  });

  it('removes a participant (admins only, never oneself) and the removed user loses the conversation', async () => {
    const byMember = await w.api.bia.del(`/conversa/${grupo}/integrante`, { integranteId: w.duda.id, integranteTipo: 1 });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe(P.apenasAdminRemover);
    const self = await w.api.ana.del(`/conversa/${grupo}/integrante`, { integranteId: w.ana.id, integranteTipo: 1 });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(P.naoRemoverSiMesmo);
    const ok = await w.api.ana.del(`/conversa/${grupo}/integrante`, { integranteId: w.duda.id, integranteTipo: 1 });
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as TParticipante[]).map((p) => p.nome)).toEqual(['Ana', 'Bia']);
    expect(await lastNotice()).toMatchObject({ origemTipo: 2, conteudo: 'Ana removeu Duda' });
    expect(await inList(w.api.duda)).toBe(false);
    expect((await w.api.duda.get(`/mensagens/${grupo}`)).statusCode).toBe(404);
    const again = await w.api.ana.del(`/conversa/${grupo}/integrante`, { integranteId: w.duda.id, integranteTipo: 1 });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(V.participanteNaoEncontrado);
    // Added back by name, she is in again.
    expect((await w.api.ana.post(`/conversa/${grupo}/integrante`, { integranteId: w.duda.id, integranteTipo: 1 })).statusCode).toBe(200);
    expect(await inList(w.api.duda)).toBe(true);
  });

  it('keeps a removed user out while their department takes part, and removes a department', async () => {
    const id = await makeGroup(w.api.master, 'Suporte e Ana', [w.ana.id, w.duda.id], [w.suporte.id]);
    expect((await w.api.master.del(`/conversa/${id}/integrante`, { integranteId: w.bia.id, integranteTipo: 1 })).statusCode).toBe(200);
    expect(await inList(w.api.bia, id)).toBe(false);
    expect(await inList(w.api.caio, id)).toBe(true);
    const dep = await w.api.master.del(`/conversa/${id}/integrante`, { integranteId: w.suporte.id, integranteTipo: 2 });
    expect(dep.statusCode).toBe(200);
    expect(await inList(w.api.caio, id)).toBe(false);
    expect((await history(w.api.master, id)).at(-1)!.conteudo).toBe('Master Teste removeu o departamento Suporte');
  });

  it('leaves a group; the last admin hands it to the longest-standing user; a direct chat cannot be left', async () => {
    const left = await w.api.ana.del(`/conversa/${grupo}/sair`);
    expect(left.statusCode).toBe(204);
    expect(await inList(w.api.ana)).toBe(false);
    const after = await participantes(w.api.bia);
    expect(after.map((p) => [p.nome, p.admin])).toEqual([
      ['Bia', true],
      ['Duda', false],
    ]);
    const notices = (await history(w.api.bia)).slice(-2).map((m) => m.conteudo);
    expect(notices).toEqual(['Ana saiu do grupo', 'Bia agora é administrador']);
    expect((await w.api.ana.del(`/conversa/${grupo}/sair`)).statusCode).toBe(404);

    const direct = (await w.api.bia.post('/conversa', { usuarios: [w.caio.id], departamentos: [], nome: '' })).json().id as string;
    const refused = await w.api.bia.del(`/conversa/${direct}/sair`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(V.apenasGrupos);
  });

  it('promotes a non-admin user (admins only); refuses oneself, an admin and a department', async () => {
    const byMember = await w.api.bia.post(`/conversa/${grupo}/admin`, { integranteId: w.duda.id });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe(P.apenasAdminPromover);
    const self = await w.api.ana.post(`/conversa/${grupo}/admin`, { integranteId: w.ana.id });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(P.jaAdmin);
    const ok = await w.api.ana.post(`/conversa/${grupo}/admin`, { integranteId: w.bia.id });
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as TParticipante[]).find((p) => p.id === w.bia.id)!.admin).toBe(true);
    expect(await lastNotice()).toMatchObject({ origemTipo: 2, conteudo: 'Ana promoveu Bia a administrador' });
    const twice = await w.api.ana.post(`/conversa/${grupo}/admin`, { integranteId: w.bia.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(P.participanteJaAdmin);
    const outsider = await w.api.ana.post(`/conversa/${grupo}/admin`, { integranteId: w.caio.id });
    expect(outsider.statusCode).toBe(404);

    const withDep = await makeGroup(w.api.master, 'Dep', [w.ana.id, w.duda.id], [w.suporte.id]);
    const dep = await w.api.master.post(`/conversa/${withDep}/admin`, { integranteId: w.suporte.id });
    expect(dep.statusCode).toBe(400);
    expect(dep.json().message).toBe(P.departamentoNaoPromove);
    const depTipo = await w.api.master.post(`/conversa/${withDep}/admin`, { integranteId: w.suporte.id, integranteTipo: 2 });
    expect(depTipo.json().message).toBe(P.departamentoNaoPromove);
  });

  it('renames with a bare JSON string: admins only, 1..50 characters, different from the current name', async () => {
    const ok = await w.api.ana.postJsonString(`/conversa/${grupo}/mudar-nome`, '  Time Novo  ');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id: grupo, nome: 'Time Novo' });
    expect(await lastNotice()).toMatchObject({ origemTipo: 2, conteudo: 'Ana alterou o nome do grupo para "Time Novo"' });
    const same = await w.api.ana.postJsonString(`/conversa/${grupo}/mudar-nome`, 'Time Novo');
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(V.nomeGrupoIgual);
    const long = await w.api.ana.postJsonString(`/conversa/${grupo}/mudar-nome`, 'x'.repeat(51));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(V.nomeGrupoLongo);
    const empty = await w.api.ana.postJsonString(`/conversa/${grupo}/mudar-nome`, ' ');
    expect(empty.json().message).toBe(V.nomeGrupoObrigatorio);
    const byMember = await w.api.bia.postJsonString(`/conversa/${grupo}/mudar-nome`, 'Meu nome');
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe(P.apenasAdminRenomear);
    const row = ((await w.api.bia.get('/conversas')).json() as TConversa[]).find((c) => c.id === grupo)!;
    expect(row.nome).toBe('Time Novo');
  });

  it('changes the group photo: admins only, images checked by content and size', async () => {
    const byMember = await w.api.bia.upload(`/conversa/${grupo}/upload-foto-grupo`, 'foto', 'a.png', bytes.png(), 'image/png');
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe(P.apenasAdminFoto);
    const fake = await w.api.ana.upload(`/conversa/${grupo}/upload-foto-grupo`, 'foto', 'a.png', bytes.pdf(), 'image/png');
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe(V.fotoGrupoTipo);
    const big = await w.api.ana.upload(
      `/conversa/${grupo}/upload-foto-grupo`,
      'foto',
      'a.png',
      bytes.png(3 * 1024 * 1024 + 1),
      'image/png',
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(V.arquivoGrande('3 MB'));
    const wrongField = await w.api.ana.upload(`/conversa/${grupo}/upload-foto-grupo`, 'file', 'a.png', bytes.png(), 'image/png');
    expect(wrongField.statusCode).toBe(400);
    const ok = await w.api.ana.upload(`/conversa/${grupo}/upload-foto-grupo`, 'foto', 'a.png', bytes.png(), 'image/png');
    expect(ok.statusCode).toBe(200);
    const { url } = ok.json() as { url: string };
    expect(url).toMatch(/^\/backend\/uploads\/chat-interno-grupos\/[0-9a-f]{32}\.png$/);
    const stored = readFileSync(path.join(t.uploadsDir, url.replace('/backend/uploads/', '')));
    expect(stored.subarray(0, 4).toString('hex')).toBe('89504e47');
    const row = ((await w.api.duda.get('/conversas')).json() as TConversa[]).find((c) => c.id === grupo)!;
    expect(row.fotoUrl).toBe(url);
    expect(await lastNotice()).toMatchObject({ origemTipo: 2, conteudo: 'Ana alterou a foto do grupo' });
  });

  it('refuses group administration in a direct chat', async () => {
    const direct = (await w.api.ana.post('/conversa', { usuarios: [w.caio.id], departamentos: [], nome: '' })).json().id as string;
    const add = await w.api.ana.post(`/conversa/${direct}/integrante`, { integranteId: w.duda.id, integranteTipo: 1 });
    expect(add.statusCode).toBe(400);
    expect(add.json().message).toBe(V.apenasGrupos);
    expect((await w.api.ana.postJsonString(`/conversa/${direct}/mudar-nome`, 'Nome')).statusCode).toBe(400);
  });

  it('answers 404 "Conversa não encontrada" to another account on every group call', async () => {
    const calls = [
      w.api.estranho.get(`/conversa/${grupo}/participantes`),
      w.api.estranho.post(`/conversa/${grupo}/integrante`, { integranteId: w.outra.master.id, integranteTipo: 1 }),
      w.api.estranho.del(`/conversa/${grupo}/integrante`, { integranteId: w.bia.id, integranteTipo: 1 }),
      w.api.estranho.del(`/conversa/${grupo}/sair`),
      w.api.estranho.post(`/conversa/${grupo}/admin`, { integranteId: w.bia.id }),
      w.api.estranho.postJsonString(`/conversa/${grupo}/mudar-nome`, 'Invadido'),
      w.api.estranho.upload(`/conversa/${grupo}/upload-foto-grupo`, 'foto', 'a.png', bytes.png(), 'image/png'),
      w.api.estranho.get(`/mensagens/${grupo}`),
      w.api.estranho.send(grupo, 'oi'),
      w.api.estranho.post(`/conversa/${grupo}/visualizar`, {}),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(CHAT_INTERNO_INLINE.conversaNaoEncontrada);
    }
    expect((await participantes(w.api.ana)).map((p) => p.nome)).toEqual(['Ana', 'Bia', 'Duda']);
    expect((await w.api.ana.get('/conversa/not-a-uuid/participantes')).statusCode).toBe(404);
  });
});
