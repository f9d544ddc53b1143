import { useSyncExternalStore } from 'react';
import { observavel } from '@/lib/observavel';
import type { TMensagemLocal } from './message-cache';

/**
 * Which conversation the viewer is reading: open in the panel. A message arriving there does not raise the unread
 * count (spec part 2 §4) and is marked viewed at once.
 */
export const conversaAberta = observavel<string | null>(null);
export const isConversaOpen = (conversaId: string) => conversaAberta.get() === conversaId;

const pendentesStore = observavel<ReadonlyMap<string, readonly TMensagemLocal[]>>(new Map());
const NENHUMA: readonly TMensagemLocal[] = [];

/** Our own messages not yet confirmed by the server, per conversation. They survive a refetch of the history. */
export const pendentes = {
  de: (conversaId: string) => pendentesStore.get().get(conversaId) ?? NENHUMA,
  tem: (clientId: string) => [...pendentesStore.get().values()].some((l) => l.some((m) => m.clientId === clientId)),
  adicionar(m: TMensagemLocal) {
    const mapa = new Map(pendentesStore.get());
    mapa.set(m.conversaId, [...(mapa.get(m.conversaId) ?? []), m]);
    pendentesStore.set(mapa);
  },
  atualizar(clientId: string, patch: Partial<TMensagemLocal>) {
    pendentesStore.set(mapear((l) => l.map((m) => (m.clientId === clientId ? { ...m, ...patch } : m))));
  },
  remover(clientId: string) {
    pendentesStore.set(mapear((l) => l.filter((m) => m.clientId !== clientId)));
  },
  /** Sign-out or another user on this tab: nothing of the previous user's sends stays. */
  limpar: () => pendentesStore.set(new Map()),
  subscribe: pendentesStore.subscribe,
};

function mapear(fn: (l: readonly TMensagemLocal[]) => readonly TMensagemLocal[]) {
  const mapa = new Map<string, readonly TMensagemLocal[]>();
  for (const [k, l] of pendentesStore.get()) {
    const next = fn(l);
    if (next.length) mapa.set(k, next);
  }
  return mapa;
}

export const usePendentes = (conversaId: string) =>
  useSyncExternalStore(
    pendentes.subscribe,
    () => pendentes.de(conversaId),
    () => pendentes.de(conversaId),
  );
