import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { TRACKER_TEXTS as T, type TAtividade, type TComentario, type ZComentarioInput } from '@balcao/shared/tracker';
import { tarefaAtividades, tarefaComentarios } from '../../db/schema/tracker';
import { type Db, withTransaction } from '../../lib/db';
import { BadRequest } from '../../lib/errors';
import type { TSessionUser } from '../../lib/session';
import { nomesDe, pessoaRef, presentTarefa } from './presenter';
import { tarefaDaConta } from './queries';
import { registrar, type TrackerDeps } from './service';

/** GET /tarefas/{id}/atividade: newest first. */
export async function atividadeDe(db: Db, u: TSessionUser, id: string): Promise<TAtividade[]> {
  await tarefaDaConta(db, u.accountId, id);
  const rows = await db
    .select()
    .from(tarefaAtividades)
    .where(and(eq(tarefaAtividades.tarefaId, id), eq(tarefaAtividades.accountId, u.accountId)))
    .orderBy(desc(tarefaAtividades.createdAt), desc(tarefaAtividades.id));
  const nomes = await nomesDe(
    db,
    u.accountId,
    rows.flatMap((r) => (r.usuarioId ? [r.usuarioId] : [])),
  );
  return rows.map((r) => ({
    id: r.id,
    tipo: r.tipo as TAtividade['tipo'],
    usuario: pessoaRef(nomes, r.usuarioId),
    dados: r.dados,
    criadaEm: r.createdAt.toISOString(),
  }));
}

type ComentarioRow = typeof tarefaComentarios.$inferSelect;
const presentComentario = (r: ComentarioRow, nomes: Map<string, string>): TComentario => ({
  id: r.id,
  autor: pessoaRef(nomes, r.autorId),
  texto: r.texto,
  mencoes: r.mencoes.flatMap((m) => pessoaRef(nomes, m) ?? []),
  criadoEm: r.createdAt.toISOString(),
});
const idsDe = (r: ComentarioRow) => [...r.mencoes, ...(r.autorId ? [r.autorId] : [])];

/** GET /tarefas/{id}/comentarios: oldest first, as a conversation reads. */
export async function comentariosDe(db: Db, u: TSessionUser, id: string): Promise<TComentario[]> {
  await tarefaDaConta(db, u.accountId, id);
  const rows = await db
    .select()
    .from(tarefaComentarios)
    .where(and(eq(tarefaComentarios.tarefaId, id), eq(tarefaComentarios.accountId, u.accountId)))
    .orderBy(asc(tarefaComentarios.createdAt), asc(tarefaComentarios.id));
  const nomes = await nomesDe(db, u.accountId, rows.flatMap(idsDe));
  return rows.map((r) => presentComentario(r, nomes));
}

/** POST /tarefas/{id}/comentarios: the people mentioned (of this account) get a notice. */
export async function comentar(
  d: TrackerDeps,
  u: TSessionUser,
  id: string,
  input: z.output<typeof ZComentarioInput>,
): Promise<TComentario> {
  const tarefa = await tarefaDaConta(d.db, u.accountId, id);
  const mencoes = [...new Set(input.mencoes)];
  const nomesMencionados = await nomesDe(d.db, u.accountId, mencoes);
  if (nomesMencionados.size !== mencoes.length) throw new BadRequest(T.mencaoInvalida, { mencoes: [T.mencaoInvalida] });
  const row = await withTransaction(d.db, async (tx) => {
    const [r] = await tx
      .insert(tarefaComentarios)
      .values({ accountId: u.accountId, tarefaId: id, autorId: u.id, texto: input.texto, mencoes })
      .returning();
    await registrar(tx, u.accountId, id, u.id, 'comentario', { comentarioId: r!.id });
    return r!;
  });
  const nomes = await nomesDe(d.db, u.accountId, idsDe(row));
  const outros = mencoes.filter((m) => m !== u.id);
  if (outros.length) {
    const todos = await nomesDe(d.db, u.accountId, [...tarefa.responsaveis, ...(tarefa.criadoPorId ? [tarefa.criadoPorId] : [])]);
    await d.avisar?.(u, presentTarefa(tarefa, todos, d.publicUrl), outros, 'mencao');
  }
  return presentComentario(row, nomes);
}
