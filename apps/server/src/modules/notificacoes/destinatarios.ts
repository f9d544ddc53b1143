import type { Db } from '../../lib/db';
import { inscritosDaConta, type TInscrito } from './queries';

/**
 * The subscribed browsers of an account, read at most once per few seconds: every customer message asks,
 * and most accounts have few or none. A change here (subscribe, preferences) forgets it at once; one made
 * on another instance, or a status change, is seen within the window.
 */
const TTL_MS = 5000;
const MAX_CONTAS = 10_000;
const cache = new Map<string, { ate: number; linhas: Promise<TInscrito[]> }>();

export function inscritos(db: Db, accountId: string): Promise<TInscrito[]> {
  const hit = cache.get(accountId);
  if (hit && hit.ate > Date.now()) return hit.linhas;
  const linhas = inscritosDaConta(db, accountId);
  // A failed read is not kept: the next event asks again.
  linhas.catch(() => cache.delete(accountId));
  cache.set(accountId, { ate: Date.now() + TTL_MS, linhas });
  if (cache.size > MAX_CONTAS) cache.delete(cache.keys().next().value!);
  return linhas;
}

export function forgetInscritos(accountId: string) {
  cache.delete(accountId);
}
