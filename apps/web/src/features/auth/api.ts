import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  CURRENT_USER_STALE_MS,
  ZLoginAnswer,
  ZMessageAnswer,
  isTokenValid,
  type TLoginInput,
  type TResetPasswordInput,
} from '@balcao/shared/auth';
import { ZCurrentUser, type TCurrentUser } from '@balcao/shared/usuarios';
import { emDominioPersonalizado, request } from '@/lib/http';
import { setAccountTimeZone } from '@/lib/time-zone';
import { markLoggedIn } from '@/features/integracoes/connection-state';
import { clearSessionStorage, setToken, useToken } from '@/lib/session-store';

export const authKeys = { currentUser: ['currentUser'] as const };

/** The signed-in user as the cache holds it now, outside React (realtime handlers, a query's fetch). */
export const cachedCurrentUser = (qc: QueryClient) => qc.getQueryData<TCurrentUser>(authKeys.currentUser) ?? null;

/** Spec part 1 §4: fresh 5 minutes, refetched on focus, no retry; on failure the user is simply null. */
export function useCurrentUser() {
  const token = useToken();
  const enabled = isTokenValid(token) && !emDominioPersonalizado();
  const query = useQuery({
    queryKey: authKeys.currentUser,
    queryFn: () => request('GET', '/Usuario/GetCurrentUser', ZCurrentUser),
    enabled,
    staleTime: CURRENT_USER_STALE_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });
  const user: TCurrentUser | null = enabled && !query.isError ? (query.data ?? null) : null;
  // Render-time so the first paint after login already shows the account's zone.
  if (user) setAccountTimeZone(user.timeZone);
  return { user, isLoading: enabled && query.isPending, refetch: query.refetch };
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TLoginInput) => request('POST', '/api/auth/login', ZLoginAnswer, input),
    onSuccess: ({ token, user }) => {
      queryClient.setQueryData(authKeys.currentUser, user);
      setToken(token);
      // The WhatsApp connection modal waits 2 minutes after a login (spec part 1 §4).
      markLoggedIn();
    },
  });
}

/** Logout: server revokes the refresh cookie; the token, session storage and query cache go; then /login. */
export async function logout(queryClient: QueryClient, navigate: (to: string) => void) {
  await request('POST', '/api/auth/logout', null).catch(() => undefined);
  clearSessionStorage();
  queryClient.clear();
  navigate('/login');
}

export const useForgotPassword = () =>
  useMutation({ mutationFn: (email: string) => request('POST', '/api/auth/forgot-password', ZMessageAnswer, { email }) });

export const useResetPassword = () =>
  useMutation({ mutationFn: (input: TResetPasswordInput) => request('POST', '/api/auth/reset-password', ZMessageAnswer, input) });
