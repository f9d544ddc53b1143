import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TRole } from '@balcao/shared/roles';

/** Spec part 2 §6: the customer chat is for master, admin and atendente. */
export const ATENDEM_CLIENTES: readonly TRole[] = ['master', 'admin', 'atendente'];

/**
 * Eager part of the customer chat (in the shell's initial JS, so it stays tiny): for the roles that answer customers,
 * the connection opens once the user is authenticated and lives on every guarded page (spec part 2 §4), so the
 * list's counts and queued messages do not wait for /atendimentos. socket.io-client and the cache binding load after
 * the shell mounts; leaving the guarded area (logout) closes it.
 */
export function useCustomerChatBackground(user: { id: string; role: TRole }) {
  const qc = useQueryClient();
  const atende = ATENDEM_CLIENTES.includes(user.role);
  useEffect(() => {
    if (!atende) return;
    let parar: (() => void) | null = null;
    let ativo = true;
    void import('./use-realtime-binding').then((m) => {
      if (ativo) parar = m.startCustomerChat(qc, user.id);
    });
    return () => {
      ativo = false;
      parar?.();
    };
  }, [qc, user.id, atende]);
}
