import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { ATENDIMENTO_TEXTS, type TAtendimento, type TMensagem } from '@balcao/shared/atendimentos';
import { atendimentos, mensagens, type AtendimentoRow, type CanalRow } from '../../db/schema/atendimentos';
import { type Db, withTransaction } from '../../lib/db';
import { NotFound } from '../../lib/errors';
import { presentAtendimento, presentMensagem } from './presenter';
import { selectAtendimentos } from './queries';
import { insertOnce, nextTicket, preview, result, sameAuthor, touch, type NewMessage } from './service';

export type InboundInput = {
  canal: Pick<CanalRow, 'id' | 'accountId'>;
  clienteId: string;
  /** Asked only when a new atendimento opens: whether this customer had finished ones on the channel. */
  origem: (hadPrevious: boolean) => AtendimentoRow['origem'];
  departamentoId: string | null;
  mensagem: NewMessage;
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
const pairKey = (i: InboundInput) => `${i.clienteId}|${i.canal.id}`;

/** Finds the open atendimento of a customer on a channel, or opens one waiting in the queue. */
async function openFor(tx: Db, i: InboundInput): Promise<{ row: AtendimentoRow; opened: boolean }> {
  const openWhere = and(
    eq(atendimentos.clienteId, i.clienteId),
    eq(atendimentos.canalId, i.canal.id),
    ne(atendimentos.status, 'finalizado'),
  );
  const [existing] = await tx.select().from(atendimentos).where(openWhere).limit(1).for('update');
  if (existing) return { row: existing, opened: false };
  const ticket = await nextTicket(tx, i.canal.accountId);
  const [previous] = await tx
    .select({ id: atendimentos.id })
    .from(atendimentos)
    .where(and(eq(atendimentos.clienteId, i.clienteId), eq(atendimentos.canalId, i.canal.id), eq(atendimentos.status, 'finalizado')))
    .limit(1);
  const [created] = await tx
    .insert(atendimentos)
    .values({
      accountId: i.canal.accountId,
      ticket,
      clienteId: i.clienteId,
      canalId: i.canal.id,
      origem: i.origem(Boolean(previous)),
      departamentoId: i.departamentoId,
      ultimaMensagemEm: new Date(),
    })
    .onConflictDoNothing()
    .returning();
  if (created) return { row: created, opened: true };
  const [raced] = await tx.select().from(atendimentos).where(openWhere).limit(1).for('update');
  return { row: raced!, opened: false };
}

/** One message on its own: the fallback when a batch fails, so one bad message cannot sink the others. */
async function receiveOne(db: Db, i: InboundInput): Promise<InboundResult> {
  const out = await withTransaction(db, async (tx) => {
    const { row, opened } = await openFor(tx, i);
    const msg = await insertOnce(tx, row, 'cliente', null, i.mensagem);
    if (!msg.duplicate) await touch(tx, row.id, i.mensagem, 1);
    return { atendimentoId: row.id, mensagem: msg.row ?? msg.id, opened, duplicate: msg.duplicate };
  });
  const r = await result(db, i.canal.accountId, out.atendimentoId, [out.mensagem]);
  return { atendimentoId: out.atendimentoId, opened: out.opened, duplicate: out.duplicate, ...r };
}

/**
 * A burst of customer messages in one transaction: one lookup of the open atendimentos, one multi-row
 * insert (duplicates by client id skipped), one update per atendimento, one read of the rows to present.
 */
async function receiveBatch(db: Db, items: InboundInput[]): Promise<InboundResult[]> {
  const stored = await withTransaction(db, async (tx) => {
    const pairs = [...new Map(items.map((i) => [pairKey(i), i])).values()];
    const found = await tx
      .select()
      .from(atendimentos)
      .where(
        and(
          ne(atendimentos.status, 'finalizado'),
          or(...pairs.map((p) => and(eq(atendimentos.clienteId, p.clienteId), eq(atendimentos.canalId, p.canal.id)))),
        ),
      )
      .for('update');
    const open = new Map(found.map((a) => [`${a.clienteId}|${a.canalId}`, { row: a, opened: false }]));
    for (const p of pairs) if (!open.has(pairKey(p))) open.set(pairKey(p), await openFor(tx, p));

    const values = items.map((i) => {
      const a = open.get(pairKey(i))!.row;
      const m = i.mensagem;
      return {
        accountId: a.accountId,
        atendimentoId: a.id,
        autor: 'cliente' as const,
        tipo: m.tipo,
        conteudo: m.conteudo,
        midia: m.midia ?? null,
        localizacao: m.localizacao ?? null,
        respondendoA: m.respondendoA ?? null,
        reagindoA: m.reagindoA ?? null,
        clientId: m.clientId ?? null,
        externalId: m.externalId ?? null,
      };
    });
    const inserted = await tx.insert(mensagens).values(values).onConflictDoNothing().returning();
    const byClient = new Map(inserted.map((m) => [`${m.atendimentoId}|${m.clientId ?? ''}|${m.externalId ?? ''}`, m]));
    const keyOf = (i: InboundInput) => `${open.get(pairKey(i))!.row.id}|${i.mensagem.clientId ?? ''}|${i.mensagem.externalId ?? ''}`;

    // What was already stored (a resend) answers with the stored message, and counts nothing.
    const missing = items.filter((i) => !byClient.has(keyOf(i)));
    if (missing.length) {
      const earlier = await tx
        .select()
        .from(mensagens)
        .where(
          or(
            ...missing.map((i) =>
              i.mensagem.clientId
                ? and(
                    eq(mensagens.atendimentoId, open.get(pairKey(i))!.row.id),
                    sameAuthor('cliente', null),
                    eq(mensagens.clientId, i.mensagem.clientId),
                  )
                : and(eq(mensagens.accountId, i.canal.accountId), eq(mensagens.externalId, i.mensagem.externalId!)),
            ),
          ),
        );
      for (const m of earlier) byClient.set(`${m.atendimentoId}|${m.clientId ?? ''}|${m.externalId ?? ''}`, m);
    }

    const itemByKey = new Map(items.map((i) => [keyOf(i), i]));
    // RETURNING has no order: the newest message of each atendimento is the one with the highest seq.
    const fresh = new Map<string, { count: number; seq: number; last: NewMessage }>();
    for (const m of inserted) {
      const item = itemByKey.get(`${m.atendimentoId}|${m.clientId ?? ''}|${m.externalId ?? ''}`)!;
      const f = fresh.get(m.atendimentoId) ?? { count: 0, seq: -1, last: item.mensagem };
      fresh.set(m.atendimentoId, {
        count: f.count + 1,
        ...(m.seq > f.seq ? { seq: m.seq, last: item.mensagem } : { seq: f.seq, last: f.last }),
      });
    }
    if (fresh.size) {
      // Times come from here in milliseconds, as everywhere else: the list's cursor carries milliseconds.
      // One statement for every atendimento touched: a burst of 200 customers is one round trip, not 200.
      const rows = [...fresh].map(([id, f]) => sql`(${id}::uuid, ${preview(f.last)}::text, ${f.last.tipo}::text, ${f.count}::int)`);
      await tx.execute(sql`
        update ${atendimentos} set
          ultima_mensagem = v.preview, ultima_mensagem_tipo = v.tipo, ultima_mensagem_em = ${new Date().toISOString()}::timestamptz,
          mensagens_nao_lidas = ${atendimentos.mensagensNaoLidas} + v.n
        from (values ${sql.join(rows, sql`, `)}) as v(id, preview, tipo, n)
        where ${atendimentos.id} = v.id`);
    }
    return { open, byClient, keyOf, insertedIds: new Set(inserted.map((m) => m.id)) };
  });

  const ids = [...new Set([...stored.open.values()].map((o) => o.row.id))];
  const rows = await selectAtendimentos(db, inArray(atendimentos.id, ids));
  const joined = new Map(rows.map((r) => [r.a.id, r]));
  const out: InboundResult[] = [];
  // The same message twice in one batch (a resend racing its first try) is new only the first time.
  const answered = new Set<string>();
  for (const i of items) {
    const { row: a, opened } = stored.open.get(pairKey(i))!;
    const j = joined.get(a.id);
    const m = stored.byClient.get(stored.keyOf(i));
    if (!j || !m) throw new NotFound(ATENDIMENTO_TEXTS.naoEncontrado);
    const duplicate = !stored.insertedIds.has(m.id) || answered.has(m.id);
    answered.add(m.id);
    const mensagem = !m.respondendoA
      ? presentMensagem({ m, atendenteNome: null, citada: null })
      : (await result(db, a.accountId, a.id, [m.id])).mensagens[0]!;
    out.push({
      atendimentoId: a.id,
      opened: opened && !duplicate,
      duplicate,
      row: presentAtendimento(j),
      mensagens: [mensagem],
      masterId: j.masterId,
    });
  }
  return out;
}

type Pending = { input: InboundInput; resolve: (r: InboundResult) => void; reject: (e: unknown) => void };

/** Gathers the customer messages that arrive while the previous batch is being written. */
class InboundBatcher {
  private queue: Pending[] = [];
  private running = false;
  private idleWaiters: (() => void)[] = [];
  constructor(private readonly db: Db) {}

  /** Resolves once every message submitted so far is written (or has failed) and nothing is queued. */
  idle(): Promise<void> {
    if (!this.running && !this.queue.length) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  submit(input: InboundInput): Promise<InboundResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      if (!this.running) {
        this.running = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain() {
    while (this.queue.length) {
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        const results =
          batch.length === 1
            ? [await receiveOne(this.db, batch[0]!.input)]
            : await receiveBatch(
                this.db,
                batch.map((p) => p.input),
              );
        for (const [k, p] of batch.entries()) p.resolve(results[k]!);
      } catch (err) {
        if (batch.length === 1) batch[0]!.reject(err);
        else for (const p of batch) await receiveOne(this.db, p.input).then(p.resolve, p.reject);
      }
    }
    this.running = false;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}

const batchers = new WeakMap<Db, InboundBatcher>();

/**
 * A customer's message: joins the open atendimento of that customer and channel, or opens a new one
 * waiting in the department's queue. Persisted (once per client/external id) before anyone is told;
 * messages arriving together are written together.
 */
export function receiveFromCliente(db: Db, input: InboundInput): Promise<InboundResult> {
  let b = batchers.get(db);
  if (!b) {
    b = new InboundBatcher(db);
    batchers.set(db, b);
  }
  return b.submit(input);
}

/** Graceful shutdown: waits until the pending inbound batches of this database are written. */
export function flushInbound(db: Db): Promise<void> {
  return batchers.get(db)?.idle() ?? Promise.resolve();
}
