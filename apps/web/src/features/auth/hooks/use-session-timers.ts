import { useEffect } from 'react';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { HEARTBEAT_INTERVAL_MS, TOKEN_CHECK_INTERVAL_MS, isTokenValid, shouldRefreshToken } from '@balcao/shared/auth';
import type { TCurrentUser } from '@balcao/shared/usuarios';
import { ZOnlineAnswer } from '@balcao/shared/usuarios';
import { refreshToken, request } from '@/lib/http';
import { clearToken, getToken } from '@/lib/session-store';
import { authKeys } from '../api';

/**
 * A successful heartbeat sets the cached user's online flag without renewing the cache entry's age: the user stays
 * fresh for 5 minutes from its last fetch and is refetched on focus after that (spec part 1 §4), so a name or role
 * changed elsewhere shows without a reload.
 */
export function markOnline(queryClient: QueryClient, online: boolean) {
  const updatedAt = queryClient.getQueryState(authKeys.currentUser)?.dataUpdatedAt;
  queryClient.setQueryData<TCurrentUser>(authKeys.currentUser, (u) => (u ? { ...u, online } : u), { updatedAt });
}

/** Spec part 1 §4: token check every 60 s (refresh under 300 s left); heartbeat every 30 s while a user is loaded. */
export function useSessionTimers(user: TCurrentUser | null) {
  const queryClient = useQueryClient();

  useEffect(() => {
    const check = async () => {
      const token = getToken();
      if (!token) return;
      if (shouldRefreshToken(token)) await refreshToken();
      else if (!isTokenValid(token) && !(await refreshToken())) clearToken();
    };
    const id = window.setInterval(check, TOKEN_CHECK_INTERVAL_MS);
    return () => window.clearInterval(id);
  }, []);

  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    const beat = async () => {
      try {
        // The server answers the status the user chose in the menu, so a heartbeat never undoes 'Offline'.
        const { online } = await request('POST', `/Usuario/${userId}/heartbeat`, ZOnlineAnswer);
        markOnline(queryClient, online);
      } catch {
        /* silent: the next beat tries again */
      }
    };
    const id = window.setInterval(beat, HEARTBEAT_INTERVAL_MS);
    return () => window.clearInterval(id);
  }, [userId, queryClient]);
}
