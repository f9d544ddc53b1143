import { LRUCache } from 'lru-cache';
import type { WhatsAppCanalRow } from '../../db/schema/atendimentos';
import type { Db } from '../../lib/db';

/**
 * How long the channel of a webhook URL (with its opened app secret) is kept in memory. The profile at 1,000
 * messages/s: one channel read per delivery was the most-run statement of the inbound path (6,534 of the
 * run's statements, ~0.5 ms each on PGlite, queued with everything else). Kept, it is read once per token
 * in this time. A change or removal made on this instance is seen at once (forgetKeptCanal); one made on
 * another instance, within this time and one read (an old channel answers while it is read again), and at
 * once by a delivery whose signature fails (readCanalAgain).
 */
const CANAL_KEPT_MS = 5_000;
/** Tokens kept at once (one per WhatsApp number of every account this instance serves). */
const CANAIS_KEPT = 10_000;

/** The channel's row goes with its deliveries to the processor, which then reads no channel (processor.ts). */
export type KeptCanal = { canal: WhatsAppCanalRow; appSecret: string };
const byDb = new WeakMap<Db, LRUCache<string, KeptCanal>>();

/**
 * The webhook channels of a database, loaded by `load` when missing (concurrent deliveries of one token wait
 * for one read). Unknown tokens are not kept: a channel created a moment ago is found.
 */
export function keptCanais(db: Db, load: (token: string) => Promise<KeptCanal | undefined>): LRUCache<string, KeptCanal> {
  let kept = byDb.get(db);
  if (!kept) {
    // allowStale: once old, a channel is still answered while it is read again in the background. Waiting
    // for that read held every delivery of the channel arriving meanwhile, every 5 s, for one round trip to
    // a database busy with the inbound batches.
    kept = new LRUCache<string, KeptCanal>({ max: CANAIS_KEPT, ttl: CANAL_KEPT_MS, allowStale: true, fetchMethod: load });
    byDb.set(db, kept);
  }
  return kept;
}

/**
 * The channel read again now, waiting for the database and never answered from memory, old or not (the
 * cache's allowStale would answer what it keeps): for a signature that failed, whose secret may have
 * changed on another instance.
 */
export function readCanalAgain(kept: LRUCache<string, KeptCanal>, token: string): Promise<KeptCanal | undefined> {
  return kept.fetch(token, { forceRefresh: true, allowStale: false });
}

/** A channel changed or removed: its next delivery reads it again (by its URL or by its number). */
export function forgetKeptCanal(db: Db, token: string) {
  const kept = byDb.get(db);
  if (!kept) return;
  kept.delete(token);
  for (const [key, k] of kept.entries()) if (k.canal.token === token) kept.delete(key);
}

/** The key a channel is kept under when looked up by its number (tokens are base64url: never a '#'). */
export const byNumero = (phoneNumberId: string) => `#${phoneNumberId}`;
export const numeroOfKey = (key: string) => (key.startsWith('#') ? key.slice(1) : null);
