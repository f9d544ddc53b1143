import { sql } from 'drizzle-orm';
import { atendimentos, mensagens, type MensagemRow } from '../../db/schema/atendimentos';
import { asColumnRow, asTableRowAt, columnCount, type Db, preparedRows, tableColumnsSql } from '../../lib/db';
import { guardedPreviewSql, messageValues, type NewMessage, preview } from './service';

type Stored = { row: MensagemRow; fresh: boolean };
/** What this path reads of an inbound message (InboundInput, inbound.ts). */
type Item = {
  canal: { id: string; accountId: string };
  clienteId: string;
  autor?: 'cliente' | 'sistema';
  mensagem: NewMessage;
  escreveuEm?: Date;
};

/** What makes two customer messages of a batch the same message (a resend racing its first try). */
const sameKey = (i: Item) =>
  `${i.clienteId}|${i.canal.id}|${i.autor ?? 'cliente'}|${i.mensagem.clientId ?? ''}|${i.mensagem.externalId ?? ''}`;

/** The message columns by name, of `alias` (a kept statement names them: lib/db.ts preparedRows). */
const messageColumns = (alias?: string) => tableColumnsSql(mensagens, alias);

/** Exported for its test (its plan's memory must not grow with the square of the batch). */
export const inboundStatementSql = sql`with v as (
        select * from json_to_recordset(${sql.placeholder('lote')}::json) as r(k int, cliente_id uuid, canal_id uuid, account_id uuid,
          autor text, tipo text, conteudo text, midia jsonb, localizacao jsonb, contatos jsonb, alvo_externo text, client_id text, external_id text,
          preview text, escreveu timestamptz)
      ),
      a as (
        select id, cliente_id, canal_id from ${atendimentos}
        where status <> 'finalizado' and (cliente_id, canal_id) in (select cliente_id, canal_id from v)
        for update
      ),
      -- chave: a message of the batch by its atendimento, author and ids (unique: sameKey), to find it again
      -- among the inserted rows by a lookup instead of a join (the planner cannot estimate CTEs).
      placed as (
        select v.*, a.id as atendimento_id, concat(a.id, '|', v.autor, '|c:', v.client_id, '|e:', v.external_id) as chave
        from v join a using (cliente_id, canal_id)
      ),
      antes as (
        select ${messageColumns('m')}, null::text as chave, p.k from placed p join ${mensagens} m
          on m.atendimento_id = p.atendimento_id and coalesce(m.atendente_id::text, m.autor) = p.autor and m.client_id = p.client_id
        where p.client_id is not null
        union all
        select ${messageColumns('m')}, null::text, v.k from v join ${mensagens} m on m.account_id = v.account_id and m.external_id = v.external_id
        where v.client_id is null
      ),
      ins as (
        insert into ${mensagens} (account_id, atendimento_id, autor, tipo, conteudo, midia, localizacao, contatos, alvo_externo, client_id, external_id, created_at)
        select account_id, atendimento_id, autor, tipo, conteudo, midia, localizacao, contatos, alvo_externo, client_id, external_id,
          ${sql.placeholder('agora')}::timestamptz
        from placed p where not exists (select 1 from antes where antes.k = p.k)
        order by k
        on conflict do nothing
        returning ${messageColumns()}, concat(atendimento_id, '|', autor, '|c:', client_id, '|e:', external_id) as chave
      ),
      -- novas materialized with each new row's own entry of the batch only (and lote, read twice, built once).
      -- Inline, the planner carried the whole batch (lote.j) on every row into t's sort: n² bytes, sorted on disk.
      lote as materialized (select jsonb_object_agg(chave, jsonb_build_object('k', k, 'preview', preview, 'escreveu', escreveu)) as j from placed),
      novas as materialized (select ins.atendimento_id, ins.seq, ins.tipo, lote.j -> ins.chave as p from ins, lote),
      t as (
        select atendimento_id, count(*)::int as n, max((p ->> 'escreveu')::timestamptz) as escreveu,
          (array_agg(p ->> 'preview' order by seq desc))[1] as preview, (array_agg(tipo order by seq desc))[1] as tipo
        from novas group by atendimento_id
      ),
      -- The row's time is its newest message's own (agora, both): a screen that applies the message to the row
      -- (spec part 2 §4) holds what a later read of the row says.
      upd as (
        update ${atendimentos} set
          ${guardedPreviewSql(sql`t.preview`, sql`t.tipo`, sql`${sql.placeholder('agora')}::timestamptz`)},
          mensagens_nao_lidas = ${atendimentos.mensagensNaoLidas} + t.n,
          cliente_escreveu_em = greatest(${atendimentos.clienteEscreveuEm}, t.escreveu)
        from t where ${atendimentos.id} = t.atendimento_id
      )
      select true as novo, ${messageColumns('ins')}, (lote.j -> ins.chave ->> 'k')::int as k from ins, lote
      union all
      select false as novo, ${messageColumns('antes')}, antes.k from antes`;
/** Each row: whether this run stored it, the message's columns, its place in the batch. */
type Answered = { novo: boolean; row: MensagemRow; k: number };
const MENSAGEM_COLUMNS = columnCount(mensagens);
const inboundStatement = preparedRows<Answered, { lote: string; agora: string }>(
  'balcao_mensagens_recebidas',
  inboundStatementSql,
  (v) => ({
    novo: v[0] as boolean,
    row: asTableRowAt(mensagens, v, 1),
    k: v[1 + MENSAGEM_COLUMNS] as number,
  }),
);

/** The statement's parameters for a batch: each message once (the first of equal ones: firstOf), as one JSON. */
export function inboundValues(items: Item[]) {
  // The same message twice in the batch goes in once; the later ones answer with it, as duplicates.
  const firstOf = new Map<string, number>();
  for (const [k, i] of items.entries()) {
    const key = sameKey(i);
    if (!firstOf.has(key)) firstOf.set(key, k);
  }
  const rows = [...firstOf.values()].map((k) => {
    const i = items[k]!;
    const row = asColumnRow(mensagens, messageValues({ id: '', accountId: i.canal.accountId }, i.autor ?? 'cliente', null, i.mensagem));
    return Object.assign(row, {
      k,
      cliente_id: i.clienteId,
      canal_id: i.canal.id,
      preview: preview(i.mensagem),
      escreveu: i.escreveuEm ?? null,
    });
  });
  return { firstOf, values: { lote: JSON.stringify(rows), agora: new Date().toISOString() } };
}

/**
 * Customer messages of conversations already open, in one statement: the open atendimentos locked, what is
 * already stored looked up (per author and client id in its atendimento, or per external id in the account:
 * storedAs), the new messages inserted in order and their atendimentos' list columns updated, atomically.
 * Why one statement: on the embedded database every statement of a transaction is a hop between threads,
 * and PGlite's lock stays held across each hop, so a five-statement transaction kept every other query
 * (a webhook's insert) waiting longer than it worked.
 *
 * Answers, per item, its stored row and whether this call stored it, or null for what the transaction
 * path must take: a customer with no open atendimento (it opens one), or a conflict with a row this
 * statement could not see (written at the same moment by another instance).
 */
export async function receiveInOneStatement(db: Db, items: Item[]): Promise<(Stored | null)[]> {
  const { firstOf, values } = inboundValues(items);
  const byK = new Map<number, Stored>();
  for (const r of await inboundStatement(db, values)) byK.set(r.k, { row: r.row, fresh: r.novo });
  return items.map((i, k) => {
    const first = firstOf.get(sameKey(i))!;
    const s = byK.get(first);
    if (!s) return null;
    return first === k ? s : { row: s.row, fresh: false };
  });
}
