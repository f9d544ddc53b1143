import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { TOperadorContaInput } from '@balcao/shared/operador';
import type { TRole } from '@balcao/shared/roles';
import { accounts, type AccountRow } from '../../db/schema/accounts';
import { departamentos } from '../../db/schema/departamentos';
import { users, type UserRow } from '../../db/schema/users';
import { type Db, withTransaction } from '../../lib/db';
import { Conflict } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { hashPassword } from '../../lib/passwords';
import type { TokenService } from '../../lib/tokens';
import { startSession } from '../auth/sessions';
import { createLicenca } from '../licenca/service';

export type NewUser = { nome: string; email: string; role: TRole; senha: string; departamentoId?: string | null };

/** A slug for `databaseName`: lower-case ASCII letters, digits and hyphens. */
function slugify(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'conta'
  );
}

const generatePassword = () => randomBytes(9).toString('base64url');

export async function createUser(db: Db, accountId: string, input: NewUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      accountId,
      nome: input.nome,
      email: input.email.toLowerCase(),
      role: input.role,
      passwordHash: await hashPassword(input.senha),
      departamentoId: input.departamentoId ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new Conflict('Já existe um usuário com esse e-mail.');
  return row;
}

/** An account, its master and its initial licence (30 days, standard seats), in one transaction. */
export async function createAccount(
  db: Db,
  input: { nome: string; databaseName?: string; master: Omit<NewUser, 'role'> },
): Promise<{ account: AccountRow; master: UserRow }> {
  return withTransaction(db, async (tx) => {
    const databaseName = input.databaseName ?? slugify(input.nome);
    const [account] = await tx.insert(accounts).values({ nome: input.nome, databaseName }).onConflictDoNothing().returning();
    if (!account) throw new Conflict(`Já existe uma conta com o nome de banco "${databaseName}".`);
    const master = await createUser(tx, account.id, { ...input.master, role: 'master' });
    const [updated] = await tx.update(accounts).set({ masterUserId: master.id }).where(eq(accounts.id, account.id)).returning();
    await createLicenca(tx, account.id);
    return { account: updated!, master };
  });
}

export async function createDepartamento(db: Db, accountId: string, nome: string) {
  const [row] = await db.insert(departamentos).values({ accountId, nome }).returning();
  return row!;
}

export async function countAccounts(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(accounts);
  return row?.n ?? 0;
}

/** What opening an account needs besides the database: the e-mail, the login link's token and origin. */
type OpenAccountDeps = { db: Db; mailer: Mailer; tokens: TokenService; publicUrl: string };

/**
 * A new account and its master, with a generated password e-mailed to the master with a login link
 * (valid as long as an access token). One path for `npm run account:create` and POST /backend/operador/contas.
 */
export async function openAccount(deps: OpenAccountDeps, input: TOperadorContaInput): Promise<{ account: AccountRow; master: UserRow }> {
  const senha = generatePassword();
  const { account, master } = await createAccount(deps.db, {
    nome: input.nome,
    databaseName: input.databaseName,
    master: { nome: input.masterNome ?? input.nome, email: input.email, senha },
  });
  // The login link opens a session of its own: logout, a reset or a password change end it like any other.
  const { token } = await startSession(deps.db, deps.tokens, master);
  const base = deps.publicUrl;
  await deps.mailer.send({
    to: master.email,
    subject: 'Balcão: sua conta foi criada',
    text: `Olá, ${master.nome}.\n\nSua conta "${account.nome}" está pronta.\nE-mail: ${master.email}\nSenha: ${senha}\n\nEntre por ${base}/login ou, na próxima hora, direto por este link:\n${base}/atendimentos?token=${token}\n\nTroque a senha em Perfil > Alterar Senha.`,
  });
  return { account, master };
}
