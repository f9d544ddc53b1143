import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import {
  ATENDIMENTO_TEXTS,
  ZMensagemRecebida,
  type TAtendimento,
  type TMensagem,
  type TMensagemRecebida,
} from '@balcao/shared/atendimentos';
import { atendimentos, mensagens, type AtendimentoRow, type CanalRow, type MensagemRow } from '../../db/schema/atendimentos';
import { asColumnRow, asTableRows, type Db, perDatabase, rawRows, withTransaction } from '../../lib/db';
import { BadRequest, NotFound } from '../../lib/errors';
import { ItemFailed, WriteBatcher } from '../../lib/write-batcher';
import { presentAtendimento, presentMensagem } from './presenter';
import { receiveInOneStatement } from './inbound-statement';
import { findAtendimentos } from './queries';
import {
  assertTargetsInAtendimento,
  guardedPreviewSql,
  messageValues,
  nextTickets,
  preview,
  result,
  storedAs,
  type NewMessage,
} from './service';

export type InboundInput = {
  canal: Pick<CanalRow, 'id' | 'accountId'>;
  clienteId: string;
  /** Asked only when a new atendimento opens: whether this customer had finished ones on the channel. */
  origem: (hadPrevious: boolean) => AtendimentoRow['origem'];
  departamentoId: string | null;
  /** Checked against the shared schema before anything is written (a driver's translation that drifts fails here). */
  mensagem: TMensagemRecebida;
  /** 'sistema' for a line about the customer's message rather than from them (a type the provider cannot show). */
  autor?: 'cliente' | 'sistema';
  /** When the customer wrote, by the provider's clock: WhatsApp's 24-hour reply window counts from the latest. */
  escreveuEm?: Date;
};
export type InboundResult = {
  atendimentoId: string;
  opened: boolean;
  duplicate: boolean;
  row: TAtendimento;
  mensagens: TMensagem[];
  masterId: string | null;
};

/** Most customer messages one batch takes: bounds a transaction's length on the embedded database. */
const MAX_BATCH = 200;
/** What a message is placed by: its atendimento's keys. */
type Placed = Pick<AtendimentoRow, 'id' | 'accountId' | 'clienteId' | 'canalId'>;
const pairKey = (i: InboundInput) => `${i.clienteId}|${i.canal.id}`;
/** Atendimentos of these customers on these channels: the pairs as one JSON parameter (see insertCustomerMessages). */
const ofPairs = (ps: InboundInput[]) =>
  sql`(${atendimentos.clienteId}, ${atendimentos.canalId}) in (select cliente_id, canal_id from json_to_recordset(${JSON.stringify(
    ps.map((p) => ({ cliente_id: p.clienteId, canal_id: p.canal.id })),
  )}::json) as p(cliente_id uuid, canal_id uuid))`;
/** A message as a batch stored it (or found it stored: not fresh), and whether it opened its atendimento. */
type Received = { row: MensagemRow; fresh: boolean; opened: boolean };
const storedKey = (atendimentoId: string, clientId: string | null | undefined, externalId: string | null | undefined) =>
  `${atendimentoId}|${clientId ?? ''}|${externalId ?? ''}`;

/**
 * Opens, waiting in the queue, an atendimento for each customer of the batch who has none open on the
 * channel: a burst of new customers in four statements, not four each (ticket numbers per account, which
 * customers had finished ones, one insert, a lookup of any opened at the same moment by another instance).
 */
