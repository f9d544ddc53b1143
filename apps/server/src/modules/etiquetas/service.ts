import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ETIQUETAS_TEXTS as T, type TEtiqueta, type TEtiquetaInput } from '@balcao/shared/etiquetas';
import { ATENDIMENTO_TEXTS } from '@balcao/shared/atendimentos';
import { atendimentos } from '../../db/schema/atendimentos';
import { etiquetas } from '../../db/schema/etiquetas';
import type { Db } from '../../lib/db';
import { BadRequest, Conflict, NotFound } from '../../lib/errors';
import { assertCanSee, type TStaff } from '../atendimentos/policy';
import { presentAtendimento } from '../atendimentos/presenter';
import { findAtendimento } from '../atendimentos/queries';

/** The account's labels by name, each with how many open conversations carry it. */
export async function listEtiquetas(db: Db, accountId: string): Promise<TEtiqueta[]> {
  // Per label, its open conversations by the GIN index on etiqueta_ids (the containment operator).
  // Written qualified: Drizzle leaves a single table's columns unqualified in the select list.
  const abertos = sql<number>`(select count(*)::int from atendimentos a where a.account_id = etiquetas.account_id
    and a.status <> 'finalizado' and a.etiqueta_ids @> array[etiquetas.id])`;
  return db
    .select({ id: etiquetas.id, nome: etiquetas.nome, cor: etiquetas.cor, atendimentos: abertos })
    .from(etiquetas)
    .where(eq(etiquetas.accountId, accountId))
    .orderBy(asc(sql`lower(${etiquetas.nome})`));
}

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string; cause?: { code?: string } }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505';

async function byId(db: Db, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(etiquetas)
    .where(and(eq(etiquetas.id, id), eq(etiquetas.accountId, accountId)))
    .limit(1);
  if (!row) throw new NotFound(T.naoEncontrada);
  return row;
}

export async function createEtiqueta(db: Db, accountId: string, input: TEtiquetaInput): Promise<TEtiqueta> {
  try {
    const [row] = await db.insert(etiquetas).values({ accountId, nome: input.nome, cor: input.cor.toLowerCase() }).returning();
    return { id: row!.id, nome: row!.nome, cor: row!.cor, atendimentos: 0 };
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(T.nomeEmUso);
    throw err;
  }
}

export async function updateEtiqueta(db: Db, accountId: string, id: string, input: TEtiquetaInput): Promise<TEtiqueta> {
  await byId(db, accountId, id);
  try {
    await db.update(etiquetas).set({ nome: input.nome, cor: input.cor.toLowerCase() }).where(eq(etiquetas.id, id));
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(T.nomeEmUso);
    throw err;
  }
  return (await listEtiquetas(db, accountId)).find((e) => e.id === id)!;
}

/** Deleting a label takes it off every conversation of the account too. */
export async function deleteEtiqueta(db: Db, accountId: string, id: string) {
  await byId(db, accountId, id);
  await db
    .update(atendimentos)
    .set({ etiquetaIds: sql`array_remove(${atendimentos.etiquetaIds}, ${id}::uuid)` })
    .where(and(eq(atendimentos.accountId, accountId), sql`${atendimentos.etiquetaIds} @> array[${id}::uuid]`));
  await db.delete(etiquetas).where(eq(etiquetas.id, id));
}

/** The conversation's labels become exactly these (the account's own: another account's id is unknown). */
export async function setEtiquetas(db: Db, staff: TStaff, atendimentoId: string, ids: string[]) {
  const joined = await findAtendimento(db, staff.accountId, atendimentoId);
  if (!joined) throw new NotFound(ATENDIMENTO_TEXTS.naoEncontrado);
  const before = presentAtendimento(joined);
  assertCanSee(staff, before);
  const unique = [...new Set(ids)];
  if (unique.length) {
    const found = await db
      .select({ id: etiquetas.id })
      .from(etiquetas)
      .where(and(eq(etiquetas.accountId, staff.accountId), inArray(etiquetas.id, unique)));
    if (found.length !== unique.length) throw new BadRequest(T.naoEncontrada, { etiquetaIds: [T.naoEncontrada] });
  }
  const [a] = await db
    .update(atendimentos)
    .set({ etiquetaIds: unique })
    .where(and(eq(atendimentos.id, atendimentoId), eq(atendimentos.accountId, staff.accountId)))
    .returning();
  return { before, row: presentAtendimento({ ...joined, a: a! }) };
}
