import { and, eq } from 'drizzle-orm';
import { accounts } from '../../db/schema/accounts';
import { departamentos } from '../../db/schema/departamentos';
import { users, type UserRow } from '../../db/schema/users';
import type { Db } from '../../lib/db';
import { NotFound } from '../../lib/errors';
import { notaMedia } from '../dashboard/service';
import { forgetInscritos } from '../notificacoes/destinatarios';
import { presentCurrentUser } from './presenter';

/** A user of the caller's account, or 404: another account's id looks exactly like an unknown one. */
export async function getUserInAccount(db: Db, accountId: string, userId: string): Promise<UserRow> {
  const [row] = isUuid(userId)
    ? await db
        .select()
        .from(users)
        .where(and(eq(users.id, userId), eq(users.accountId, accountId)))
        .limit(1)
    : [];
  if (!row) throw new NotFound('Usuário não encontrado.');
  return row;
}

export async function loadCurrentUser(db: Db, accountId: string, userId: string) {
  const [row] = await db
    .select({ user: users, account: accounts, departamento: departamentos.nome })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .leftJoin(departamentos, eq(departamentos.id, users.departamentoId))
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)))
    .limit(1);
  if (!row) throw new NotFound('Usuário não encontrado.');
  return presentCurrentUser(row.user, row.account, row.departamento, await notaMedia(db, row.user.id));
}

export async function updateUser(
  db: Db,
  accountId: string,
  userId: string,
  patch: Partial<Pick<UserRow, 'nome' | 'fotoUrl' | 'online' | 'lastHeartbeatAt' | 'passwordHash'>>,
) {
  const [row] = await db
    .update(users)
    .set(patch)
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)))
    .returning();
  if (!row) throw new NotFound('Usuário não encontrado.');
  // Web Push reaches Online users only: a status change is seen at the next message, not after the window.
  if (patch.online !== undefined) forgetInscritos(accountId);
  return row;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID_RE.test(value);
