import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { TRole } from '@balcao/shared/roles';
import { accounts, type AccountRow } from '../../db/schema/accounts';
import { departamentos } from '../../db/schema/departamentos';
import { users, type UserRow } from '../../db/schema/users';
import { type Db, withTransaction } from '../../lib/db';
import { Conflict } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';

export type NewUser = { nome: string; email: string; role: TRole; senha: string; departamentoId?: string | null };

/** A slug for `databaseName`: lower-case ASCII letters, digits and hyphens. */
export function slugify(text: string): string {
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

export const generatePassword = () => randomBytes(9).toString('base64url');

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

/** An account and its master, in one transaction. */
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
