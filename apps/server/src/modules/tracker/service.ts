import { randomBytes } from 'node:crypto';
import { and, asc, eq, max, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PUBLIC_ID_BYTES,
  TRACKER_TEXTS as T,
  type TTarefa,
  type TTarefaPagina,
  type ZMoverInput,
  type ZTarefaInput,
  type ZTarefaPatch,
  type ZTarefasFiltro,
} from '@balcao/shared/tracker';
import { atendimentos, clientes } from '../../db/schema/atendimentos';
import { tarefaAtividades, tarefaCounters, tarefas, type TarefaRow } from '../../db/schema/tracker';
import { type Db, withTransaction } from '../../lib/db';
import { BadRequest } from '../../lib/errors';
import type { TSessionUser } from '../../lib/session';
import { type AvisoEnviado, avisarClienteConcluida } from './aviso-cliente';
import { colunasDe, colunaValida, lockBoard } from './colunas';
import { authorize } from './policy';
import { nomesDe, presentTarefa, presentTarefas } from './presenter';
import type { TrackerPublisher } from './publisher';
import { paginaDeTarefas, tarefaDaConta } from './queries';

/** What the tracker's services need beside the caller: the database, the links' origin, the live events. */
export type TrackerDeps = {
  db: Db;
  publicUrl: string;
  events: TrackerPublisher;
  /** Tells people about an assignment or a mention (the internal chat's notice); optional in tests. */
  avisar?: (u: TSessionUser, tarefa: TTarefa, para: string[], motivo: 'responsavel' | 'mencao') => Promise<void>;
  /** The customer's message a task wrote on reaching Concluída: to the staff screens and the channel (optional in tests). */
  mensagemAoCliente?: (accountId: string, enviado: AvisoEnviado) => Promise<void>;
};

/** Room between two neighbours: a move writes one row; the column is renumbered when a gap wears out. */
const GAP = 1024;

export async function registrar(db: Db, accountId: string, tarefaId: string, usuarioId: string | null, tipo: string, dados = {}) {
  await db.insert(tarefaAtividades).values({ accountId, tarefaId, usuarioId, tipo, dados });
}

async function usuariosValidos(db: Db, accountId: string, ids: string[], msg: string, campo: string) {
  const nomes = await nomesDe(db, accountId, ids);
  if (nomes.size !== ids.length) throw new BadRequest(msg, { [campo]: [msg] });
}

/** Links to a conversation and a customer of the same account only; the conversation brings its customer. */
async function vinculos(db: Db, accountId: string, atendimentoId: string | null, clienteId: string | null) {
  let cliente = clienteId;
  if (atendimentoId) {
    const [a] = await db
      .select({ clienteId: atendimentos.clienteId })
      .from(atendimentos)
      .where(and(eq(atendimentos.id, atendimentoId), eq(atendimentos.accountId, accountId)));
    if (!a) throw new BadRequest(T.atendimentoInvalido, { atendimentoId: [T.atendimentoInvalido] });
    cliente ??= a.clienteId;
  }
  if (cliente) {
    const [c] = await db
      .select({ id: clientes.id })
      .from(clientes)
      .where(and(eq(clientes.id, cliente), eq(clientes.accountId, accountId)));
    if (!c) throw new BadRequest(T.clienteInvalido, { clienteId: [T.clienteInvalido] });
  }
  return { atendimentoId, clienteId: cliente };
}

const present = async (d: TrackerDeps, accountId: string, row: TarefaRow) =>
  (await presentTarefas(d.db, accountId, [row], d.publicUrl))[0]!;

export async function obterTarefa(d: TrackerDeps, u: TSessionUser, id: string): Promise<TTarefa> {
  return present(d, u.accountId, await tarefaDaConta(d.db, u.accountId, id));
}

export async function listarTarefas(d: TrackerDeps, u: TSessionUser, f: z.output<typeof ZTarefasFiltro>): Promise<TTarefaPagina> {
  const { rows, proximoCursor } = await paginaDeTarefas(d.db, u, f);
  return { tarefas: await presentTarefas(d.db, u.accountId, rows, d.publicUrl), proximoCursor };
}

