import type { TRole } from '@balcao/shared/roles';
import type { Db } from '../lib/db';
import { createAccount, createDepartamento, createUser } from '../modules/accounts/service';
import type { App } from '../app';

export const TEST_PASSWORD = 'senha-de-teste';
let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

/** An account with its master; more users via `addUser`. */
export async function makeAccount(db: Db, nome = 'Loja Teste') {
  const u = unique();
  const { account, master } = await createAccount(db, {
    nome,
    databaseName: `conta-${u}`,
    master: { nome: 'Master Teste', email: `master-${u}@teste.local`, senha: TEST_PASSWORD },
  });
  return {
    account,
    master,
    addUser: (role: TRole, extra: { nome?: string; departamentoId?: string | null } = {}) =>
      createUser(db, account.id, {
        nome: extra.nome ?? `Usuário ${role}`,
        email: `${role}-${unique()}@teste.local`,
        role,
        senha: TEST_PASSWORD,
        departamentoId: extra.departamentoId ?? null,
      }),
    addDepartamento: (nome: string) => createDepartamento(db, account.id, nome),
  };
}

/** Logs in over HTTP and returns the bearer token, the user and the refresh cookie. */
export async function login(app: App, email: string, senha = TEST_PASSWORD) {
  const res = await app.inject({ method: 'POST', url: '/backend/api/auth/login', payload: { email, senha } });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
  const body = res.json() as { token: string; user: { id: string } };
  const cookie = res.cookies.find((c) => c.name === 'balcao_refresh')!;
  return { token: body.token, user: body.user, refreshCookie: cookie.value, auth: { authorization: `Bearer ${body.token}` } };
}

/** A new account and its admin, logged in: the usual start of a test that works through the admin's API. */
export async function makeAccountWithAdmin(app: App, db: Db) {
  const acc = await makeAccount(db);
  const admin = await login(app, (await acc.addUser('admin')).email);
  return { acc, admin };
}
