import { sql } from 'drizzle-orm';
import type { WhatsAppCanalRow } from '../../db/schema/atendimentos';
import { whatsappEventos, type WhatsAppEventoRow } from '../../db/schema/whatsapp';
import { anyId, type Db, preparedStatement } from '../../lib/db';

/**
 * A delivery to process: its channel's id and body, its channel when the webhook had it at hand (webhook.ts),
 * its stored row once the webhook's insert answers (null: the same body was stored before, and is its first
 * copy's to process), and when it reached us (the webhook's request, or the row's time: ms since the epoch).
 */
export type Delivery = {
  canalId: string;
  corpo: string;
  canal?: WhatsAppCanalRow;
  stored: Promise<WhatsAppEventoRow | null>;
  chegouEm: number;
};

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