export async function criarTarefa(d: TrackerDeps, u: TSessionUser, input: z.output<typeof ZTarefaInput>): Promise<TTarefa> {
  const { accountId } = u;
  await usuariosValidos(d.db, accountId, input.responsaveis, T.responsavelInvalido, 'responsaveis');
  const links = await vinculos(d.db, accountId, input.atendimentoId, input.clienteId);
  const status = input.status ?? (await colunasDe(d.db, accountId))[0]!.id;
  await colunaValida(d.db, accountId, status);
  const row = await withTransaction(d.db, async (tx) => {
    await lockBoard(tx, accountId);
    const [counter] = await tx
      .insert(tarefaCounters)
      .values({ accountId, ultimo: 1 })
      .onConflictDoUpdate({ target: tarefaCounters.accountId, set: { ultimo: sql`${tarefaCounters.ultimo} + 1` } })
      .returning({ ultimo: tarefaCounters.ultimo });
    const [last] = await tx
      .select({ ordem: max(tarefas.ordem) })
      .from(tarefas)
      .where(and(eq(tarefas.accountId, accountId), eq(tarefas.status, status)));
    const [created] = await tx
      .insert(tarefas)
      .values({
        accountId,
        numero: counter!.ultimo,
        titulo: input.titulo,
        descricao: input.descricao,
        descricaoPublica: input.descricaoPublica,
        status,
        ordem: (last?.ordem ?? 0) + GAP,
        prioridade: input.prioridade,
        responsaveis: input.responsaveis,
        etiquetas: input.etiquetas,
        prazo: input.prazo,
        notificarCliente: input.notificarCliente,
        ...links,
        criadoPorId: u.id,
      })
      .returning();
    await registrar(tx, accountId, created!.id, u.id, 'criada', { status });
    return created!;
  });
  const tarefa = await present(d, accountId, row);
  d.events.tarefa(accountId, tarefa);
  const outros = input.responsaveis.filter((id) => id !== u.id);
  if (outros.length) await d.avisar?.(u, tarefa, outros, 'responsavel');
  return tarefa;
}

const CAMPOS = ['titulo', 'descricao', 'descricaoPublica', 'prioridade', 'responsaveis', 'etiquetas', 'prazo', 'notificarCliente'] as const;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export async function atualizarTarefa(d: TrackerDeps, u: TSessionUser, id: string, patch: z.output<typeof ZTarefaPatch>): Promise<TTarefa> {
  const atual = await tarefaDaConta(d.db, u.accountId, id);
  if (patch.responsaveis) await usuariosValidos(d.db, u.accountId, patch.responsaveis, T.responsavelInvalido, 'responsaveis');
  const mudou = CAMPOS.filter((c) => patch[c] !== undefined && !same(patch[c], atual[c]));
  const complexidadeMudou = patch.complexidade !== undefined && patch.complexidade !== atual.complexidade;
  if (!mudou.length && !complexidadeMudou) return present(d, u.accountId, atual);
  const set: Partial<TarefaRow> = { updatedAt: new Date() };
  for (const c of mudou) Object.assign(set, { [c]: patch[c] });
  if (complexidadeMudou) set.complexidade = patch.complexidade ?? null;
  const row = await withTransaction(d.db, async (tx) => {
    const [r] = await tx.update(tarefas).set(set).where(eq(tarefas.id, id)).returning();
    for (const campo of mudou) await registrar(tx, u.accountId, id, u.id, 'campo', { campo });
    if (complexidadeMudou) await registrar(tx, u.accountId, id, u.id, 'complexidade', { valor: set.complexidade });
    return r!;
  });
  const tarefa = await present(d, u.accountId, row);
  d.events.tarefa(u.accountId, tarefa);
  const novos = (patch.responsaveis ?? []).filter((p) => p !== u.id && !atual.responsaveis.includes(p));
  if (novos.length) await d.avisar?.(u, tarefa, novos, 'responsavel');
  return tarefa;
}

export async function excluirTarefa(d: TrackerDeps, u: TSessionUser, id: string): Promise<void> {
  const atual = await tarefaDaConta(d.db, u.accountId, id);
  authorize(u, 'excluir', atual);
  await d.db.delete(tarefas).where(eq(tarefas.id, id));
  d.events.removida(u.accountId, id);
}