async function openAll(tx: Db, pairs: InboundInput[], agora: Date): Promise<Map<string, { row: AtendimentoRow; opened: boolean }>> {
  const opened = new Map<string, { row: AtendimentoRow; opened: boolean }>();
  if (!pairs.length) return opened;
  const tickets = new Map<InboundInput, number>();
  for (const accountId of new Set(pairs.map((p) => p.canal.accountId))) {
    const ofAccount = pairs.filter((p) => p.canal.accountId === accountId);
    const numbers = await nextTickets(tx, accountId, ofAccount.length);
    for (const [k, p] of ofAccount.entries()) tickets.set(p, numbers[k]!);
  }
  const finished = await tx
    .selectDistinct({ clienteId: atendimentos.clienteId, canalId: atendimentos.canalId })
    .from(atendimentos)
    .where(and(eq(atendimentos.status, 'finalizado'), ofPairs(pairs)));
  const hadPrevious = new Set(finished.map((f) => `${f.clienteId}|${f.canalId}`));
  const rows = pairs.map((p) =>
    asColumnRow(atendimentos, {
      accountId: p.canal.accountId,
      ticket: tickets.get(p)!,
      clienteId: p.clienteId,
      canalId: p.canal.id,
      origem: p.origem(hadPrevious.has(pairKey(p))),
      departamentoId: p.departamentoId,
      ultimaMensagemEm: agora,
    }),
  );
  const created = asTableRows(
    atendimentos,
    await rawRows<Record<string, unknown>>(
      tx,
      sql`insert into ${atendimentos} (account_id, ticket, cliente_id, canal_id, origem, departamento_id, ultima_mensagem_em)
        select account_id, ticket, cliente_id, canal_id, origem, departamento_id, ultima_mensagem_em
        from json_to_recordset(${JSON.stringify(rows)}::json) as r(account_id uuid, ticket int, cliente_id uuid, canal_id uuid, origem text,
          departamento_id uuid, ultima_mensagem_em timestamptz)
        on conflict do nothing
        returning *`,
    ),
  );
  for (const row of created) opened.set(`${row.clienteId}|${row.canalId}`, { row, opened: true });
  // Opened by another instance at the same moment (the partial unique index): that one is joined.
  const raced = pairs.filter((p) => !opened.has(pairKey(p)));
  if (raced.length)
    for (const row of await tx
      .select()
      .from(atendimentos)
      .where(and(ne(atendimentos.status, 'finalizado'), ofPairs(raced)))
      .for('update'))
      opened.set(`${row.clienteId}|${row.canalId}`, { row, opened: false });
  return opened;
}

/**
 * The rows as one JSON parameter (json_to_recordset) instead of Drizzle's multi-row VALUES (here and in the
 * batch's other statements): the statement's text is the same for 1 row or 200. Why: building a multi-row
 * VALUES list was the largest cost after the database itself, synchronously, while every message in flight
 * waits; JSON.stringify of the same rows is a small fraction of it (docs/desempenho.md). Each row is messageValues, as every other
 * insert of a message. What is already stored (by client id or external id) is skipped, as before.
 */
async function insertCustomerMessages(tx: Db, placed: { item: InboundInput; a: Placed }[], agora: Date): Promise<MensagemRow[]> {
  const rows = placed.map(({ item, a }) =>
    asColumnRow(mensagens, { ...messageValues(a, item.autor ?? 'cliente', null, item.mensagem), createdAt: agora }),
  );
  const raw = await rawRows<Record<string, unknown>>(
    tx,
    sql`insert into ${mensagens} (account_id, atendimento_id, autor, tipo, conteudo, midia, localizacao, contatos, respondendo_a, reagindo_a, alvo_externo, client_id, external_id, created_at)
      select account_id, atendimento_id, autor, tipo, conteudo, midia, localizacao, contatos, respondendo_a, reagindo_a, alvo_externo, client_id, external_id, created_at
      from json_to_recordset(${JSON.stringify(rows)}::json) as r(account_id uuid, atendimento_id uuid, autor text, tipo text, conteudo text,
        midia jsonb, localizacao jsonb, contatos jsonb, respondendo_a uuid, reagindo_a uuid, alvo_externo text, client_id text, external_id text, created_at timestamptz)
      on conflict do nothing
      returning *`,
  );
  return asTableRows(mensagens, raw);
}

/**
 * The one insert of customer messages, for a burst and for a single message alike: one multi-row insert
 * (what is already stored, by client id or external id, is skipped) and one read of what was skipped.
 * Answers, per item, the stored row and whether this call stored it.
 */
async function storeCustomerMessages(tx: Db, placed: { item: InboundInput; a: Placed }[], agora: Date) {
  for (const { item, a } of placed)
    if (item.mensagem.respondendoA || item.mensagem.reagindoA) await assertTargetsInAtendimento(tx, a, item.mensagem);
  const inserted = placed.length ? await insertCustomerMessages(tx, placed, agora) : [];
  const byKey = new Map(inserted.map((m) => [storedKey(m.atendimentoId, m.clientId, m.externalId), m]));
  const keyOf = (p: { item: InboundInput; a: Placed }) => storedKey(p.a.id, p.item.mensagem.clientId, p.item.mensagem.externalId);
  // What was already stored (a resend) answers with the stored message, and counts nothing.
  const missing = placed.filter((p) => !byKey.has(keyOf(p)));
  if (missing.length) {
    const earlier = await tx
      .select()
      .from(mensagens)
      .where(or(...missing.map(({ item, a }) => storedAs(a, 'cliente', null, item.mensagem))));
    for (const m of earlier) byKey.set(storedKey(m.atendimentoId, m.clientId, m.externalId), m);
  }
  const insertedIds = new Set(inserted.map((m) => m.id));
  // The same message twice in one batch (a resend racing its first try) is new only the first time.
  const answered = new Set<string>();
  return placed.map((p) => {
    const row = byKey.get(keyOf(p));
    if (!row) throw new NotFound(ATENDIMENTO_TEXTS.naoEncontrado);
    const fresh = insertedIds.has(row.id) && !answered.has(row.id);
    answered.add(row.id);
    return { row, fresh };
  });
}

