import { and, eq, inArray } from 'drizzle-orm';
import { PUBLIC_TAREFA_PATH, type TPessoaRef, type TPrioridade, type TTarefa } from '@balcao/shared/tracker';
import { users } from '../../db/schema/users';
import type { TarefaRow } from '../../db/schema/tracker';
import type { Db } from '../../lib/db';

export const publicUrlOf = (publicUrl: string, publicId: string | null) =>
  publicId ? `${publicUrl}${PUBLIC_TAREFA_PATH}/${publicId}` : null;

/** Names of the account's users by id, in one query (the people a page of tasks or comments mentions). */
export async function nomesDe(db: Db, accountId: string, ids: Iterable<string>): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: users.id, nome: users.nome })
    .from(users)
    .where(and(eq(users.accountId, accountId), inArray(users.id, unique)));
  return new Map(rows.map((r) => [r.id, r.nome]));
}

export const pessoaRef = (nomes: Map<string, string>, id: string | null): TPessoaRef | null => {
  const nome = id ? nomes.get(id) : undefined;
  return id && nome !== undefined ? { id, nome } : null;
};

/** The one wire shape of a task, for HTTP answers and socket events alike (the same for every viewer). */
export function presentTarefa(r: TarefaRow, nomes: Map<string, string>, publicUrl: string): TTarefa {
  return {
    id: r.id,
    numero: r.numero,
    titulo: r.titulo,
    descricao: r.descricao,
    descricaoPublica: r.descricaoPublica,
    status: r.status,
    ordem: r.ordem,
    prioridade: r.prioridade as TPrioridade,
    responsaveis: r.responsaveis.map((id) => pessoaRef(nomes, id)).filter((p): p is TPessoaRef => p !== null),
    etiquetas: r.etiquetas,
    prazo: r.prazo,
    complexidade: r.complexidade,
    publica: r.publicId !== null,
    publicUrl: publicUrlOf(publicUrl, r.publicId),
    notificarCliente: r.notificarCliente,
    atendimentoId: r.atendimentoId,
    clienteId: r.clienteId,
    criadoPor: pessoaRef(nomes, r.criadoPorId),
    criadaEm: r.createdAt.toISOString(),
    atualizadaEm: r.updatedAt.toISOString(),
  };
}

export async function presentTarefas(db: Db, accountId: string, rows: TarefaRow[], publicUrl: string): Promise<TTarefa[]> {
  const nomes = await nomesDe(
    db,
    accountId,
    rows.flatMap((r) => [...r.responsaveis, ...(r.criadoPorId ? [r.criadoPorId] : [])]),
  );
  return rows.map((r) => presentTarefa(r, nomes, publicUrl));
}
