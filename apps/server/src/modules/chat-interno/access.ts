import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { CHAT_INTERNO_INLINE } from '@balcao/shared/chat-interno';
import { accounts } from '../../db/schema/accounts';
import { chatConversas, chatParticipantes, type ChatConversaRow } from '../../db/schema/chat-interno';
import { users } from '../../db/schema/users';
import type { Db } from '../../lib/db';
import { NotFound } from '../../lib/errors';
import type { TSessionUser } from '../../lib/session';
import { isUuid } from '../usuarios/service';

/**
 * True when `userId` currently takes part in the conversation: listed as a user, or in a listed department,
 * and not marked as having left or been removed. One definition for every query (list, access, broadcast).
 */
export function isMember(conversaId: AnyPgColumn | string, userId: string): SQL {
  const department = sql`(select ${users.departamentoId} from ${users} where ${users.id} = ${userId})`;
  return sql`(exists (select 1 from ${chatParticipantes} cp where cp.conversa_id = ${conversaId}
      and ((cp.usuario_id = ${userId} and not cp.removed) or cp.departamento_id = ${department}))
    and not exists (select 1 from ${chatParticipantes} cr where cr.conversa_id = ${conversaId} and cr.usuario_id = ${userId} and cr.removed))`;
}

export type Acesso = {
  conversa: ChatConversaRow;
  /** The caller is an admin of this group (only listed users can be). */
  admin: boolean;
  eu: { id: string; nome: string; fotoUrl: string | null };
};

/** The conversation if the caller takes part in it; otherwise (unknown, another account's, not a member) 404 alike. */
export async function acessarConversa(db: Db, user: TSessionUser, conversaId: string): Promise<Acesso> {
  const [row] = isUuid(conversaId)
    ? await db
        .select({
          conversa: chatConversas,
          admin: chatParticipantes.admin,
          removed: chatParticipantes.removed,
          nome: users.nome,
          fotoUrl: users.fotoUrl,
        })
        .from(chatConversas)
        .innerJoin(users, and(eq(users.id, user.id), eq(users.accountId, chatConversas.accountId)))
        .leftJoin(chatParticipantes, and(eq(chatParticipantes.conversaId, chatConversas.id), eq(chatParticipantes.usuarioId, user.id)))
        .where(and(eq(chatConversas.id, conversaId), eq(chatConversas.accountId, user.accountId), isMember(chatConversas.id, user.id)))
        .limit(1)
    : [];
  if (!row) throw new NotFound(CHAT_INTERNO_INLINE.conversaNaoEncontrada);
  return {
    conversa: row.conversa,
    admin: row.admin === true && row.removed === false,
    eu: { id: user.id, nome: row.nome, fotoUrl: row.fotoUrl },
  };
}

/** Everyone who takes part now (departments expanded to their current members): who receives its events. */
export async function memberIds(db: Db, accountId: string, conversaId: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.accountId, accountId),
        sql`exists (select 1 from ${chatParticipantes} cp where cp.conversa_id = ${conversaId}
            and ((cp.usuario_id = ${users.id} and not cp.removed) or cp.departamento_id = ${users.departamentoId}))`,
        sql`not exists (select 1 from ${chatParticipantes} cr where cr.conversa_id = ${conversaId} and cr.usuario_id = ${users.id} and cr.removed)`,
      ),
    );
  return rows.map((r) => r.id);
}

/** Spec part 2 §2/§6: "the master" is the user whose id equals the account's masterId, whatever the role says. */
export async function isAccountMaster(db: Db, user: TSessionUser): Promise<boolean> {
  const [row] = await db.select({ masterUserId: accounts.masterUserId }).from(accounts).where(eq(accounts.id, user.accountId)).limit(1);
  return row?.masterUserId === user.id;
}