/** The list columns of every atendimento a batch touched: one statement, not one per atendimento. */
async function touchAll(tx: Db, placed: { item: InboundInput; a: Placed }[], stored: { row: MensagemRow; fresh: boolean }[], agora: Date) {
  // RETURNING has no order: the newest message of each atendimento is the one with the highest seq.
  const fresh = new Map<string, { count: number; seq: number; last: NewMessage; escreveu: Date | null }>();
  for (const [k, s] of stored.entries()) {
    if (!s.fresh) continue;
    const item = placed[k]!.item;
    const f = fresh.get(s.row.atendimentoId) ?? { count: 0, seq: -1, last: item.mensagem, escreveu: null };
    const at = item.escreveuEm ?? null;
    fresh.set(s.row.atendimentoId, {
      count: f.count + 1,
      ...(s.row.seq > f.seq ? { seq: s.row.seq, last: item.mensagem } : { seq: f.seq, last: f.last }),
      escreveu: at && (!f.escreveu || at > f.escreveu) ? at : f.escreveu,
    });
  }
  if (!fresh.size) return;
  // Times come from here in milliseconds, as everywhere else: the list's cursor carries milliseconds. The row's
  // time is its newest message's own (agora, both), as in receiveInOneStatement.
  const rows = [...fresh].map(([id, f]) => ({ id, preview: preview(f.last), tipo: f.last.tipo, n: f.count, escreveu: f.escreveu }));
  // The rows as one JSON parameter, as in insertCustomerMessages. greatest() skips nulls: the reply window
  // only moves forward, whatever order the provider delivers in.
  await tx.execute(sql`
    update ${atendimentos} set
      ${guardedPreviewSql(sql`v.preview`, sql`v.tipo`, sql`${agora.toISOString()}::timestamptz`)},
      mensagens_nao_lidas = ${atendimentos.mensagensNaoLidas} + v.n,
      cliente_escreveu_em = greatest(${atendimentos.clienteEscreveuEm}, v.escreveu)
    from json_to_recordset(${JSON.stringify(rows)}::json) as v(id uuid, preview text, tipo text, n int, escreveu timestamptz)
    where ${atendimentos.id} = v.id`);
}

/**
 * Customer messages in one transaction: messages already stored by their
 * external id answer as duplicates without touching any atendimento (a provider's late retry never reopens a
 * finished conversation); the others join their customer's open atendimento, or open one, and are inserted
 * together (storeCustomerMessages), then every atendimento touched is updated in one statement.
 */
async function receiveInTransaction(db: Db, items: InboundInput[]): Promise<Map<InboundInput, Received>> {
  const agora = new Date();
  return withTransaction(db, async (tx) => {
    const withExternal = items.filter((i) => i.mensagem.externalId);
    const known = withExternal.length
      ? await tx
          .select()
          .from(mensagens)
          .where(
            and(
              inArray(mensagens.accountId, [...new Set(withExternal.map((i) => i.canal.accountId))]),
              inArray(mensagens.externalId, [...new Set(withExternal.map((i) => i.mensagem.externalId!))]),
            ),
          )
      : [];
    const externalKey = (accountId: string, externalId: string) => `${accountId}|${externalId}`;
    const knownByExternal = new Map(known.map((m) => [externalKey(m.accountId, m.externalId!), m]));
    const knownOf = (i: InboundInput) =>
      i.mensagem.externalId ? knownByExternal.get(externalKey(i.canal.accountId, i.mensagem.externalId)) : undefined;
    const fresh = items.filter((i) => !knownOf(i));
    // One lookup of the open atendimentos of every customer in the batch; only the missing ones are opened.
    const pairs = [...new Map(fresh.map((i) => [pairKey(i), i])).values()];
    // Only what placing a message needs: the rows the batch shows are read whole after it (findAtendimentos).
    const found: Placed[] = pairs.length
      ? await tx
          .select({
            id: atendimentos.id,
            accountId: atendimentos.accountId,
            clienteId: atendimentos.clienteId,
            canalId: atendimentos.canalId,
          })
          .from(atendimentos)
          .where(and(ne(atendimentos.status, 'finalizado'), ofPairs(pairs)))
          .for('update')
      : [];
    const open = new Map<string, { row: Placed; opened: boolean }>(
      found.map((a) => [`${a.clienteId}|${a.canalId}`, { row: a, opened: false }]),
    );
    for (const [key, o] of await openAll(
      tx,
      pairs.filter((p) => !open.has(pairKey(p))),
      agora,
    ))
      open.set(key, o);
    const placed = fresh.map((item) => ({ item, a: open.get(pairKey(item))!.row }));
    const rows = await storeCustomerMessages(tx, placed, agora);
    await touchAll(tx, placed, rows, agora);
    const byItem = new Map<InboundInput, Received>();
    for (const [k, p] of placed.entries()) byItem.set(p.item, { ...rows[k]!, opened: open.get(pairKey(p.item))!.opened });
    for (const i of items) if (!byItem.has(i)) byItem.set(i, { row: knownOf(i)!, fresh: false, opened: false });
    return byItem;
  });
}

