import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZCanalWhatsApp,
  ZTesteConexao,
  type TCanalWhatsApp,
  type TCanalWhatsAppInput,
  type TCanalWhatsAppUpdate,
} from '@balcao/shared/canais';
import { integracoesKeys } from '@/features/integracoes/api';
import { errorMessage, request } from '@/lib/http';
import { toast } from '@/lib/toast';

const key = ['canais', 'whatsapp'] as const;

/** GET /api/canais/whatsapp (admin and master): the numbers, never their secrets. */
export const useWhatsAppCanais = () =>
  useQuery({ queryKey: key, queryFn: () => request('GET', '/api/canais/whatsapp', ZCanalWhatsApp.array()) });

/** A channel the server answered goes into the list; the banner and the modal read the new state at once. */
function useStore() {
  const qc = useQueryClient();
  return (canal: TCanalWhatsApp) => {
    qc.setQueryData<TCanalWhatsApp[]>(key, (old) => {
      if (!old) return [canal];
      return old.some((c) => c.id === canal.id) ? old.map((c) => (c.id === canal.id ? canal : c)) : [...old, canal];
    });
    void qc.invalidateQueries({ queryKey: integracoesKeys.all });
  };
}

/** POST /api/canais/whatsapp, or PUT /api/canais/{id} (empty secrets keep the stored ones). Field errors go to the form. */
export function useSaveWhatsApp() {
  const store = useStore();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TCanalWhatsAppInput | TCanalWhatsAppUpdate }) =>
      id ? request('PUT', `/api/canais/${id}`, ZCanalWhatsApp, input) : request('POST', '/api/canais/whatsapp', ZCanalWhatsApp, input),
    onSuccess: (canal, { id }) => {
      store(canal);
      // The server reads the number from Meta right after creating it: the card shows the result when it lands.
      if (!id) window.setTimeout(() => void qc.invalidateQueries({ queryKey: key }), 2500);
      toast.success('Sucesso', id ? 'Número atualizado.' : 'Número conectado. Agora configure o webhook no painel do Meta.');
    },
  });
}

/** Ativar/Pausar and the department, from the card. */
export function useUpdateWhatsApp() {
  const store = useStore();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: unknown }) => request('PUT', `/api/canais/${id}`, ZCanalWhatsApp, input),
    onSuccess: store,
    onError: (err) => toast.error(errorMessage(err, 'Não foi possível salvar a alteração.')),
  });
}

/** 'Testar conexão': POST /api/canais/{id}/testar; the list is read again for the stored connection state. */
export function useTestConexao() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request('POST', `/api/canais/${id}/testar`, ZTesteConexao),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: key });
      void qc.invalidateQueries({ queryKey: integracoesKeys.all });
    },
  });
}

export function useDeleteWhatsApp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request('DELETE', `/api/canais/${id}`, null),
    onSuccess: (_v, id) => {
      qc.setQueryData<TCanalWhatsApp[]>(key, (old) => old?.filter((c) => c.id !== id));
      void qc.invalidateQueries({ queryKey: integracoesKeys.all });
      toast.success('Sucesso', 'Número excluído.');
    },
    onError: (err) => toast.error(errorMessage(err, 'Não foi possível excluir o número.')),
  });
}
