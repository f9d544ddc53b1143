import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONTA_TEXTS, ZConta, type TConta, type TContaInput } from '@balcao/shared/conta';
import { authKeys } from '@/features/auth/api';
import { errorMessage, request } from '@/lib/http';
import { toast } from '@/lib/toast';
import { restartAnalytics } from '@/features/analytics/start';

const contaKeys = { conta: ['conta'] as const };

/** GET /api/conta: the account's name, time zone and white-label logo (the menu reads it too). */
export const useConta = (enabled = true) =>
  useQuery({ queryKey: contaKeys.conta, queryFn: () => request('GET', '/api/conta', ZConta), enabled, staleTime: 5 * 60_000 });

/** The zone lives in the current user too (every date on screen follows it): both are read again after a change. */
function useStore() {
  const queryClient = useQueryClient();
  return (conta: TConta) => {
    queryClient.setQueryData(contaKeys.conta, conta);
    void queryClient.invalidateQueries({ queryKey: authKeys.currentUser });
  };
}

/** PUT /api/conta (admin and master). Field errors are left to the form. */
export function useSaveConta() {
  const store = useStore();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TContaInput) => request('PUT', '/api/conta', ZConta, input),
    onSuccess: (conta) => {
      // The analytics switch applies to this tab at once, socket or not (the server tells the others: TelemetriaAlterada).
      if (queryClient.getQueryData<TConta>(contaKeys.conta)?.telemetria !== conta.telemetria) restartAnalytics();
      store(conta);
      toast.success('Sucesso', CONTA_TEXTS.salvo);
    },
  });
}

/** POST /api/conta/logo (multipart field `logo`), or DELETE to go back to Balcão's own mark. */
export function useLogo() {
  const store = useStore();
  return useMutation({
    mutationFn: (file: File | null) => {
      if (!file) return request('DELETE', '/api/conta/logo', ZConta);
      const form = new FormData();
      form.append('logo', file);
      return request('POST', '/api/conta/logo', ZConta, form);
    },
    onSuccess: (conta, file) => {
      store(conta);
      toast.success('Sucesso', file ? CONTA_TEXTS.logoSalvo : CONTA_TEXTS.logoRemovido);
    },
    onError: (err) => toast.error(errorMessage(err, 'Não foi possível atualizar o logotipo.')),
  });
}
