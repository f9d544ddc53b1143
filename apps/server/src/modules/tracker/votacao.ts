import { and, asc, eq, sql } from 'drizzle-orm';
import { CARTA_INCERTA, TRACKER_TEXTS as T, type TValorVoto, type TVotacao } from '@balcao/shared/tracker';
import { tarefas, tarefaVotacoes, tarefaVotos } from '../../db/schema/tracker';
import { users } from '../../db/schema/users';
import { type Db, withTransaction } from '../../lib/db';
import { Conflict } from '../../lib/errors';
import type { TSessionUser } from '../../lib/session';
import { authorize } from './policy';
import { presentTarefas } from './presenter';
import { tarefaDaConta } from './queries';
import { registrar, type TrackerDeps } from './service';

type Rodada = typeof tarefaVotacoes.$inferSelect;
const parse = (v: string): TValorVoto => (v === CARTA_INCERTA ? CARTA_INCERTA : (Number(v) as TValorVoto));

/**
 * The round as `viewer` may see it: before the reveal every value is null except the viewer's own. With no
 * viewer (the broadcast every voter receives) all values stay hidden until the reveal.
 */
async function estado(db: Db, tarefaId: string, rodada: Rodada | undefined, viewer: string | null): Promise<TVotacao> {
  if (!rodada) return { tarefaId, rodada: 0, aberta: false, revelada: false, moderadorId: null, votos: [] };
  const votos = await db
    .select({ usuarioId: tarefaVotos.usuarioId, nome: users.nome, valor: tarefaVotos.valor })
    .from(tarefaVotos)
    .innerJoin(users, eq(users.id, tarefaVotos.usuarioId))
    .where(and(eq(tarefaVotos.tarefaId, tarefaId), eq(tarefaVotos.rodada, rodada.rodada)))
    .orderBy(asc(tarefaVotos.createdAt), asc(users.nome));
  return {
    tarefaId,
    rodada: rodada.rodada,
    aberta: rodada.aberta,
    revelada: rodada.revelada,
    moderadorId: rodada.moderadorId,
    votos: votos.map((v) => ({
      usuarioId: v.usuarioId,
      nome: v.nome,
      valor: rodada.revelada || v.usuarioId === viewer ? parse(v.valor) : null,
    })),
  };
}

const rodadaDe = async (db: Db, tarefaId: string) =>
  (await db.select().from(tarefaVotacoes).where(eq(tarefaVotacoes.tarefaId, tarefaId)))[0];

/** Tells every screen of the account (the hidden view), answers the caller with their own value. */
async function depois(d: TrackerDeps, u: TSessionUser, tarefaId: string): Promise<TVotacao> {
  const rodada = await rodadaDe(d.db, tarefaId);
  d.events.votacao(u.accountId, await estado(d.db, tarefaId, rodada, null));
  return estado(d.db, tarefaId, rodada, u.id);
}

export async function votacaoDe(db: Db, u: TSessionUser, tarefaId: string): Promise<TVotacao> {
  await tarefaDaConta(db, u.accountId, tarefaId);
  return estado(db, tarefaId, await rodadaDe(db, tarefaId), u.id);
}

/** POST /votacao: opens the first round or a new one (the caller moderates it); old votes stay with their round. */
export async function abrirVotacao(d: TrackerDeps, u: TSessionUser, tarefaId: string): Promise<TVotacao> {
  await tarefaDaConta(d.db, u.accountId, tarefaId);
  const atual = await rodadaDe(d.db, tarefaId);
  if (atual?.aberta) authorize(u, 'moderar', atual);
  await d.db
    .insert(tarefaVotacoes)
    .values({ tarefaId, accountId: u.accountId, rodada: 1, aberta: true, revelada: false, moderadorId: u.id })
    .onConflictDoUpdate({
      target: tarefaVotacoes.tarefaId,
      set: { rodada: sql`${tarefaVotacoes.rodada} + 1`, aberta: true, revelada: false, moderadorId: u.id, updatedAt: new Date() },
    });
  return depois(d, u, tarefaId);
}

async function rodadaAberta(db: Db, u: TSessionUser, tarefaId: string): Promise<Rodada> {
  await tarefaDaConta(db, u.accountId, tarefaId);
  const rodada = await rodadaDe(db, tarefaId);
  if (!rodada?.aberta) throw new Conflict(T.semVotacao);
  return rodada;
}

/** POST /votacao/votos: one vote per person per round; voting again changes it (until the reveal). */
export async function votar(d: TrackerDeps, u: TSessionUser, tarefaId: string, valor: TValorVoto): Promise<TVotacao> {
  const rodada = await rodadaAberta(d.db, u, tarefaId);
  if (rodada.revelada) throw new Conflict(T.semVotacao);
  await d.db
    .insert(tarefaVotos)
    .values({ tarefaId, rodada: rodada.rodada, usuarioId: u.id, valor: String(valor) })
    .onConflictDoUpdate({ target: [tarefaVotos.tarefaId, tarefaVotos.rodada, tarefaVotos.usuarioId], set: { valor: String(valor) } });
  return depois(d, u, tarefaId);
}

export async function revelar(d: TrackerDeps, u: TSessionUser, tarefaId: string): Promise<TVotacao> {
  const rodada = await rodadaAberta(d.db, u, tarefaId);
  authorize(u, 'moderar', rodada);
  await d.db.update(tarefaVotacoes).set({ revelada: true, updatedAt: new Date() }).where(eq(tarefaVotacoes.tarefaId, tarefaId));
  return depois(d, u, tarefaId);
}

/** POST /votacao/encerrar: closes the round and, when given, sets the task's final complexidade. */
export async function encerrar(
  d: TrackerDeps,
  u: TSessionUser,
  tarefaId: string,
  complexidade: number | null | undefined,
): Promise<TVotacao> {
  const rodada = await rodadaAberta(d.db, u, tarefaId);
  authorize(u, 'moderar', rodada);
  const row = await withTransaction(d.db, async (tx) => {
    await tx
      .update(tarefaVotacoes)
      .set({ aberta: false, revelada: true, updatedAt: new Date() })
      .where(eq(tarefaVotacoes.tarefaId, tarefaId));
    if (complexidade === undefined || complexidade === null) return null;
    const [r] = await tx.update(tarefas).set({ complexidade, updatedAt: new Date() }).where(eq(tarefas.id, tarefaId)).returning();
    await registrar(tx, u.accountId, tarefaId, u.id, 'complexidade', { valor: complexidade, rodada: rodada.rodada });
    return r!;
  });
  if (row) d.events.tarefa(u.accountId, (await presentTarefas(d.db, u.accountId, [row], d.publicUrl))[0]!);
  return depois(d, u, tarefaId);
}
