import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZCanal, type TCanal, type TCanalWidgetInput } from '@balcao/shared/canais';
import { errorMessage, request } from '@/lib/http';
import { toast } from '@/lib/toast';

const configKeys = {
  canais: ['canais'] as const,
};

/** GET /api/canais (admin and master). */
export const useCanais = (enabled = true) =>
  useQuery({ queryKey: configKeys.canais, queryFn: () => request('GET', '/api/canais', ZCanal.array()), enabled });

/** Puts a channel the server answered into the cached list, so the card updates without a second GET. */
function useStoreCanal() {
  const queryClient = useQueryClient();
  return (canal: TCanal) =>
    queryClient.setQueryData<TCanal[]>(configKeys.canais, (old) => {
      if (!old) return [canal];
      return old.some((c) => c.id === canal.id) ? old.map((c) => (c.id === canal.id ? canal : c)) : [...old, canal];
    });
}

/** POST /api/canais/widget, or PUT /api/canais/{id} when editing. Field errors are left to the form. */
export function useSaveCanal() {
  const store = useStoreCanal();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TCanalWidgetInput }) =>
      id ? request('PUT', `/api/canais/${id}`, ZCanal, input) : request('POST', '/api/canais/widget', ZCanal, input),
    onSuccess: (canal, { id }) => {
      store(canal);
      toast.success('Sucesso', id ? 'Canal atualizado.' : 'Canal criado. Copie o código de instalação para o seu site.');
    },
  });
}

export function useDeleteCanal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request('DELETE', `/api/canais/${id}`, null),
    onSuccess: (_void, id) => {
      queryClient.setQueryData<TCanal[]>(configKeys.canais, (old) => old?.filter((c) => c.id !== id));
      toast.success('Sucesso', 'Canal excluído.');
    },
    onError: (err) => toast.error(errorMessage(err, 'Não foi possível excluir o canal.')),
  });
}

/** POST /api/canais/{id}/segredo: a new secret; the old one stops verifying at once. */
export function useRotateSegredo() {
  const store = useStoreCanal();
  return useMutation({
    mutationFn: (id: string) => request('POST', `/api/canais/${id}/segredo`, ZCanal),
    onSuccess: (canal) => {
      store(canal);
      toast.success('Sucesso', 'Novo segredo gerado. Atualize-o no servidor do seu site.');
    },
    onError: (err) => toast.error(errorMessage(err, 'Não foi possível gerar um novo segredo.')),
  });
}
