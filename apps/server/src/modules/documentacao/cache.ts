/**
 * Public pages are read far more than written: each instance keeps what it read (host names of custom
 * domains, an account's tree of sections and documents) for a few seconds. A write on this instance drops the
 * account's copies at once (its generation moves); another instance sees it when its copy expires.
 */
export const CACHE_TTL_MS = 10_000;

const geracoes = new Map<string, number>();
const ouvintes = new Set<() => void>();

/** The account's documentation changed: its cached pages and the domain table are stale. */
export function mudouConta(accountId: string): void {
  geracoes.set(accountId, (geracoes.get(accountId) ?? 0) + 1);
  for (const f of ouvintes) f();
}
export const geracaoDe = (accountId: string): number => geracoes.get(accountId) ?? 0;
export const aoMudar = (f: () => void) => ouvintes.add(f);

/** A small time-limited map (first in, first out beyond `max`). */
export class Recente<V> {
  private readonly itens = new Map<string, { v: V; ate: number }>();
  constructor(
    private readonly max: number,
    private readonly ttlMs = CACHE_TTL_MS,
  ) {}
  get(k: string): V | undefined {
    const i = this.itens.get(k);
    if (!i) return undefined;
    if (i.ate < Date.now()) {
      this.itens.delete(k);
      return undefined;
    }
    return i.v;
  }
  set(k: string, v: V): void {
    if (this.itens.size >= this.max) this.itens.delete(this.itens.keys().next().value!);
    this.itens.set(k, { v, ate: Date.now() + this.ttlMs });
  }
  clear(): void {
    this.itens.clear();
  }
}
