import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEPARTAMENTOS_TEXTS, ZDepartamento, type TDepartamentoInput } from '@balcao/shared/departamentos';
import { errorMessage, request } from '@/lib/http';
import { toast } from '@/lib/toast';

const departamentosKeys = { all: ['departamentos'] as const };

/**
 * GET /api/departamentos: the list, with member ids and open atendimentos. The one query for every screen that lists
 * departments (users, dashboard, channels, the atendimentos filter and transfer), so one change refreshes them all.
 */
export const useDepartamentos = (enabled = true) =>
  useQuery({ queryKey: departamentosKeys.all, queryFn: () => request('GET', '/api/departamentos', ZDepartamento.array()), enabled });

/** A change of members moves users between departments: the users screen is read again too. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: departamentosKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['usuarios'] }),
    ]);
}

/** POST /api/departamentos, or PUT /api/departamentos/{id}. Errors are left to the dialog (field errors, the name in use). */
export function useSaveDepartamento() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TDepartamentoInput }) =>
      id ? request('PUT', `/api/departamentos/${id}`, ZDepartamento, input) : request('POST', '/api/departamentos', ZDepartamento, input),
    onSuccess: (_d, { id }) => {
      void invalidate();
      toast.success('Sucesso', id ? DEPARTAMENTOS_TEXTS.atualizado : DEPARTAMENTOS_TEXTS.criado);
    },
  });
}

/** DELETE /api/departamentos/{id}; the server's refusal (open atendimentos, with how many) is shown as it sends it. */
export function useDeleteDepartamento() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => request('DELETE', `/api/departamentos/${id}`, null),
    onSuccess: () => {
      void invalidate();
      toast.success('Sucesso', DEPARTAMENTOS_TEXTS.excluido);
    },
    onError: (err) => toast.error(errorMessage(err, 'Não foi possível excluir o departamento.')),
  });
}
