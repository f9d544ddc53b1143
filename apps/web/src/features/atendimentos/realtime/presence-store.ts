import { useSyncExternalStore } from 'react';
import type { TChatPresence } from '@balcao/shared/atendimentos/realtime';

/** ChatPresence per atendimento (customer typing / online), kept outside the query cache: it is not data. */
const presences = new Map<string, TChatPresence>();
const listeners = new Set<() => void>();

export function setPresence(p: TChatPresence) {
  presences.set(p.atendimentoId, p);
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

export function usePresence(atendimentoId: string | null): TChatPresence | null {
  return useSyncExternalStore(subscribe, () => (atendimentoId ? (presences.get(atendimentoId) ?? null) : null));
}
