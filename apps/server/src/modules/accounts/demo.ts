import type { Db } from '../../lib/db';
import { countAccounts, createAccount, createDepartamento, createUser } from './service';

const DEMO_PASSWORD = 'balcao-demo';
const DEMO_DATABASE_NAME = 'demo';

export type DemoLogins = { emails: string[]; senha: string };

/** The demo account of the README: one user per role, a second atendente, two departments; null if any account exists. */
export async function seedDemo(db: Db): Promise<DemoLogins | null> {
  if ((await countAccounts(db)) > 0) return null;
  const senha = DEMO_PASSWORD;
  const { account } = await createAccount(db, {
    nome: 'Balcão Demonstração',
    databaseName: DEMO_DATABASE_NAME,
    master: { nome: 'Marta Master', email: 'master@demo.local', senha },
  });
  const comercial = await createDepartamento(db, account.id, 'Comercial');
  const suporte = await createDepartamento(db, account.id, 'Suporte');
  await createUser(db, account.id, { nome: 'Ana Admin', email: 'admin@demo.local', role: 'admin', senha });
  await createUser(db, account.id, {
    nome: 'Carlos Atendente',
    email: 'atendente@demo.local',
    role: 'atendente',
    senha,
    departamentoId: comercial.id,
  });
  await createUser(db, account.id, {
    nome: 'Sofia Atendente',
    email: 'atendente2@demo.local',
    role: 'atendente',
    senha,
    departamentoId: suporte.id,
  });
  await createUser(db, account.id, { nome: 'Ulisses Usuário', email: 'user@demo.local', role: 'user', senha });
  await createUser(db, account.id, { nome: 'Tiago Tracker', email: 'tracker@demo.local', role: 'tracker', senha });
  const emails = ['master', 'admin', 'atendente', 'atendente2', 'user', 'tracker'].map((u) => `${u}@demo.local`);
  return { emails, senha };
}
