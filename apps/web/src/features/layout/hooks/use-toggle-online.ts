import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZOnlineAnswer, type TCurrentUser } from '@balcao/shared/usuarios';
import { authKeys } from '@/features/auth/api';
import { errorMessage, request } from '@/lib/http';
import { toast } from '@/lib/toast';

/** Spec part 1 §4, §7: the menu toggles Online/Offline; the server answers the new value. */
export function useToggleOnline(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request('POST', `/usuario/UpdateUser/${userId}`, ZOnlineAnswer),
    onSuccess: ({ online }) => {
      queryClient.setQueryData<TCurrentUser>(authKeys.currentUser, (u) => (u ? { ...u, online } : u));
      // The moment notifications make sense: going Online (asked once; the browser remembers the answer).
      if (online) void import('@/features/notificacoes/pwa').then((m) => m.askPermissao()).catch(() => undefined);
    },
    onError: (err) => toast.error('Erro ao alterar o status', errorMessage(err, 'Tente novamente em instantes.')),
  });
}
