import { and, asc, count, eq, inArray, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import { DEPARTAMENTOS_TEXTS, type TDepartamento, type TDepartamentoInput } from '@balcao/shared/departamentos';
import type { AppContext } from '../../context';
import { atendimentos, canais } from '../../db/schema/atendimentos';
import { departamentos, type DepartamentoRow } from '../../db/schema/departamentos';
import { users } from '../../db/schema/users';
import { type Db, withTransaction } from '../../lib/db';
import { Conflict, NotFound } from '../../lib/errors';
import { isUuid } from '../usuarios/service';
import { moveDepartmentRooms, type RoomMove, leaveDepartmentRooms } from './rooms';

const ABERTOS = ['aguardando', 'em_atendimento'] as const;
/** The department routing a channel's settings may carry, whatever its type. */
type RotaDepartamentos = { departamentoIds?: string[]; departamentoPadraoId?: string | null; escolherDepartamento?: boolean };

/** A unique index said no (PostgreSQL 23505), whether the driver's error or Drizzle's wrapper around it. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** The account's departments with their members and open atendimentos, by name. */
export async function listDepartamentos(db: Db, accountId: string): Promise<TDepartamento[]> {
  const deps = await db
    .select({ id: departamentos.id, nome: departamentos.nome })
    .from(departamentos)
    .where(eq(departamentos.accountId, accountId))
    .orderBy(asc(departamentos.nome));
  const membros = await db
    .select({ id: users.id, departamentoId: users.departamentoId })
    .from(users)
    .where(and(eq(users.accountId, accountId), isNotNull(users.departamentoId)))
    .orderBy(asc(users.nome));
  const abertos = await db
    .select({ departamentoId: atendimentos.departamentoId, n: count() })
    .from(atendimentos)
    .where(and(eq(atendimentos.accountId, accountId), inArray(atendimentos.status, [...ABERTOS]), isNotNull(atendimentos.departamentoId)))
    .groupBy(atendimentos.departamentoId);
  const abertosPor = new Map(abertos.map((r) => [r.departamentoId, Number(r.n)]));
  return deps.map((d) => {
    const usuarioIds = membros.filter((m) => m.departamentoId === d.id).map((m) => m.id);
    return { ...d, membros: usuarioIds.length, usuarioIds, atendimentosAbertos: abertosPor.get(d.id) ?? 0 };
  });
}

/** The account's department, or 404 (another account's id, or no id at all, answers the same). */
export async function getDepartamento(db: Db, accountId: string, id: string): Promise<DepartamentoRow> {
  const [row] = isUuid(id)
    ? await db
        .select()
        .from(departamentos)
        .where(and(eq(departamentos.id, id), eq(departamentos.accountId, accountId)))
        .limit(1)
    : [];
  if (!row) throw new NotFound(DEPARTAMENTOS_TEXTS.naoEncontrado);
  return row;
}

async function assertNomeLivre(db: Db, accountId: string, nome: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: departamentos.id })
    .from(departamentos)
    .where(
      and(
        eq(departamentos.accountId, accountId),
        sql`lower(${departamentos.nome}) = lower(${nome})`,
        exceptId ? ne(departamentos.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) throw new Conflict(DEPARTAMENTOS_TEXTS.nomeEmUso);
}

/**
 * The department's members become exactly `usuarioIds` (each moved from any other department); the others
 * leave it. Answers who moved, so their sockets change queue rooms.
 */
async function setMembers(tx: Db, accountId: string, depId: string, usuarioIds: string[]): Promise<RoomMove[]> {
  const ids = [...new Set(usuarioIds)];
  const found = ids.length
    ? await tx
        .select({ id: users.id, departamentoId: users.departamentoId })
        .from(users)
        .where(and(eq(users.accountId, accountId), inArray(users.id, ids)))
    : [];
  if (found.length !== ids.length) throw new NotFound(DEPARTAMENTOS_TEXTS.usuarioInexistente);
  const leaving = await tx
    .update(users)
    .set({ departamentoId: null })
    .where(and(eq(users.accountId, accountId), eq(users.departamentoId, depId), ids.length ? notInArray(users.id, ids) : undefined))
    .returning({ id: users.id });
  const joining = found.filter((u) => u.departamentoId !== depId);
  if (joining.length) {
    await tx
      .update(users)
      .set({ departamentoId: depId })
      .where(
        and(
          eq(users.accountId, accountId),
          inArray(
            users.id,
            joining.map((u) => u.id),
          ),
        ),
      );
  }
  return [
    ...leaving.map((u) => ({ userId: u.id, from: depId, to: null })),
    ...joining.map((u) => ({ userId: u.id, from: u.departamentoId, to: depId })),
  ];
}

export async function createDepartamento(ctx: Pick<AppContext, 'db' | 'io'>, accountId: string, input: TDepartamentoInput) {
  const { row, moves } = await withTransaction(ctx.db, async (tx) => {
    await assertNomeLivre(tx, accountId, input.nome);
    const [created] = await tx.insert(departamentos).values({ accountId, nome: input.nome }).onConflictDoNothing().returning();
    if (!created) throw new Conflict(DEPARTAMENTOS_TEXTS.nomeEmUso);
    const moved = input.usuarioIds ? await setMembers(tx, accountId, created.id, input.usuarioIds) : [];
    return { row: created, moves: moved };
  });
  moveDepartmentRooms(ctx.io, moves);
  return row;
}

export async function updateDepartamento(ctx: Pick<AppContext, 'db' | 'io'>, accountId: string, id: string, input: TDepartamentoInput) {
  let moves: RoomMove[] = [];
  try {
    await withTransaction(ctx.db, async (tx) => {
      await getDepartamento(tx, accountId, id);
      await assertNomeLivre(tx, accountId, input.nome, id);
      await tx
        .update(departamentos)
        .set({ nome: input.nome })
        .where(and(eq(departamentos.id, id), eq(departamentos.accountId, accountId)));
      if (input.usuarioIds) moves = await setMembers(tx, accountId, id, input.usuarioIds);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(DEPARTAMENTOS_TEXTS.nomeEmUso);
    throw err;
  }
  moveDepartmentRooms(ctx.io, moves);
}

/**
 * Deleting is refused while the department has open atendimentos (409 saying how many). Otherwise its
 * members are left without a department, internal-chat groups lose it as a participant (cascade), finished
 * atendimentos keep their history without it, and channels stop offering it.
 */
export async function deleteDepartamento(ctx: Pick<AppContext, 'db' | 'io'>, accountId: string, id: string): Promise<void> {
  const members = await withTransaction(ctx.db, async (tx) => {
    await getDepartamento(tx, accountId, id);
    const [open] = await tx
      .select({ n: count() })
      .from(atendimentos)
      .where(and(eq(atendimentos.accountId, accountId), eq(atendimentos.departamentoId, id), inArray(atendimentos.status, [...ABERTOS])));
    const n = Number(open?.n ?? 0);
    if (n > 0) throw new Conflict(DEPARTAMENTOS_TEXTS.comAtendimentosAbertos(n));
    const canaisDaConta = await tx.select({ id: canais.id, config: canais.config }).from(canais).where(eq(canais.accountId, accountId));
    for (const c of canaisDaConta) {
      // Any channel type may route to departments (a list to choose from, a default one).
      const cfg: RotaDepartamentos = c.config;
      const ids = cfg.departamentoIds ?? [];
      if (!ids.includes(id) && cfg.departamentoPadraoId !== id) continue;
      const next: RotaDepartamentos = {
        ...cfg,
        departamentoPadraoId: cfg.departamentoPadraoId === id ? null : (cfg.departamentoPadraoId ?? null),
      };
      if (cfg.departamentoIds) {
        next.departamentoIds = ids.filter((d) => d !== id);
        next.escolherDepartamento = Boolean(cfg.escolherDepartamento) && next.departamentoIds.length > 0;
      }
      await tx
        .update(canais)
        .set({ config: sql`${JSON.stringify(next)}::jsonb` })
        .where(eq(canais.id, c.id));
    }
    const rows = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.accountId, accountId), eq(users.departamentoId, id)));
    await tx.delete(departamentos).where(and(eq(departamentos.id, id), eq(departamentos.accountId, accountId)));
    return rows;
  });
  if (members.length) leaveDepartmentRooms(ctx.io, id);
}
