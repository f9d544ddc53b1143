import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DEPARTAMENTOS_TEXTS } from '@balcao/shared/departamentos';
import { atendimentos, canais } from '../../db/schema/atendimentos';
import { chatParticipantes } from '../../db/schema/chat-interno';
import { users } from '../../db/schema/users';
import { makeCanal, makeVisitor } from '../../test/atendimentos-fixtures';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { login } from '../../test/factories';
import { chatWorld, makeGroup } from '../chat-interno/testing';

describe.each(DB_KINDS)('departamentos administration on %s', (kind) => {
  let t: TestApp;
  let w: Awaited<ReturnType<typeof chatWorld>>;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    w = await chatWorld(t);
    admin = (await login(t.app, w.ana.email)).auth;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, auth = admin) =>
    t.app.inject({ method, url: `/backend${url}`, headers: auth, ...(payload ? { payload } : {}) });
  const depOf = async (id: string) => (await t.ctx.db.select({ d: users.departamentoId }).from(users).where(eq(users.id, id)))[0]!.d;

  it('creates with unique names whatever the case, renames, and lists members and open atendimentos; every staff user reads', async () => {
    const created = await call('POST', '/api/departamentos', { nome: '  Financeiro ' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ nome: 'Financeiro', membros: 0, usuarioIds: [], atendimentosAbertos: 0 });
    for (const nome of ['financeiro', 'FINANCEIRO']) {
      const dup = await call('POST', '/api/departamentos', { nome });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().message).toBe(DEPARTAMENTOS_TEXTS.nomeEmUso);
    }
    const clash = await call('PUT', `/api/departamentos/${created.json().id}`, { nome: 'suporte' });
    expect(clash.statusCode).toBe(409);
    const renamed = await call('PUT', `/api/departamentos/${created.json().id}`, { nome: 'Cobrança' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().nome).toBe('Cobrança');
    const same = await call('PUT', `/api/departamentos/${created.json().id}`, { nome: 'cobrança' });
    expect(same.statusCode).toBe(200);
    const empty = await call('POST', '/api/departamentos', { nome: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(DEPARTAMENTOS_TEXTS.nomeVazio);
    const asAtendente = await call('GET', '/api/departamentos', undefined, (await login(t.app, w.bia.email)).auth);
    expect(asAtendente.statusCode).toBe(200);
    expect(asAtendente.json().find((d: { nome: string }) => d.nome === 'Suporte')).toMatchObject({
      membros: 2,
      usuarioIds: expect.arrayContaining([w.bia.id, w.caio.id]),
    });
  });

  it('manages members from the department (moved from another one, the others leave) and from the user', async () => {
    const dep = (await call('POST', '/api/departamentos', { nome: 'Logística', usuarioIds: [w.bia.id] })).json();
    expect(dep.usuarioIds).toEqual([w.bia.id]);
    expect(await depOf(w.bia.id)).toBe(dep.id);
    const put = await call('PUT', `/api/departamentos/${dep.id}`, { nome: 'Logística', usuarioIds: [w.duda.id] });
    expect(put.json()).toMatchObject({ membros: 1, usuarioIds: [w.duda.id] });
    expect(await depOf(w.bia.id)).toBeNull();
    // Without usuarioIds the members stay.
    await call('PUT', `/api/departamentos/${dep.id}`, { nome: 'Logística 2' });
    expect(await depOf(w.duda.id)).toBe(dep.id);
    // From the user's side.
    const u = await call('PUT', `/api/usuarios/${w.bia.id}`, {
      nome: 'Bia',
      email: w.bia.email,
      role: 'atendente',
      departamentoIds: [w.suporte.id],
    });
    expect(u.statusCode).toBe(200);
    expect(u.json().departamentos).toEqual([{ id: w.suporte.id, nome: 'Suporte' }]);
    const two = await call('PUT', `/api/usuarios/${w.bia.id}`, {
      nome: 'Bia',
      email: w.bia.email,
      role: 'atendente',
      departamentoIds: [w.suporte.id, dep.id],
    });
    expect(two.statusCode).toBe(400);
  });

  it('refuses to delete a department with open atendimentos saying how many; once closed, deletes it cleanly', async () => {
    const dep = (await call('POST', '/api/departamentos', { nome: 'Pós-venda', usuarioIds: [w.caio.id] })).json();
    const canal = await makeCanal(t, admin, {
      escolherDepartamento: true,
      departamentoIds: [dep.id, w.suporte.id],
      departamentoPadraoId: dep.id,
    });
    const group = await makeGroup(w.api.master, 'Equipe pós-venda', [w.duda.id], [dep.id]);
    for (const texto of ['um', 'dois']) await (await makeVisitor(t, canal)).send(texto);
    const abertos = await t.ctx.db
      .update(atendimentos)
      .set({ departamentoId: dep.id })
      .where(eq(atendimentos.canalId, canal.id))
      .returning();
    expect(abertos).toHaveLength(2);
    const refused = await call('DELETE', `/api/departamentos/${dep.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Este departamento tem 2 atendimentos em aberto. Finalize-os ou transfira-os antes de excluir.');
    expect((await call('GET', '/api/departamentos')).json().find((d: { id: string }) => d.id === dep.id).atendimentosAbertos).toBe(2);
    await t.ctx.db.update(atendimentos).set({ status: 'finalizado', fim: new Date() }).where(eq(atendimentos.id, abertos[0]!.id));
    const one = await call('DELETE', `/api/departamentos/${dep.id}`);
    expect(one.json().message).toBe(DEPARTAMENTOS_TEXTS.comAtendimentosAbertos(1));
    await t.ctx.db.update(atendimentos).set({ status: 'finalizado', fim: new Date() }).where(eq(atendimentos.canalId, canal.id));

    const done = await call('DELETE', `/api/departamentos/${dep.id}`);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: DEPARTAMENTOS_TEXTS.excluido });
    expect(await depOf(w.caio.id)).toBeNull();
    const parts = await t.ctx.db.select().from(chatParticipantes).where(eq(chatParticipantes.conversaId, group));
    expect(parts.some((p) => p.departamentoId === dep.id)).toBe(false);
    expect(parts.some((p) => p.usuarioId === w.duda.id)).toBe(true);
    const hist = await t.ctx.db.select().from(atendimentos).where(eq(atendimentos.canalId, canal.id));
    expect(hist.map((a) => [a.status, a.departamentoId])).toEqual([
      ['finalizado', null],
      ['finalizado', null],
    ]);
    const [c] = await t.ctx.db
      .select()
      .from(canais)
      .where(and(eq(canais.id, canal.id)));
    expect(c!.config).toMatchObject({ departamentoIds: [w.suporte.id], departamentoPadraoId: null, escolherDepartamento: true });
    expect((await call('GET', '/api/departamentos')).json().some((d: { id: string }) => d.id === dep.id)).toBe(false);
    expect((await call('DELETE', `/api/departamentos/${dep.id}`)).statusCode).toBe(404);
  });
});
