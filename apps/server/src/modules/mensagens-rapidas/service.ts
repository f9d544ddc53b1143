import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import { MENSAGENS_RAPIDAS_TEXTS as T, type TMensagemRapida, type ZMensagemRapidaInput } from '@balcao/shared/mensagens-rapidas';
import type { z } from 'zod';
import { mensagensRapidas, type MensagemRapidaRow } from '../../db/schema/mensagens-rapidas';
import { users } from '../../db/schema/users';
import type { Db } from '../../lib/db';
import { isUniqueViolation } from '../departamentos/service';
import { BadRequest, NotFound } from '../../lib/errors';
import type { TSessionUser } from '../../lib/session';
import { ilike, likePattern } from '../atendimentos/queries';
import { authorize, can } from './policy';

type Input = z.output<typeof ZMensagemRapidaInput>;

const own = (u: TSessionUser) =>
  and(eq(mensagensRapidas.accountId, u.accountId), eq(mensagensRapidas.usuarioId, u.id), eq(mensagensRapidas.publica, false));
const publicas = (u: TSessionUser) => and(eq(mensagensRapidas.accountId, u.accountId), eq(mensagensRapidas.publica, true));
const pesquisaWhere = (pesquisa: string | undefined) =>
  pesquisa
    ? or(
        ilike(mensagensRapidas.atalho, likePattern(pesquisa)),
        ilike(mensagensRapidas.titulo, likePattern(pesquisa)),
        ilike(mensagensRapidas.conteudo, likePattern(pesquisa)),
      )
    : undefined;

function present(u: TSessionUser, { r, autorNome }: { r: MensagemRapidaRow; autorNome: string | null }): TMensagemRapida {
  return {
    id: r.id,
    atalho: r.atalho,
    titulo: r.titulo,
    conteudo: r.conteudo,
    publica: r.publica,
    autorNome,
    editavel: can(u, 'editar', r),
    atualizadaEm: r.updatedAt.toISOString(),
  };
}

const select = (db: Db, where: SQL | undefined) =>
  db
    .select({ r: mensagensRapidas, autorNome: users.nome })
    .from(mensagensRapidas)
    .leftJoin(users, eq(users.id, mensagensRapidas.usuarioId))
    .where(where)
    .$dynamic();

async function page(db: Db, u: TSessionUser, where: SQL | undefined, p: number, take: number) {
  const [rows, [n]] = await Promise.all([
    select(db, where)
      .orderBy(asc(sql`lower(${mensagensRapidas.atalho})`))
      .limit(take)
      .offset((p - 1) * take),
    db.select({ n: sql<number>`count(*)::int` }).from(mensagensRapidas).where(where),
  ]);
  return { lista: rows.map((row) => present(u, row)), total: n?.n ?? 0 };
}

export const listOwn = (db: Db, u: TSessionUser, pesquisa: string | undefined, p: number, take: number) =>
  page(db, u, and(own(u), pesquisaWhere(pesquisa)), p, take);
export const listPublicas = (db: Db, u: TSessionUser, pesquisa: string | undefined, p: number, take: number) =>
  page(db, u, and(publicas(u), pesquisaWhere(pesquisa)), p, take);

/** The caller's own and the account's public ones: what '/' in the composer searches. */
export async function listAll(db: Db, u: TSessionUser) {
  const rows = await select(db, or(own(u), publicas(u))).orderBy(
    asc(sql`lower(${mensagensRapidas.atalho})`),
    asc(mensagensRapidas.publica),
  );
  return rows.map((row) => present(u, row));
}

async function findVisible(db: Db, u: TSessionUser, id: string) {
  const [row] = await select(db, and(eq(mensagensRapidas.id, id), or(own(u), publicas(u)))).limit(1);
  if (!row) throw new NotFound(T.naoEncontrada);
  return row;
}

/** A shortcut already used (by the owner among personal ones, by the account among public ones): a field error. */
async function writing<X>(publica: boolean, work: () => Promise<X>): Promise<X> {
  try {
    return await work();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const msg = publica ? T.atalhoPublicoEmUso : T.atalhoEmUso;
    throw new BadRequest(msg, { atalho: [msg] });
  }
}

export async function saveRapida(db: Db, u: TSessionUser, input: Input): Promise<{ created: boolean; item: TMensagemRapida }> {
  if (input.publica) authorize(u, 'publicar');
  const values = { atalho: input.atalho, titulo: input.titulo, conteudo: input.conteudo, publica: input.publica };
  if (input.id) {
    const current = await findVisible(db, u, input.id);
    authorize(u, 'editar', current.r);
    // A personal one made public (or back) changes hands: its author stays who wrote it.
    await writing(input.publica, () =>
      db
        .update(mensagensRapidas)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(mensagensRapidas.id, input.id!)),
    );
    return { created: false, item: present(u, await findVisible(db, u, input.id)) };
  }
  const [row] = await writing(input.publica, () =>
    db
      .insert(mensagensRapidas)
      .values({ ...values, accountId: u.accountId, usuarioId: u.id })
      .returning({ id: mensagensRapidas.id }),
  );
  return { created: true, item: present(u, await findVisible(db, u, row!.id)) };
}

export async function deleteRapida(db: Db, u: TSessionUser, id: string) {
  const current = await findVisible(db, u, id);
  authorize(u, 'editar', current.r);
  await db.delete(mensagensRapidas).where(eq(mensagensRapidas.id, id));
}

/** A copy of a public one into the caller's own list (theirs to change from then on). */
export async function importRapida(db: Db, u: TSessionUser, id: string): Promise<TMensagemRapida> {
  const [src] = await select(db, and(eq(mensagensRapidas.id, id), publicas(u))).limit(1);
  if (!src) throw new NotFound(T.naoEncontrada);
  const [row] = await writing(false, () =>
    db
      .insert(mensagensRapidas)
      .values({
        accountId: u.accountId,
        usuarioId: u.id,
        publica: false,
        atalho: src.r.atalho,
        titulo: src.r.titulo,
        conteudo: src.r.conteudo,
      })
      .returning({ id: mensagensRapidas.id }),
  );
  return present(u, await findVisible(db, u, row!.id));
}