/** Writes 1024, 2048... down a column in its current order: when two neighbours are too close to split. */
async function renumerar(tx: Db, accountId: string, status: string) {
  await tx.execute(sql`
    update ${tarefas} set ordem = s.rn * ${GAP}
    from (select id, row_number() over (order by ordem, id) as rn from ${tarefas}
          where account_id = ${accountId} and status = ${status}) s
    where ${tarefas.id} = s.id`);
}

/** The sort key that puts a task at index `posicao` of a column (itself left out). */
async function ordemPara(tx: Db, accountId: string, status: string, posicao: number, id: string, renumerado = false): Promise<number> {
  const coluna = and(eq(tarefas.accountId, accountId), eq(tarefas.status, status), ne(tarefas.id, id));
  const vizinhos = await tx
    .select({ ordem: tarefas.ordem })
    .from(tarefas)
    .where(coluna)
    .orderBy(asc(tarefas.ordem), asc(tarefas.id))
    .limit(2)
    .offset(Math.max(posicao - 1, 0));
  let antes = posicao === 0 ? undefined : vizinhos[0]?.ordem;
  const depois = posicao === 0 ? vizinhos[0]?.ordem : vizinhos[1]?.ordem;
  if (posicao > 0 && antes === undefined) {
    // Past the end: after the last one.
    const [last] = await tx
      .select({ ordem: max(tarefas.ordem) })
      .from(tarefas)
      .where(coluna);
    antes = last?.ordem ?? undefined;
  }
  if (antes === undefined) return depois === undefined ? GAP : depois - GAP;
  if (depois === undefined) return antes + GAP;
  const meio = (antes + depois) / 2;
  if (meio > antes && meio < depois) return meio;
  if (renumerado) return meio;
  await renumerar(tx, accountId, status);
  return ordemPara(tx, accountId, status, posicao, id, true);
}

/** POST /tarefas/{id}/mover: to index `posicao` of column `status`; the account's board lock keeps positions unique. */
export async function moverTarefa(d: TrackerDeps, u: TSessionUser, id: string, input: z.output<typeof ZMoverInput>): Promise<TTarefa> {
  const { accountId } = u;
  await tarefaDaConta(d.db, accountId, id);
  await colunaValida(d.db, accountId, input.status);
  const { row, aviso } = await withTransaction(d.db, async (tx) => {
    await lockBoard(tx, accountId);
    const atual = await tarefaDaConta(tx, accountId, id);
    const ordem = await ordemPara(tx, accountId, input.status, input.posicao, id);
    const [r] = await tx.update(tarefas).set({ status: input.status, ordem, updatedAt: new Date() }).where(eq(tarefas.id, id)).returning();
    if (atual.status === input.status) return { row: r!, aviso: null };
    await registrar(tx, accountId, id, u.id, 'status', { de: atual.status, para: input.status });
    return { row: r!, aviso: await avisarClienteConcluida(tx, u.id, r!, d.publicUrl) };
  });
  const nomes = await nomesDe(d.db, accountId, [...row.responsaveis, ...(row.criadoPorId ? [row.criadoPorId] : [])]);
  const tarefa = presentTarefa(row, nomes, d.publicUrl);
  d.events.tarefa(accountId, tarefa);
  if (aviso) await d.mensagemAoCliente?.(accountId, aviso);
  return tarefa;
}

/** POST /tarefas/{id}/publicar: a fresh unguessable id each time it is shared; unsharing forgets it (the link 404s). */
export async function publicarTarefa(d: TrackerDeps, u: TSessionUser, id: string, publica: boolean) {
  authorize(u, 'publicar');
  const atual = await tarefaDaConta(d.db, u.accountId, id);
  if (publica === (atual.publicId !== null)) return { publica, publicUrl: (await present(d, u.accountId, atual)).publicUrl };
  const publicId = publica ? randomBytes(PUBLIC_ID_BYTES).toString('base64url') : null;
  const row = await withTransaction(d.db, async (tx) => {
    const [r] = await tx.update(tarefas).set({ publicId, updatedAt: new Date() }).where(eq(tarefas.id, id)).returning();
    await registrar(tx, u.accountId, id, u.id, publica ? 'publicada' : 'despublicada');
    return r!;
  });
  const tarefa = await present(d, u.accountId, row);
  d.events.tarefa(u.accountId, tarefa);
  return { publica, publicUrl: tarefa.publicUrl };
}
