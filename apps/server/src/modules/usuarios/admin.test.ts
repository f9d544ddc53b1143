import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { LOGIN_MAX_FAILURES_PER_IP, TEXTS as AUTH_TEXTS } from '@balcao/shared/auth';
import { USUARIOS_TEXTS } from '@balcao/shared/usuarios';
import { passwordResetTokens } from '../../db/schema/auth';
import { emailOutbox } from '../../db/schema/outbox';
import { licencas } from '../../db/schema/licencas';
import { createTestApp, DB_KINDS, type TestApp } from '../../test/harness';
import { login, makeAccount } from '../../test/factories';

type Auth = Record<string, string>;
const LIMITE = 'Limite de 5 usuários atendentes da sua licença atingido.';
let seq = 0;
const email = (p: string) => `${p}-${Date.now().toString(36)}${(seq++).toString(36)}@teste.local`;

describe.each(DB_KINDS)('usuarios administration and licence seats on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, auth: Auth, payload?: object) =>
    t.app.inject({ method, url: `/backend${url}`, headers: auth, ...(payload ? { payload } : {}) });
  const novo = (role: string, extra: object = {}) => ({ nome: `Pessoa ${role}`, email: email(role), role, departamentoIds: [], ...extra });
  const status = async (auth: Auth) => (await call('GET', '/Licenca/status', auth)).json();
  const lastMail = async (to: string) =>
    (await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.createdAt)).limit(1))[0];

  async function conta() {
    const acc = await makeAccount(t.ctx.db);
    const master = await login(t.app, acc.master.email);
    const adminRow = await acc.addUser('admin');
    const admin = await login(t.app, adminRow.email);
    return { acc, master, admin, adminRow };
  }

  it('a new account has an active 30-day licence of 5 seats; the master is exempt, an atendente is not', async () => {
    const { acc, master, admin } = await conta();
    const s = await status(master.auth);
    expect(s).toMatchObject({
      hasActiveSubscription: true,
      hasActiveLicense: true,
      canUseFeatures: true,
      canUseIA: false,
      totalSlots: 5,
      usedSlots: 1,
      availableSlots: 4,
      isUserExempt: true,
      numeroUsuariosIsentos: 1,
      isLicencaVendaERP: false,
    });
    const days = (Date.parse(s.dataVencimento) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect((await status(admin.auth)).isUserExempt).toBe(false);
    const can = await call('GET', '/Licenca/canUseFeatures', admin.auth);
    expect(can.json()).toEqual({ canUseFeatures: true, hasActiveLicense: true });
    // A past due date: no features, no active licence.
    await t.ctx.db
      .update(licencas)
      .set({ dataVencimento: new Date(Date.now() - 1000), ferramentas: ['InteligenciaArtificial'] })
      .where(eq(licencas.accountId, acc.account.id));
    expect(await status(master.auth)).toMatchObject({ hasActiveLicense: false, canUseFeatures: false, canUseIA: false });
    await t.ctx.db
      .update(licencas)
      .set({ dataVencimento: new Date(Date.now() + 86_400_000) })
      .where(eq(licencas.accountId, acc.account.id));
    expect(await status(master.auth)).toMatchObject({ hasActiveLicense: true, canUseIA: true });
  });

  it('creates a user who gets a 7-day single-use link on the public origin, sets a password there and signs in', async () => {
    const { admin } = await conta();
    const input = novo('atendente', { nome: '  Joana Lima ' });
    const res = await call('POST', '/api/usuarios', admin.auth, input);
    expect(res.statusCode).toBe(201);
    const u = res.json();
    expect(u).toMatchObject({
      nome: 'Joana Lima',
      email: input.email,
      role: 'atendente',
      status: 'ativo',
      convitePendente: true,
      ocupaAssento: true,
      ehMaster: false,
    });
    const mail = await lastMail(input.email);
    expect(mail!.text).toContain('válido por 7 dias');
    const link = /(http:\/\/balcao\.test\/resetar-senha\?token=([\w-]+)&convite=1)/.exec(mail!.text);
    expect(link).not.toBeNull();
    const [tok] = await t.ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, u.id));
    expect(tok!.tipo).toBe('convite');
    expect((tok!.expiresAt.getTime() - Date.now()) / 86_400_000).toBeGreaterThan(6.99);
    const denied = await t.app.inject({
      method: 'POST',
      url: '/backend/api/auth/login',
      payload: { email: input.email, senha: 'qualquer-coisa' },
    });
    expect(denied.statusCode).toBe(401);
    const set = await t.app.inject({
      method: 'POST',
      url: '/backend/api/auth/reset-password',
      payload: { token: link![2], senha: 'senha-nova-123' },
    });
    expect(set.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/backend/api/auth/reset-password',
      payload: { token: link![2], senha: 'outra-senha-123' },
    });
    expect(again.statusCode).toBe(400);
    expect((await login(t.app, input.email, 'senha-nova-123')).user.id).toBe(u.id);
    const list = (await call('GET', '/api/usuarios', admin.auth)).json();
    expect(list.find((x: { id: string }) => x.id === u.id).convitePendente).toBe(false);
  });

  it('refuses a sixth seat at create, role change and reactivation with the limit in the message; user and tracker take none', async () => {
    const { admin, master } = await conta();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await call('POST', '/api/usuarios', admin.auth, novo('atendente'));
      expect(r.statusCode).toBe(201);
      ids.push(r.json().id);
    }
    expect(await status(master.auth)).toMatchObject({ usedSlots: 5, availableSlots: 0 });
    const sixth = await call('POST', '/api/usuarios', admin.auth, novo('atendente'));
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toMatchObject({ code: 'CONFLICT', message: LIMITE });
    const asAdmin = await call('POST', '/api/usuarios', master.auth, novo('admin'));
    expect(asAdmin.statusCode).toBe(409);
    const user = await call('POST', '/api/usuarios', admin.auth, novo('user'));
    const tracker = await call('POST', '/api/usuarios', admin.auth, novo('tracker'));
    expect([user.statusCode, tracker.statusCode]).toEqual([201, 201]);
    expect(user.json().ocupaAssento).toBe(false);
    // Role change into a seat.
    const promote = await call('PUT', `/api/usuarios/${user.json().id}`, admin.auth, { ...novo('atendente'), email: user.json().email });
    expect(promote.statusCode).toBe(409);
    expect(promote.json().message).toBe(LIMITE);
    // Deactivating frees a seat; the role change then passes; reactivating the first one is refused.
    expect((await call('POST', `/api/usuarios/${ids[0]}/desativar`, admin.auth)).statusCode).toBe(200);
    expect((await status(master.auth)).usedSlots).toBe(4);
    const promoted = await call('PUT', `/api/usuarios/${user.json().id}`, admin.auth, { ...novo('atendente'), email: user.json().email });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ role: 'atendente', ocupaAssento: true });
    const back = await call('POST', `/api/usuarios/${ids[0]}/reativar`, admin.auth);
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe(LIMITE);
    // Editing someone who already has a seat is not a new seat.
    const edit = await call('PUT', `/api/usuarios/${ids[1]}`, admin.auth, { ...novo('atendente', { nome: 'Renomeado' }) });
    expect(edit.statusCode).toBe(200);
  });

  it('protects the master and keeps admins for the master to make; nobody deactivates themselves', async () => {
    const { acc, admin, master, adminRow } = await conta();
    const masterId = acc.master.id;
    for (const who of [admin, master]) {
      const put = await call('PUT', `/api/usuarios/${masterId}`, who.auth, { ...novo('master'), email: acc.master.email });
      expect(put.statusCode).toBe(403);
      const demote = await call('PUT', `/api/usuarios/${masterId}`, who.auth, { ...novo('atendente'), email: acc.master.email });
      expect(demote.statusCode).toBe(403);
      expect(demote.json().message).toBe(USUARIOS_TEXTS.masterProtegido);
      const off = await call('POST', `/api/usuarios/${masterId}/desativar`, who.auth);
      expect(off.statusCode).toBe(403);
      expect((await call('POST', `/api/usuarios/${masterId}/redefinir-senha`, who.auth)).statusCode).toBe(403);
    }
    const at = (await call('POST', '/api/usuarios', admin.auth, novo('atendente'))).json();
    for (const role of ['master', 'admin']) {
      const r = await call('PUT', `/api/usuarios/${at.id}`, admin.auth, { ...novo(role), email: at.email });
      expect(r.statusCode).toBe(403);
      expect(r.json().message).toBe(role === 'master' ? USUARIOS_TEXTS.masterUnico : USUARIOS_TEXTS.somenteMasterFazAdmin);
      const c = await call('POST', '/api/usuarios', admin.auth, novo(role));
      expect(c.statusCode).toBe(403);
    }
    expect((await call('POST', '/api/usuarios', master.auth, novo('master'))).statusCode).toBe(403);
    const made = await call('PUT', `/api/usuarios/${at.id}`, master.auth, { ...novo('admin'), email: at.email });
    expect(made.statusCode).toBe(200);
    expect(made.json().role).toBe('admin');
    // An admin cannot demote or deactivate another admin; the master can.
    const demote = await call('PUT', `/api/usuarios/${at.id}`, admin.auth, { ...novo('atendente'), email: at.email });
    expect(demote.statusCode).toBe(403);
    expect((await call('POST', `/api/usuarios/${at.id}/desativar`, admin.auth)).statusCode).toBe(403);
    expect((await call('POST', `/api/usuarios/${at.id}/desativar`, master.auth)).statusCode).toBe(200);
    const self = await call('POST', `/api/usuarios/${adminRow.id}/desativar`, admin.auth);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(USUARIOS_TEXTS.naoDesativarASiMesmo);
    const selfRole = await call('PUT', `/api/usuarios/${adminRow.id}`, admin.auth, { ...novo('atendente'), email: adminRow.email });
    expect(selfRole.statusCode).toBe(403);
  });

  it("only the master edits an admin's e-mail, name or department; an admin still edits atendentes and themselves", async () => {
    const { acc, admin, master, adminRow } = await conta();
    const other = await acc.addUser('admin');
    const takeover = { nome: 'Tomado', email: email('tomado'), role: 'admin', departamentoIds: [] };
    const r = await call('PUT', `/api/usuarios/${other.id}`, admin.auth, takeover);
    expect(r.statusCode).toBe(403);
    expect(r.json().message).toBe(USUARIOS_TEXTS.somenteMasterGereAdmin);
    const list = (await call('GET', '/api/usuarios', master.auth)).json() as { id: string; email: string; nome: string }[];
    expect(list.find((u) => u.id === other.id)).toMatchObject({ email: other.email });
    expect((await call('PUT', `/api/usuarios/${other.id}`, master.auth, takeover)).statusCode).toBe(200);
    const at = await acc.addUser('atendente');
    expect((await call('PUT', `/api/usuarios/${at.id}`, admin.auth, { ...novo('atendente'), email: at.email })).statusCode).toBe(200);
    const self = { nome: 'Eu Mesmo', email: adminRow.email, role: 'admin', departamentoIds: [] };
    expect((await call('PUT', `/api/usuarios/${adminRow.id}`, admin.auth, self)).statusCode).toBe(200);
  });

  it('an e-mail of another account answers 409 (login is by e-mail), counted like a failed login of the address', async () => {
    const { master, acc } = await conta();
    const outra = await makeAccount(t.ctx.db, 'Outra Loja');
    const probe = (payload: object, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/backend/api/usuarios', headers: master.auth, payload, remoteAddress });
    const mesmaConta = await acc.addUser('atendente');
    // The caller's own users do not count: nothing leaks.
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP + 1; i++)
      expect((await probe(novo('atendente', { email: mesmaConta.email }), '198.51.100.1')).statusCode).toBe(409);
    expect((await probe(novo('atendente'), '198.51.100.1')).statusCode).toBe(201);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP; i++) {
      const r = await probe(novo('atendente', { email: outra.master.email }), '198.51.100.2');
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe(USUARIOS_TEXTS.emailEmUso);
    }
    const blocked = await probe(novo('atendente'), '198.51.100.2');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(AUTH_TEXTS.tooManyAttempts);
    // The same budget as logins from that address; the probed e-mail's owner still signs in elsewhere.
    const login2 = await t.app.inject({
      method: 'POST',
      url: '/backend/api/auth/login',
      payload: { email: outra.master.email, senha: 'x' },
      remoteAddress: '198.51.100.2',
    });
    expect(login2.statusCode).toBe(429);
    expect((await login(t.app, outra.master.email)).auth).toBeDefined();
  });

  it('past the seats paid (users made before a smaller order was paid): the master is told, new activations wait, nobody is deactivated', async () => {
    const { acc, master, admin } = await conta();
    for (let i = 0; i < 3; i++) await acc.addUser('atendente');
    const antes = await status(master.auth);
    expect(antes).toMatchObject({ totalSlots: 5, usedSlots: 4, usuariosAlemDoLimite: 0, avisoLimite: null });
    // The order of 1 seat, paid now (as aplicarPagamento sets it), with 4 seat-takers active.
    await t.ctx.db.update(licencas).set({ numeroUsuarios: 1 }).where(eq(licencas.accountId, acc.account.id));
    expect(await status(master.auth)).toMatchObject({
      totalSlots: 1,
      usedSlots: 4,
      availableSlots: 0,
      usuariosAlemDoLimite: 3,
      avisoLimite:
        'Há 4 usuários atendentes ativos para 1 assento pago: 3 além do limite. Desative 3 deles em Usuários ou contrate mais ' +
        'assentos; até lá, nenhum usuário pode ser criado ou reativado.',
    });
    expect((await status(admin.auth)).avisoLimite).toBeNull();
    const novoAt = await call('POST', '/api/usuarios', admin.auth, novo('atendente'));
    expect(novoAt.statusCode).toBe(409);
    expect(novoAt.json().message).toBe('Limite de 1 usuários atendentes da sua licença atingido.');
    expect((await status(master.auth)).usedSlots).toBe(4);
  });

  it("a role change ends the user's sessions (their token carries the old role); other edits keep them", async () => {
    const { acc, admin } = await conta();
    const row = await acc.addUser('user');
    const s = await login(t.app, row.email);
    const rename = await call('PUT', `/api/usuarios/${row.id}`, admin.auth, {
      nome: 'Novo Nome',
      email: row.email,
      role: 'user',
      departamentoIds: [],
    });
    expect(rename.statusCode).toBe(200);
    expect((await call('GET', '/Usuario/GetCurrentUser', s.auth)).statusCode).toBe(200);
    const promote = await call('PUT', `/api/usuarios/${row.id}`, admin.auth, {
      nome: 'Novo Nome',
      email: row.email,
      role: 'atendente',
      departamentoIds: [],
    });
    expect(promote.statusCode).toBe(200);
    expect((await call('GET', '/Usuario/GetCurrentUser', s.auth)).statusCode).toBe(401);
    expect((await login(t.app, row.email)).user).toMatchObject({ role: 'atendente' });
  });

  it('keeps e-mails unique (409) and refuses bad input in Portuguese (400)', async () => {
    const { admin, acc } = await conta();
    const a = (await call('POST', '/api/usuarios', admin.auth, novo('user'))).json();
    const dup = await call('POST', '/api/usuarios', admin.auth, { ...novo('user'), email: a.email.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(USUARIOS_TEXTS.emailEmUso);
    const b = (await call('POST', '/api/usuarios', admin.auth, novo('user'))).json();
    const steal = await call('PUT', `/api/usuarios/${b.id}`, admin.auth, { ...novo('user'), email: acc.master.email });
    expect(steal.statusCode).toBe(409);
    const bad = await call('POST', '/api/usuarios', admin.auth, { nome: ' ', email: 'x', role: 'chefe', departamentoIds: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      nome: [USUARIOS_TEXTS.nomeVazio],
      email: [USUARIOS_TEXTS.emailInvalido],
      role: [USUARIOS_TEXTS.papelInvalido],
    });
  });

  it('lists with search, role, department and status filters, online state and last activity', async () => {
    const { acc, admin } = await conta();
    const dep = await acc.addDepartamento('Financeiro');
    const ana = (
      await call('POST', '/api/usuarios', admin.auth, novo('atendente', { nome: 'Ana Ferraz', departamentoIds: [dep.id] }))
    ).json();
    const bia = (await call('POST', '/api/usuarios', admin.auth, novo('user', { nome: 'Bia Nunes' }))).json();
    await call('POST', `/api/usuarios/${bia.id}/desativar`, admin.auth);
    const q = async (qs: string) => ((await call('GET', `/api/usuarios?${qs}`, admin.auth)).json() as { id: string }[]).map((u) => u.id);
    expect(await q('busca=ferr')).toEqual([ana.id]);
    expect(await q(`busca=${encodeURIComponent(bia.email.slice(0, 8))}`)).toEqual([bia.id]);
    expect(await q('busca=%25')).toEqual([]);
    expect(await q('role=user')).toEqual([bia.id]);
    expect(await q(`departamentoId=${dep.id}`)).toEqual([ana.id]);
    expect(await q('status=inativo')).toEqual([bia.id]);
    expect((await q('status=ativo')).includes(bia.id)).toBe(false);
    const all = (await call('GET', '/api/usuarios', admin.auth)).json() as {
      id: string;
      online: boolean;
      ultimaAtividade: string | null;
      departamentos: object[];
      ehMaster: boolean;
    }[];
    const me = all.find((u) => u.online);
    expect(me).toBeDefined(); // the admin signed in: online, with a last activity
    expect(me!.ultimaAtividade).not.toBeNull();
    expect(all.find((u) => u.id === ana.id)).toMatchObject({
      online: false,
      ultimaAtividade: null,
      departamentos: [{ id: dep.id, nome: 'Financeiro' }],
    });
    expect(all.find((u) => u.id === acc.master.id)!.ehMaster).toBe(true);
  });

  it('a deactivated user cannot sign in, their token and refresh cookie die at once, and reactivation lets them in', async () => {
    const { acc, admin } = await conta();
    const row = await acc.addUser('atendente');
    const s = await login(t.app, row.email);
    const off = await call('POST', `/api/usuarios/${row.id}/desativar`, admin.auth);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ status: 'inativo', ocupaAssento: false, online: false });
    expect((await call('GET', '/Usuario/GetCurrentUser', s.auth)).statusCode).toBe(401);
    const refresh = await t.app.inject({ method: 'GET', url: '/backend/api/auth/refresh', cookies: { balcao_refresh: s.refreshCookie } });
    expect(refresh.statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/backend/api/auth/login',
      payload: { email: row.email, senha: 'senha-de-teste' },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'USER_DISABLED', message: USUARIOS_TEXTS.contaDesativada });
    // Nobody can pick them for a new internal chat or a transfer.
    const avail = async () =>
      ((await call('GET', '/api/chat-interno/usuarios-disponiveis', admin.auth)).json() as { id: string }[]).map((u) => u.id);
    const transferable = async () =>
      ((await call('GET', '/api/atendimento/atendentes', admin.auth)).json() as { id: string }[]).map((u) => u.id);
    expect(await avail()).not.toContain(row.id);
    expect(await transferable()).not.toContain(row.id);
    expect((await call('POST', `/api/usuarios/${row.id}/reativar`, admin.auth)).json().status).toBe('ativo');
    expect((await login(t.app, row.email)).user.id).toBe(row.id);
    expect(await avail()).toContain(row.id);
  });

  it('redefinir-senha e-mails a 1-hour link to someone who has signed in, an invitation to someone who never did', async () => {
    const { acc, admin } = await conta();
    const row = await acc.addUser('atendente');
    await login(t.app, row.email);
    expect((await call('POST', `/api/usuarios/${row.id}/redefinir-senha`, admin.auth)).json()).toEqual({
      message: USUARIOS_TEXTS.redefinicaoEnviada,
    });
    expect((await lastMail(row.email))!.text).toContain('válido por 1 hora');
    const [tok] = await t.ctx.db
      .select()
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, row.id)));
    expect(tok!.tipo).toBe('reset');
    const fresh = (await call('POST', '/api/usuarios', admin.auth, novo('user'))).json();
    await call('POST', `/api/usuarios/${fresh.id}/redefinir-senha`, admin.auth);
    const toks = await t.ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, fresh.id));
    expect(toks.map((x) => x.tipo)).toEqual(['convite']); // the earlier invitation was replaced
  });

  it('answers 403 to atendente, user and tracker on every administration call, and 404 for another account ids', async () => {
    const { acc, admin } = await conta();
    const other = await conta();
    const dep = await acc.addDepartamento('Vendas');
    const otherDep = await other.acc.addDepartamento('Vendas');
    const otherUser = await other.acc.addUser('atendente');
    const target = await acc.addUser('user');
    const calls: [string, string, object?][] = [
      ['GET', '/api/usuarios'],
      ['POST', '/api/usuarios', novo('user')],
      ['PUT', `/api/usuarios/${target.id}`, novo('user')],
      ['POST', `/api/usuarios/${target.id}/desativar`],
      ['POST', `/api/usuarios/${target.id}/reativar`],
      ['POST', `/api/usuarios/${target.id}/redefinir-senha`],
      ['POST', '/api/departamentos', { nome: 'X' }],
      ['PUT', `/api/departamentos/${dep.id}`, { nome: 'Y' }],
      ['DELETE', `/api/departamentos/${dep.id}`],
      ['GET', '/api/dashboard/visao-geral'],
      ['PUT', '/api/conta', { nome: 'Outra', timeZone: 'UTC' }],
      ['DELETE', '/api/conta/logo'],
    ];
    for (const role of ['atendente', 'user', 'tracker'] as const) {
      const s = await login(t.app, (await acc.addUser(role)).email);
      for (const [m, url, body] of calls) {
        const r = await call(m as 'GET', url, s.auth, body);
        expect(`${role} ${m} ${url} ${r.statusCode}`).toBe(`${role} ${m} ${url} 403`);
      }
    }
    const foreign: [string, string, object?][] = [
      ['PUT', `/api/usuarios/${otherUser.id}`, novo('user')],
      ['POST', `/api/usuarios/${otherUser.id}/desativar`],
      ['POST', `/api/usuarios/${otherUser.id}/reativar`],
      ['POST', `/api/usuarios/${otherUser.id}/redefinir-senha`],
      ['POST', '/api/usuarios', novo('user', { departamentoIds: [otherDep.id] })],
      ['PUT', `/api/departamentos/${otherDep.id}`, { nome: 'Z' }],
      ['DELETE', `/api/departamentos/${otherDep.id}`],
      ['PUT', `/api/departamentos/${dep.id}`, { nome: 'Vendas', usuarioIds: [otherUser.id] }],
      ['GET', `/api/dashboard/visao-geral?departamentoId=${otherDep.id}`],
      ['GET', `/api/dashboard/visao-geral?atendenteId=${otherUser.id}`],
      ['PUT', '/api/usuarios/nao-e-um-id', novo('user')],
    ];
    for (const [m, url, body] of foreign) {
      const r = await call(m as 'GET', url, admin.auth, body);
      expect(`${m} ${url} ${r.statusCode}`).toBe(`${m} ${url} 404`);
    }
    expect((await call('GET', '/api/usuarios', admin.auth)).json().some((u: { id: string }) => u.id === otherUser.id)).toBe(false);
  });
});
