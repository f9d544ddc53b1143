import { and, eq, isNull, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { ATENDIMENTO_TEXTS, type TAtendimento } from '@balcao/shared/atendimentos';
import { atendimentos } from '../../db/schema/atendimentos';
import { users } from '../../db/schema/users';
import { type Db, perDatabase } from '../../lib/db';
import { Conflict, Forbidden } from '../../lib/errors';
import { definePolicy, roleIn } from '../../lib/policy';
import type { TSessionUser } from '../../lib/session';

/** A staff member at the customer chat, with the department that decides which queue is theirs. */
export type TStaff = TSessionUser & { nome: string; departamentoId: string | null };

/** Who attends customers (spec part 2 §6): the transfer list and the staff hub hold these roles only. */
export const ROLES_QUE_ATENDEM = ['atendente', 'admin', 'master'] as const;

const supervisor = roleIn('admin', 'master');
const atende = roleIn(...ROLES_QUE_ATENDEM);

type TAtor = Pick<TSessionUser, 'id' | 'role'> & { departamentoId?: string | null };
type TConversa = Pick<TAtendimento, 'status' | 'departamentoId' | 'atendenteId'>;

/**
 * The customer chat's rules. `verTodos`: admin and master see (and hear) every conversation of the account;
 * an atendente sees their department's waiting queue (and that of no department) and what is theirs.
 * `conduzir`: only who holds a conversation, or admin and master, answers, hands over or closes it.
 */
export const { can, authorize } = definePolicy<
  { atender: undefined; verTodos: undefined; ver: TConversa; conduzir: Pick<TAtendimento, 'atendenteId'> },
  TAtor
>(ATENDIMENTO_TEXTS.semPermissao, {
  atender: (u) => atende(u) || 'Seu perfil não atende clientes.',
  verTodos: supervisor,
  ver: (u, a) =>
    atende(u) &&
    (supervisor(u) ||
      a.atendenteId === u.id ||
      (a.status === 'aguardando' && (a.departamentoId === null || a.departamentoId === u.departamentoId))),
  conduzir: (u, a) => atende(u) && (supervisor(u) || a.atendenteId === u.id || new Conflict(ATENDIMENTO_TEXTS.naoAceito)),
});

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
  authorize(user, 'atender');
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
  if (can(staff, 'verTodos')) return undefined;
  const queue = and(
    eq(atendimentos.status, 'aguardando'),
    staff.departamentoId
      ? or(eq(atendimentos.departamentoId, valores?.departamentoId ?? staff.departamentoId), isNull(atendimentos.departamentoId))
      : isNull(atendimentos.departamentoId),
  );
  return or(queue, eq(atendimentos.atendenteId, valores?.id ?? staff.id));
}

/** 403 unless the staff member may see this conversation (the row form of `visibleTo`). */
export function assertCanSee(staff: TStaff, a: TConversa) {
  authorize(staff, 'ver', a);
}