/**
 * The messages the one statement did not take, in a transaction. If it fails once part of the batch is
 * stored (`partOfBatch`), only what fails on its own fails (each is tried alone here, unless it was alone):
 * written again by the batcher, the stored ones would answer as duplicates and the staff would never be
 * shown them.
 */
async function receiveRest(db: Db, rest: InboundInput[], partOfBatch: boolean) {
  try {
    return await receiveInTransaction(db, rest);
  } catch (err) {
    if (!partOfBatch) throw err;
    const each = new Map<InboundInput, Received | ItemFailed>();
    if (rest.length === 1) return each.set(rest[0]!, new ItemFailed(err));
    for (const i of rest)
      each.set(
        i,
        await receiveInTransaction(db, [i]).then(
          (m) => m.get(i)!,
          (e: unknown) => new ItemFailed(e),
        ),
      );
    return each;
  }
}

/**
 * Customer messages, a burst or one on its own: those of conversations already open in one statement
 * (receiveInOneStatement), the others (a conversation to open, a reply or a reaction to check) in a
 * transaction (receiveInTransaction); then the rows the staff see, read once for the whole batch.
 */
async function receive(db: Db, items: InboundInput[]): Promise<(InboundResult | ItemFailed)[]> {
  // A reply or a reaction checks its target first (assertTargetsInAtendimento): the whole batch takes the
  // transaction, so that a customer's messages keep their order.
  const checked = items.some((i) => i.mensagem.respondendoA || i.mensagem.reagindoA);
  const quick = checked ? items.map(() => null) : await receiveInOneStatement(db, items);
  const rest = items.filter((_, k) => !quick[k]);
  const slow = rest.length ? await receiveRest(db, rest, rest.length < items.length) : new Map<InboundInput, never>();
  const stored = new Map(items.map((i, k) => [i, quick[k] ? { ...quick[k], opened: false } : slow.get(i)!]));

  const ids = [...new Set([...stored.values()].flatMap((s) => (s instanceof ItemFailed ? [] : [s.row.atendimentoId])))];
  const rows = await findAtendimentos(db, ids);
  const joined = new Map(rows.map((r) => [r.a.id, r]));
  const out: (InboundResult | ItemFailed)[] = [];
  for (const i of items) {
    const s = stored.get(i)!;
    if (s instanceof ItemFailed) {
      out.push(s);
      continue;
    }
    const j = joined.get(s.row.atendimentoId);
    if (!j) throw new NotFound(ATENDIMENTO_TEXTS.naoEncontrado);
    const mensagem = !s.row.respondendoA
      ? presentMensagem({ m: s.row, atendenteNome: null, citada: null })
      : (await result(db, j.a.accountId, j.a.id, [s.row.id])).mensagens[0]!;
    out.push({
      atendimentoId: j.a.id,
      opened: s.opened && s.fresh,
      duplicate: !s.fresh,
      row: presentAtendimento(j),
      mensagens: [mensagem],
      masterId: j.masterId,
    });
  }
  return out;
}

const batcher = perDatabase((db) => new WriteBatcher((items: InboundInput[]) => receive(db, items), MAX_BATCH));

/**
 * A customer's message: joins the open atendimento of that customer and channel, or opens a new one
 * waiting in the department's queue. Persisted (once per client/external id) before anyone is told;
 * messages arriving while the previous ones are being written are written together (WriteBatcher: under
 * light load a batch is one message and takes the same path).
 */
export function receiveFromCliente(db: Db, input: InboundInput): Promise<InboundResult> {
  const parsed = ZMensagemRecebida.safeParse(input.mensagem);
  if (!parsed.success) return Promise.reject(new BadRequest(parsed.error.issues[0]?.message ?? 'Mensagem inválida.'));
  return batcher(db).submit(input);
}

/** Graceful shutdown: waits until the pending inbound batches of this database are written. */
export function flushInbound(db: Db): Promise<void> {
  return batcher(db).idle();
}
