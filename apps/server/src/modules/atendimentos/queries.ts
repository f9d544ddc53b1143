import { and, desc, eq, lt, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { accounts } from '../../db/schema/accounts';
import { atendimentos, canais, clientes, mensagens } from '../../db/schema/atendimentos';
import { departamentos } from '../../db/schema/departamentos';
import { users } from '../../db/schema/users';
import { anyId, asTableRowAt, columnCount, type Db, keptBy, pageLimit, perDatabase, preparedRows } from '../../lib/db';
import { MENSAGENS_PAGE_SIZE } from '@balcao/shared/atendimentos';
import type { TProvedorCanal } from '@balcao/shared/canais';
import type { AtendimentoJoined, MensagemJoined } from './presenter';

/** What a row shows besides the atendimento (customer, channel, attendant, department), by joins. */
const ATENDIMENTO_FIELDS = {
  a: atendimentos,
  cliente: {
    nome: clientes.nome,
    numero: clientes.numero,
    email: clientes.email,
    avatarUrl: clientes.avatarUrl,
    identificador: clientes.identificador,
  },
  canalNome: canais.nome,
  canalTipo: canais.tipo,
  atendenteNome: users.nome,
  departamentoNome: departamentos.nome,
  masterId: accounts.masterUserId,
  databaseName: accounts.databaseName,
};

/** Atendimentos with what a row shows, in one query; `extra` adds fields (scalar subqueries) a caller checks too. */
export function selectAtendimentos<E extends Record<string, SQL.Aliased | SQL>>(db: Db, where: SQL | undefined, extra?: E) {
  return db
    .select({ ...ATENDIMENTO_FIELDS, ...(extra as E) })
    .from(atendimentos)
    .innerJoin(accounts, eq(accounts.id, atendimentos.accountId))
    .innerJoin(clientes, eq(clientes.id, atendimentos.clienteId))
    .innerJoin(canais, eq(canais.id, atendimentos.canalId))
    .leftJoin(users, eq(users.id, atendimentos.atendenteId))
    .leftJoin(departamentos, eq(departamentos.id, atendimentos.departamentoId))
    .where(where)
    .$dynamic();
}

/**
 * The open (not finished) atendimento of a customer on a channel: at most one exists (a partial unique
 * index). `forUpdate` locks it for the caller's transaction (a message joining it).
 */
export async function findOpenAtendimento(db: Db, clienteId: string, canalId: string, opts: { forUpdate?: boolean } = {}) {
  const q = db
    .select()
    .from(atendimentos)
    .where(and(eq(atendimentos.clienteId, clienteId), eq(atendimentos.canalId, canalId), ne(atendimentos.status, 'finalizado')))
    .limit(1);
  const [row] = await (opts.forUpdate ? q.for('update') : q);
  return row ?? null;
}

/** Where the fields after the atendimento's own columns start in a row of selectAtendimentos. */
const ATENDIMENTO_COLUMNS = columnCount(atendimentos);

/**
 * A row of selectAtendimentos answered as an array (preparedRows): the atendimento's columns, then the other
 * fields in ATENDIMENTO_FIELDS' order (checked against Drizzle's own reading in inbound.test.ts).
 */
function joinedRow(v: unknown[]): AtendimentoJoined {
  const n = ATENDIMENTO_COLUMNS;
  return {
    a: asTableRowAt(atendimentos, v, 0),
    cliente: {
      nome: v[n] as string,
      numero: v[n + 1] as string | null,
      email: v[n + 2] as string | null,
      avatarUrl: v[n + 3] as string | null,
      identificador: v[n + 4] as string | null,
    },
    canalNome: v[n + 5] as string,
    canalTipo: v[n + 6] as TProvedorCanal,
    atendenteNome: v[n + 7] as string | null,
    departamentoNome: v[n + 8] as string | null,
    masterId: v[n + 9] as string | null,
    databaseName: v[n + 10] as string,
  };
}

const manyRows = preparedRows<AtendimentoJoined, { ids: string }>(
  'balcao_atendimentos_lote',
  (db) => selectAtendimentos(db, anyId(atendimentos.id, sql.placeholder('ids'))).getSQL(),
  joinedRow,
);

/**
 * Atendimentos by id with what a row shows: one statement built once, each row read by joinedRow instead of
 * Drizzle's generic mapper (3.5 % of the busy main thread at 2,000 messages/s: an inbound batch reads its
 * rows with it).
 */
export function findAtendimentos(db: Db, ids: readonly string[]) {
  return manyRows(db, { ids: ids.join(',') });
}

const oneRow = perDatabase((db) =>
  selectAtendimentos(db, and(eq(atendimentos.accountId, sql.placeholder('accountId')), eq(atendimentos.id, sql.placeholder('id'))))
    .limit(1)
    .prepare('balcao_atendimento'),
);

/** One atendimento of the account with what a row shows: built once (every conversation opened reads it). */
export async function findAtendimento(db: Db, accountId: string, id: string): Promise<AtendimentoJoined | null> {
  const [row] = await oneRow(db).execute({ accountId, id });
  return row ?? null;
}

const citada = alias(mensagens, 'citada');

/** A page of messages, newest first from `beforeSeq` (exclusive); the caller reverses for display. */
export function selectMensagens(db: Db, where: SQL | undefined) {
  return (
    db
      .select({
        m: mensagens,
        atendenteNome: users.nome,
        citada: { id: citada.id, autor: citada.autor, tipo: citada.tipo, conteudo: citada.conteudo },
      })
      .from(mensagens)
      .leftJoin(users, eq(users.id, mensagens.atendenteId))
      // The quote is read from the same conversation and account only: a stored id from elsewhere shows nothing.
      .leftJoin(
        citada,
        and(
          eq(citada.id, mensagens.respondendoA),
          eq(citada.atendimentoId, mensagens.atendimentoId),
          eq(citada.accountId, mensagens.accountId),
        ),
      )
      .where(where)
      .$dynamic()
  );
}

/** The rows read for the web app's page of messages (one more says whether there are older ones). */
const ROWS_WRITTEN = MENSAGENS_PAGE_SIZE + 1;

/** A conversation's pages, kept per form: the first (newest) or an older one, the web app's size or another. */
const pages = keptBy(
  (f: { older: boolean; limitWritten: boolean }) => `${Number(f.older)}${Number(f.limitWritten)}`,
  (db, f, k) =>
    selectMensagens(
      db,
      and(
        eq(mensagens.atendimentoId, sql.placeholder('atendimentoId')),
        f.older ? lt(mensagens.seq, sql.placeholder('beforeSeq')) : undefined,
      ),
    )
      .orderBy(desc(mensagens.seq))
      .limit(pageLimit(f, ROWS_WRITTEN))
      .prepare(`balcao_mensagens_pagina_${k}`),
);

export async function mensagensPage(
  db: Db,
  atendimentoId: string,
  beforeSeq: number | null,
  limit: number,
): Promise<{ rows: MensagemJoined[]; hasMore: boolean }> {
  const page = pages(db)({ older: beforeSeq !== null, limitWritten: limit + 1 === ROWS_WRITTEN });
  const rows = await page.execute({ atendimentoId, beforeSeq, limit: limit + 1 });
  const hasMore = rows.length > limit;
  return { rows: rows.slice(0, limit).reverse() as MensagemJoined[], hasMore };
}

/** One message of a conversation: looked up within the account and the atendimento, never by id alone. */
export async function findMensagem(db: Db, accountId: string, atendimentoId: string, id: string): Promise<MensagemJoined | null> {
  const [row] = await selectMensagens(
    db,
    and(eq(mensagens.id, id), eq(mensagens.atendimentoId, atendimentoId), eq(mensagens.accountId, accountId)),
  ).limit(1);
  return (row as MensagemJoined | undefined) ?? null;
}

/** `%` and `_` typed by a person are literal characters in a search, not wildcards. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
export const ilike = (col: unknown, pattern: string) => sql`${col} ilike ${pattern}`;
