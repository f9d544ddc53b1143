import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZAtendimento } from '@balcao/shared/atendimentos';
import { ZEtiqueta, type TEtiquetaInput } from '@balcao/shared/etiquetas';
import { errorMessage, request } from '@/lib/http';
import { toast } from '@/lib/toast';

const etiquetasKeys = { all: ['etiquetas'] as const };

/** The account's labels (rows show theirs by id). */
export const useEtiquetas = () =>
  useQuery({ queryKey: etiquetasKeys.all, queryFn: () => request('GET', '/api/etiquetas', ZEtiqueta.array()), staleTime: 60_000 });

export function useSaveEtiqueta() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: TEtiquetaInput }) =>
      id ? request('PUT', `/api/etiquetas/${id}`, ZEtiqueta, input) : request('POST', '/api/etiquetas', ZEtiqueta, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: etiquetasKeys.all }),
    onError: (err) => toast.error(errorMessage(err, 'Não foi possível salvar a etiqueta.')),
  });
}

export function useDeleteEtiqueta() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request('DELETE', `/api/etiquetas/${id}`, null),
    onSuccess: () => qc.invalidateQueries({ queryKey: etiquetasKeys.all }),
    onError: (err) => toast.error(errorMessage(err, 'Não foi possível excluir a etiqueta.')),
  });
}

/** Sets a conversation's labels; the row comes back through the list's realtime update too. */
export function useSetEtiquetas(atendimentoId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (etiquetaIds: string[]) => request('PUT', `/api/atendimento/${atendimentoId}/etiquetas`, ZAtendimento, { etiquetaIds }),
    onSuccess: () => qc.invalidateQueries({ queryKey: etiquetasKeys.all }),
    onError: (err) => toast.error(errorMessage(err, 'Não foi possível salvar as etiquetas.')),
  });
}
