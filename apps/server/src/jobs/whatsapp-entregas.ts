import { and, asc, inArray, isNotNull, lt } from 'drizzle-orm';
import { whatsappEventos } from '../db/schema/whatsapp';
import type { Db } from '../lib/db';

/**
 * How long a processed webhook delivery is kept. Meta retries a delivery it did not see answered for up to
 * 7 days; past that a stored body is never needed to recognise a retry (and a message received again is known
 * by its wamid anyway: inbound-statement.ts). Without a limit every delivery, statuses included, stayed forever.
 */
export const ENTREGAS_RETIDAS_DIAS = 7;
export const ENTREGAS_RETIDAS_MS = ENTREGAS_RETIDAS_DIAS * 24 * 60 * 60_000;
/** Rows one statement deletes: on the embedded database each statement holds the one thread that answers all. */
const BATCH = 1000;

/**
 * Deletes the WhatsApp webhook deliveries received before the retention and already processed (or given up
 * on: processado_em is set then too, with the error). One still waiting is never deleted, however old. Safe
 * with several instances (FOR UPDATE SKIP LOCKED). Answers how many it deleted.
 */
export async function purgeWhatsAppEntregas(db: Db, opts: { now?: Date } = {}): Promise<number> {
  const cutoff = new Date((opts.now ?? new Date()).getTime() - ENTREGAS_RETIDAS_MS);
  let removed = 0;
  for (;;) {
    // The oldest first, by the processed deliveries' own index (whatsapp_eventos_processados).
    const old = db
      .select({ id: whatsappEventos.id })
      .from(whatsappEventos)
      .where(and(isNotNull(whatsappEventos.processadoEm), lt(whatsappEventos.recebidoEm, cutoff)))
      .orderBy(asc(whatsappEventos.recebidoEm))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const rows = await db.delete(whatsappEventos).where(inArray(whatsappEventos.id, old)).returning({ id: whatsappEventos.id });
    removed += rows.length;
    if (rows.length < BATCH) return removed;
  }
}
