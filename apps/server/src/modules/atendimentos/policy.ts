import { and, eq, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { ATENDIMENTO_TEXTS, type TAtendimento } from '@balcao/shared/atendimentos';
import { atendimentos } from '../../db/schema/atendimentos';
import { users } from '../../db/schema/users';
import { type Db, perDatabase } from '../../lib/db';
import { Forbidden } from '../../lib/errors';
import type { TSessionUser } from '../../lib/session';

/** A staff member at the customer chat, with the department that decides which queue is theirs. */
export type TStaff = TSessionUser & { nome: string; departamentoId: string | null };

export const isSupervisor = (u: Pick<TSessionUser, 'role'>) => u.role === 'admin' || u.role === 'master';

const staffRow = perDatabase((db) =>
  db
    .select({ nome: users.nome, departamentoId: users.departamentoId })
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), eq(users.accountId, sql.placeholder('accountId'))))
    .limit(1)
    .prepare('balcao_atendente'),
);

/** Customer chat is for master, admin and atendente (spec part 2 §6). Every staff request reads it: built once. */
export async function requireStaff(db: Db, user: TSessionUser): Promise<TStaff> {
  if (!isSupervisor(user) && user.role !== 'atendente') throw new Forbidden('Seu perfil não atende clientes.');
  const [row] = await staffRow(db).execute({ id: user.id, accountId: user.accountId });
  if (!row) throw new Forbidden();
  return { ...user, ...row };
}

/**
 * What an atendente sees: the waiting queue of their department (and of no department), and what is
 * assigned to them. Admin and master see everything of the account. `valores` puts placeholders in place of
 * the atendente's id and department (a kept statement, built once for every atendente of that kind).
 */
export function visibleTo(staff: TStaff, valores?: { id: Placeholder; departamentoId: Placeholder }): SQL | undefined {
  if (isSupervisor(staff)) return undefined;
  const queue = and(
    eq(atendimentos.status, 'aguardando'),
    staff.departamentoId
      ? or(eq(atendimentos.departamentoId, valores?.departamentoId ?? staff.departamentoId), isNull(atendimentos.departamentoId))
      : isNull(atendimentos.departamentoId),
  );
  return or(queue, eq(atendimentos.atendenteId, valores?.id ?? staff.id));
}

function canSee(staff: TStaff, a: Pick<TAtendimento, 'status' | 'departamentoId' | 'atendenteId'>): boolean {
  if (isSupervisor(staff) || a.atendenteId === staff.id) return true;
  return a.status === 'aguardando' && (a.departamentoId === null || a.departamentoId === staff.departamentoId);
}

export function assertCanSee(staff: TStaff, a: Pick<TAtendimento, 'status' | 'departamentoId' | 'atendenteId'>) {
  if (!canSee(staff, a)) throw new Forbidden(ATENDIMENTO_TEXTS.semPermissao);
}
