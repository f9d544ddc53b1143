import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { clientes } from '../../../db/schema/atendimentos';
import { type Db, perDatabase, preparedRows } from '../../../lib/db';

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
export type CustomerRow = { account_id: string; nome: string; numero: string; identificador: string; bsuid: string | null };
const customerKey = (r: { account_id: string; identificador: string }) => `${r.account_id}|${r.identificador}`;
/** Whether writing `r` would change nothing of the kept row (a nameless delivery keeps the stored name). */
const unchanged = (r: CustomerRow, kept: KeptCliente | undefined) =>
  kept !== undefined &&
  kept.numero === r.numero &&
  (r.nome === r.numero || r.nome === kept.nome) &&
  (r.bsuid === null || r.bsuid === kept.bsuid);

/** The customers' ids by customerKey: the kept ones as they are, the others upserted (and kept). */
export async function customerIds(db: Db, rows: CustomerRow[]): Promise<Map<string, string>> {
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

/** Forgets kept customers (a batch failed: maybe a kept id whose customer is gone; the retry upserts). */
export function forgetCustomers(db: Db, rows: CustomerRow[]) {
  for (const r of rows) keptClientes(db).delete(customerKey(r));
}
