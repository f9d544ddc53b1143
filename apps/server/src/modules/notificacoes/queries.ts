import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { TPushInscricao } from '@balcao/shared/notificacoes';
import { notificacaoPreferencias, pushInscricoes } from '../../db/schema/notificacoes';
import { users } from '../../db/schema/users';
import type { Db } from '../../lib/db';

type TPushSubscription = TPushInscricao['subscription'];

/** This browser for this user: a browser that changes hands (another login) follows the new user. */
export async function upsertInscricao(db: Db, accountId: string, usuarioId: string, s: TPushSubscription) {
  const values = { accountId, usuarioId, endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth };
  await db
    .insert(pushInscricoes)
    .values(values)
    .onConflictDoUpdate({ target: pushInscricoes.endpoint, set: { accountId, usuarioId, p256dh: values.p256dh, auth: values.auth } });
}

/** Only the caller's own row: another user's endpoint is left alone (and answers the same). */
export async function deleteInscricao(db: Db, usuarioId: string, endpoint: string) {
  await db.delete(pushInscricoes).where(and(eq(pushInscricoes.usuarioId, usuarioId), eq(pushInscricoes.endpoint, endpoint)));
}

/** The push service said the subscription is gone (404/410). */
export async function deleteEndpoint(db: Db, endpoint: string) {
  await db.delete(pushInscricoes).where(eq(pushInscricoes.endpoint, endpoint));
}

export async function findPreferencias(db: Db, usuarioId: string) {
  const [row] = await db.select().from(notificacaoPreferencias).where(eq(notificacaoPreferencias.usuarioId, usuarioId)).limit(1);
  return row;
}

export async function savePreferencias(db: Db, row: typeof notificacaoPreferencias.$inferInsert) {
  const { usuarioId: _, accountId: __, ...set } = row;
  await db
    .insert(notificacaoPreferencias)
    .values(row)
    .onConflictDoUpdate({ target: notificacaoPreferencias.usuarioId, set: { ...set, updatedAt: new Date() } });
}

/** Subscribed browsers with what deciding a push needs: their user, the user's status and choices. */
function inscritosOnde(db: Db, onde: SQL | undefined) {
  return db
    .select({
      accountId: pushInscricoes.accountId,
      endpoint: pushInscricoes.endpoint,
      p256dh: pushInscricoes.p256dh,
      auth: pushInscricoes.auth,
      usuarioId: users.id,
      nome: users.nome,
      role: users.role,
      departamentoId: users.departamentoId,
      online: users.online,
      push: notificacaoPreferencias.push,
      mostrarPrevia: notificacaoPreferencias.mostrarPrevia,
      eventos: notificacaoPreferencias.eventos,
    })
    .from(pushInscricoes)
    .innerJoin(users, eq(users.id, pushInscricoes.usuarioId))
    .leftJoin(notificacaoPreferencias, eq(notificacaoPreferencias.usuarioId, users.id))
    .where(and(eq(users.accountId, pushInscricoes.accountId), eq(users.ativo, true), onde));
}
export type TInscrito = Awaited<ReturnType<typeof inscritosOnde>>[number];

export const inscritosDaConta = (db: Db, accountId: string) => inscritosOnde(db, eq(pushInscricoes.accountId, accountId));
/** The internal chat's receivers are users of one account already (the chat's own membership). */
export const inscritosDosUsuarios = (db: Db, ids: string[]) => inscritosOnde(db, inArray(pushInscricoes.usuarioId, ids));
