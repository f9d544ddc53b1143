import { VISITOR_STORAGE_KEY } from './texts';

export type KV = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Web storage that never throws: sandboxed iframes, blocked third-party storage and full quotas make
 * localStorage throw, and the chat must still work for this page view (kept in memory then).
 */
export function safeStorage(get: () => Storage): KV {
  const mem = new Map<string, string>();
  const real = (): Storage | null => {
    try {
      return get();
    } catch {
      return null;
    }
  };
  return {
    getItem: (k) => {
      try {
        return real()?.getItem(k) ?? mem.get(k) ?? null;
      } catch {
        return mem.get(k) ?? null;
      }
    },
    setItem: (k, v) => {
      mem.set(k, v);
      try {
        real()?.setItem(k, v);
      } catch {
        /* memory copy above is enough */
      }
    },
    removeItem: (k) => {
      mem.delete(k);
      try {
        real()?.removeItem(k);
      } catch {
        /* nothing stored */
      }
    },
  };
}

export function readJson<T>(kv: KV, key: string, fallback: T): T {
  const raw = kv.getItem(key);
  if (!raw) return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return fallback;
  }
}

/** Keys are per channel: two Balcão chats on one site must not share a visitor or a queue. */
export const keys = (canal: string) => ({
  visitante: `${VISITOR_STORAGE_KEY}:${canal}`,
  fila: `balcao:fila:${canal}`,
  lido: `balcao:lido:${canal}`,
  aberto: `balcao:aberto:${canal}`,
});
