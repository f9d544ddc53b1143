import { LRUCache } from 'lru-cache';
import type { Db } from '../../lib/db';
import { inscritosDaConta, type TInscrito } from './queries';

/**
 * The subscribed browsers of an account, read at most once per few seconds: every customer message asks,
 * and most accounts have few or none. A change here (subscribe, preferences) forgets it at once; one made
 * on another instance, or a status change, is seen within the window.
 */
const kept = new LRUCache<string, Promise<TInscrito[]>>({ max: 10_000, ttl: 5000 });

export function inscritos(db: Db, accountId: string): Promise<TInscrito[]> {
  const hit = kept.get(accountId);
  if (hit) return hit;
  // Drizzle's query runs again on every await of it: kept as the one promise of its one run.
  const linhas = Promise.resolve(inscritosDaConta(db, accountId));
  // A failed read is not kept: the next event asks again.
  linhas.catch(() => kept.delete(accountId));
  kept.set(accountId, linhas);
  return linhas;
}

export function forgetInscritos(accountId: string) {
  kept.delete(accountId);
}
