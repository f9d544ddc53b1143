import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { COLUNAS_PADRAO, TRACKER_TEXTS as T, type TColuna, type ZColunasInput } from '@balcao/shared/tracker';
import { tarefas, trackerColunas } from '../../db/schema/tracker';
import { type Db, withTransaction } from '../../lib/db';
import { BadRequest, Conflict } from '../../lib/errors';

/**
 * Serialises the writes that order a board (moves, new tasks, column changes) per account: two moves that
 * read the same neighbours would otherwise write the same position. Held until the transaction ends.
 */
export const lockBoard = (tx: Db, accountId: string) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tracker:${accountId}`}))`);

const present = (r: { id: string; nome: string; ordem: number }): TColuna => ({ id: r.id, nome: r.nome, ordem: r.ordem });

/** The account's columns in board order; the default four are written on first use. */
export async function colunasDe(db: Db, accountId: string): Promise<TColuna[]> {
  const read = () => db.select().from(trackerColunas).where(eq(trackerColunas.accountId, accountId)).orderBy(asc(trackerColunas.ordem));
  let rows = await read();
  if (!rows.length) {
    await db
      .insert(trackerColunas)
      .values(COLUNAS_PADRAO.map((c, ordem) => ({ accountId, id: c.id, nome: c.nome, ordem })))
      .onConflictDoNothing();
    rows = await read();
  }
  return rows.map(present);
}

export async function colunaValida(db: Db, accountId: string, status: string): Promise<TColuna> {
  const coluna = (await colunasDe(db, accountId)).find((c) => c.id === status);
  if (!coluna) throw new BadRequest(T.colunaInvalida, { status: [T.colunaInvalida] });
  return coluna;
}

const slug = (nome: string) =>
  `${
    nome
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 24) || 'coluna'
  }-${randomBytes(3).toString('hex')}`;

/** PUT /colunas: renames, reorders, adds (no id) and removes (left out, only when empty) in one go. */
export async function salvarColunas(db: Db, accountId: string, input: z.output<typeof ZColunasInput>): Promise<TColuna[]> {
  return withTransaction(db, async (tx) => {
    await lockBoard(tx, accountId);
    const atuais = await colunasDe(tx, accountId);
    const ids = new Set(atuais.map((c) => c.id));
    const dadas = input.filter((c) => c.id).map((c) => c.id!);
    if (new Set(dadas).size !== dadas.length) throw new BadRequest(T.colunasRepetidas, { colunas: [T.colunasRepetidas] });
    if (dadas.some((id) => !ids.has(id))) throw new BadRequest(T.colunaInvalida, { colunas: [T.colunaInvalida] });
    const removidas = atuais.filter((c) => !dadas.includes(c.id)).map((c) => c.id);
    if (removidas.length) {
      const [emUso] = await tx
        .select({ id: tarefas.id })
        .from(tarefas)
        .where(and(eq(tarefas.accountId, accountId), inArray(tarefas.status, removidas)))
        .limit(1);
      if (emUso) throw new Conflict(T.colunaComTarefas);
      await tx.delete(trackerColunas).where(and(eq(trackerColunas.accountId, accountId), inArray(trackerColunas.id, removidas)));
    }
    const ordenadas = [...input].sort((a, b) => a.ordem - b.ordem);
    for (const [ordem, c] of ordenadas.entries()) {
      const id = c.id ?? slug(c.nome);
      await tx
        .insert(trackerColunas)
        .values({ accountId, id, nome: c.nome, ordem })
        .onConflictDoUpdate({ target: [trackerColunas.accountId, trackerColunas.id], set: { nome: c.nome, ordem } });
    }
    return colunasDe(tx, accountId);
  });
}
