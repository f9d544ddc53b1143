import { inArray, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { atendimentoEvents, type AppContext } from '../../context';
import { asCanal, canais, clientes, type WhatsAppCanalRow } from '../../db/schema/atendimentos';
import { whatsappEventos, type WhatsAppEventoRow } from '../../db/schema/whatsapp';
import { receiveFromCliente } from '../../modules/atendimentos/inbound';
import { broadcastNewMessage } from '../../modules/atendimentos/publisher';
import type { NewMessage } from '../../modules/atendimentos/service';
import { anyId, type Db, perDatabase, preparedRows, preparedStatement } from '../../lib/db';
import { contactNames, type MetaMessage, type MetaWebhook } from './meta';
import { waIdCanonico } from '@balcao/shared/clientes';

/**
 * Kinds that become a plain line of text and need nothing but the message itself (no media, no target).
 * Shared contacts are not among them: their cards take the one-by-one path, which stores them whole.
 */
const PLAIN = new Set(['text', 'interactive', 'button', 'location']);

/**
 * Whether a delivery holds only plain customer messages (the common case, and the bulk of a busy hour):
 * those are stored together (receiveTextBatch). Statuses, errors, media, reactions, edits, deletions and
 * quotes take the one-by-one path, in their place in the order.
 */
export function onlyPlainMessages(body: MetaWebhook): boolean {
  let any = false;
  for (const entry of body.entry ?? [])
    for (const change of entry.changes ?? []) {
      if (change.field !== 'messages' || !change.value) continue;
      const v = change.value;
      if (v.errors?.length || v.statuses?.length) return false;
      for (const m of v.messages ?? []) {
        if (!m.id || !m.from || !m.type || !PLAIN.has(m.type) || m.context?.id || m.group_id || m.referral) return false;
        any = true;
      }
    }
  return any;
}

/**
 * WhatsApp customers by number, in one upsert (a kept statement: lib/db.ts preparedRows). A customer whose
 * name and number are as stored is not written again (no new row version for every message); those rows are
 * read by the same statement's snapshot.
 */
const saveCustomers = preparedRows<
  { id: string; account_id: string; identificador: string; nome: string; numero: string; bsuid: string | null },
  { rows: string }
>(
  'balcao_clientes_whatsapp',
  sql`with r as (
      select * from json_to_recordset(${sql.placeholder('rows')}::json)
        as r(account_id uuid, nome text, numero text, identificador text, bsuid text)
    ),
    gravados as (
      insert into ${clientes} (account_id, nome, numero, identificador, bsuid)
      select account_id, nome, numero, identificador, bsuid from r
      on conflict (account_id, identificador) do update set -- a delivery without the name keeps the stored one
        nome = case when excluded.nome = excluded.numero then ${clientes.nome} else excluded.nome end,
        numero = excluded.numero,
        bsuid = coalesce(excluded.bsuid, ${clientes.bsuid})
      where (${clientes.nome}, ${clientes.numero}, ${clientes.bsuid}) is distinct from
        (case when excluded.nome = excluded.numero then ${clientes.nome} else excluded.nome end, excluded.numero,
          coalesce(excluded.bsuid, ${clientes.bsuid}))
      returning id, account_id, identificador, nome, numero, bsuid
    )
    select id, account_id, identificador, nome, numero, bsuid from gravados
    union all
    select c.id, c.account_id, c.identificador, c.nome, c.numero, c.bsuid from ${clientes} c join r using (account_id, identificador)
    where not exists (select 1 from gravados g where g.id = c.id)`,
  (v) => ({
    id: v[0] as string,
    account_id: v[1] as string,
    identificador: v[2] as string,
    nome: v[3] as string,
    numero: v[4] as string,
    bsuid: v[5] as string | null,
  }),
);

/**
 * How long a WhatsApp customer's row (id, name, number) is kept in memory. The same hundred customers write
 * again and again at a busy hour, and their upsert was the one statement between the webhook's insert and the
 * messages' (7 % of PGlite's thread at 1,000/s). A customer kept, and written with the same name and number,
 * is not written again in this time. A kept id whose row is gone (merged: clientes/merge.ts) fails the batch,
 * which forgets it and is processed again one by one (with its own upsert); a name changed by staff on
 * another instance is written over by the customer's profile name within this time, as it is at once without it.
 */
const CLIENTE_KEPT_MS = 5_000;
/** Customers kept at once. */
const CLIENTES_KEPT = 10_000;
type KeptCliente = { id: string; nome: string; numero: string; bsuid: string | null };
const keptClientes = perDatabase(() => new LRUCache<string, KeptCliente>({ max: CLIENTES_KEPT, ttl: CLIENTE_KEPT_MS }));
type CustomerRow = { account_id: string; nome: string; numero: string; identificador: string; bsuid: string | null };
const customerKey = (r: { account_id: string; identificador: string }) => `${r.account_id}|${r.identificador}`;
/** Whether writing `r` would change nothing of the kept row (a nameless delivery keeps the stored name). */
const unchanged = (r: CustomerRow, kept: KeptCliente | undefined) =>
  kept !== undefined &&
  kept.numero === r.numero &&
  (r.nome === r.numero || r.nome === kept.nome) &&
  (r.bsuid === null || r.bsuid === kept.bsuid);

/** The customers' ids by customerKey: the kept ones as they are, the others upserted (and kept). */
async function customerIds(db: Db, rows: CustomerRow[]): Promise<Map<string, string>> {
  const kept = keptClientes(db);
  const ids = new Map<string, string>();
  const toWrite: CustomerRow[] = [];
  for (const r of rows) {
    const k = kept.get(customerKey(r));
    if (unchanged(r, k)) ids.set(customerKey(r), k!.id);
    else toWrite.push(r);
  }
  if (toWrite.length)
    for (const c of await saveCustomers(db, { rows: JSON.stringify(toWrite) })) {
      ids.set(customerKey(c), c.id);
      kept.set(customerKey(c), { id: c.id, nome: c.nome, numero: c.numero, bsuid: c.bsuid });
    }
  return ids;
}

/**
 * A delivery to process: its channel's id and body, its channel when the webhook had it at hand (webhook.ts),
 * and its stored row once the webhook's insert answers (null: the same body was stored before, and is its
 * first copy's to process).
 */
export type Delivery = { canalId: string; corpo: string; canal?: WhatsAppCanalRow; stored: Promise<WhatsAppEventoRow | null> };

type Item = {
  canal: WhatsAppCanalRow;
  m: MetaMessage;
  waId: string;
  nome: string | null;
  built: Promise<{ mensagem: NewMessage; autor?: 'sistema' }>;
};

/**
 * Plain messages of several deliveries in a few statements instead of ~8 each: their channels in one read,
 * their customers in one upsert, the messages (and the customer's last-writing time) through the inbound
 * batcher; the caller marks the deliveries processed after (markProcessed). The same steps and the same
 * idempotence as the one-by-one path (a stored wamid is a duplicate and tells nobody).
 */
export async function receiveTextBatch(
  ctx: AppContext,
  events: (Delivery & { body: MetaWebhook })[],
  build: (canal: WhatsAppCanalRow, m: MetaMessage) => Promise<{ mensagem: NewMessage; autor?: 'sistema' }>,
) {
  const db = ctx.db;
  // The channels the webhook did not hand over (deliveries found in the database) are read, in one statement.
  const byId = new Map(events.flatMap((x) => (x.canal ? [[x.canal.id, x.canal] as const] : [])));
  const canalIds = [...new Set(events.map((x) => x.canalId).filter((id) => !byId.has(id)))];
  const rows = canalIds.length ? await db.select().from(canais).where(inArray(canais.id, canalIds)) : [];
  for (const r of rows) byId.set(r.id, asCanal(r) as WhatsAppCanalRow);
  const items: Item[] = [];
  for (const { canalId, body } of events) {
    const canal = byId.get(canalId);
    if (!canal) continue;
    for (const entry of body.entry ?? [])
      for (const change of entry.changes ?? []) {
        if (change.field !== 'messages' || !change.value) continue;
        // Another number's (a delivery found in the database): the one-by-one path refuses it with its reason.
        const numero = change.value.metadata?.phone_number_id;
        if (numero && numero !== canal.config.phoneNumberId) throw new Error(`entrega para o número ${numero}`);
        const nameOf = contactNames(change.value.contacts);
        for (const m of change.value.messages ?? [])
          items.push({ canal, m, waId: waIdCanonico(m.from!), nome: nameOf(m), built: build(canal, m) });
      }
  }
  if (items.length) {
    // One row per customer (an upsert may not touch a row twice); the latest name wins, as one by one.
    const people = new Map<string, { accountId: string; waId: string; nome: string | null; bsuid: string | null }>();
    for (const i of items) {
      const key = `${i.canal.accountId}|${i.waId}`;
      const before = people.get(key);
      people.set(key, {
        accountId: i.canal.accountId,
        waId: i.waId,
        nome: i.nome ?? before?.nome ?? null,
        bsuid: i.m.from_user_id ?? before?.bsuid ?? null,
      });
    }
    // The rows as one JSON parameter (Drizzle's multi-row VALUES costs ~120 µs a row to build, see inbound.ts).
    const rows: CustomerRow[] = [...people.values()].map((p) => ({
      account_id: p.accountId,
      nome: p.nome || `+${p.waId}`,
      numero: `+${p.waId}`,
      identificador: `whatsapp:${p.waId}`,
      // Known by its BSUID too; a BSUID-only customer that has it fails the batch (a unique index), and the
      // one-by-one path makes the two one.
      bsuid: p.bsuid,
    }));
    const clienteOf = await customerIds(db, rows);
    const built = await Promise.all(items.map((i) => i.built));
    const received = await Promise.allSettled(
      items.map((i, k) =>
        receiveFromCliente(db, {
          canal: i.canal,
          clienteId: clienteOf.get(`${i.canal.accountId}|whatsapp:${i.waId}`)!,
          origem: () => 'whatsapp',
          departamentoId: i.canal.config.departamentoPadraoId,
          mensagem: { ...built[k]!.mensagem, externalId: i.m.id },
          autor: built[k]!.autor,
          escreveuEm: i.m.timestamp ? new Date(Number(i.m.timestamp) * 1000) : new Date(),
        }),
      ),
    );
    // Those stored are shown now: the one-by-one retry of the batch finds them stored and tells nobody.
    const events_ = atendimentoEvents(ctx);
    for (const [k, r] of received.entries())
      if (r.status === 'fulfilled') broadcastNewMessage(events_, items[k]!.canal.accountId, r.value, { toVisitor: false });
    const failed = received.find((r) => r.status === 'rejected');
    if (failed) {
      // Maybe a kept id whose customer is gone: forget them all, the retry upserts.
      for (const r of rows) keptClientes(db).delete(customerKey(r));
      throw failed.reason;
    }
  }
}

/**
 * The processed mark commits without waiting for the disk (`synchronous_commit` off for this statement alone).
 * Why: at 1,000 messages/s on the embedded database these marks were about a quarter of the commits, and
 * PGlite's one thread waits in every commit's fsync (18 % of its time, ~400 a second). Losing one in a crash
 * is harmless: the delivery is processed again, and every step of that is idempotent. The next commit that
 * does wait (a message, a delivery) writes this one's record to disk too: the WAL is written in order. Never
 * inside a transaction: the setting lasts to its end, so the whole transaction would commit without waiting.
 */
const marking = preparedStatement<{ ids: string }>(
  'balcao_whatsapp_processadas',
  sql`with sem_esperar_o_disco as materialized (select set_config('synchronous_commit', 'off', true))
    update ${whatsappEventos} set processado_em = now(), processando_ate = null, erro = null
    from sem_esperar_o_disco where ${anyId(whatsappEventos.id, sql.placeholder('ids'))}`,
);

/** Deliveries marked processed (every step of processing them is idempotent: one not marked runs again harmlessly). */
export async function markProcessed(db: Db, ids: string[]) {
  await marking(db, { ids: ids.join(',') });
}
