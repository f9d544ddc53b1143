import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TConversa } from '@balcao/shared/chat-interno';
import { chatKeys } from '../keys';

/**
 * Eager part of the internal chat (in the shell's initial JS, so it stays tiny): the list is read through a lazily
 * imported fetcher, and the hub connection (socket.io-client and the caches) is imported after the shell mounts.
 * Together they keep the toggle's unread badge live while the panel is closed.
 */
const fetchConversas = () => import('../api').then((m) => m.fetchConversas());
const somar = (lista: TConversa[]) => lista.reduce((t, c) => t + c.qtdMensagensNaoVistas, 0);

export function useNaoVistasTotal(): number {
  return useQuery({ queryKey: chatKeys.conversas, queryFn: fetchConversas, select: somar }).data ?? 0;
}

export function useChatInternoRealtime(meuId: string) {
  const qc = useQueryClient();
  useEffect(() => {
    let parar: (() => void) | null = null;
    let ativo = true;
    void import('../realtime/binding').then((m) => {
      if (ativo) parar = m.startChatInterno(qc, meuId);
    });
    return () => {
      ativo = false;
      parar?.();
    };
  }, [qc, meuId]);
}
