import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MENSAGENS_RAPIDAS_STORAGE_KEY,
  MENSAGENS_RAPIDAS_TEXTS as T,
  ZMensagemRapida,
  ZMensagemRapidaPagina,
  type TMensagemRapida,
  type TMensagemRapidaInput,
} from '@balcao/shared/mensagens-rapidas';
import { mensagemHttp, request } from '@/lib/http';
import { toast } from '@/lib/toast';

const keys = {
  all: ['mensagens-rapidas'] as const,
  lista: (qual: 'list' | 'publicas', page: number) => ['mensagens-rapidas', qual, page] as const,
};

/** The full list as last read, from session storage (spec part 2 §3): the picker opens at once after a reload. */
function cached(): TMensagemRapida[] | undefined {
  try {
    const raw = sessionStorage.getItem(MENSAGENS_RAPIDAS_STORAGE_KEY);
    const parsed = raw ? ZMensagemRapida.array().safeParse(JSON.parse(raw)) : null;
    return parsed?.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** GET /mensagemrapida/all: the caller's own and the public ones, kept in session storage under `mensagensRapidas`. */
export const useMensagensRapidas = (enabled = true) =>
  useQuery({
    queryKey: keys.all,
    enabled,
    initialData: cached,
    // The stored copy is shown, and read again from the server once per page load.
    initialDataUpdatedAt: 0,
    queryFn: async () => {
      const lista = await request('GET', '/mensagemrapida/all', ZMensagemRapida.array());
      sessionStorage.setItem(MENSAGENS_RAPIDAS_STORAGE_KEY, JSON.stringify(lista));
      return lista;
    },
  });

/** POST /mensagemrapida/list or /publicas (one page; spec part 2 §8: 'Erro ao buscar mensagens rápidas'). */
export const usePaginaRapidas = (qual: 'list' | 'publicas', page: number) =>
  useQuery({
    queryKey: keys.lista(qual, page),
    queryFn: () =>
      request('POST', `/mensagemrapida/${qual}?page=${page}&take=10`, ZMensagemRapidaPagina, {}).catch((err: unknown) => {
        throw new Error(mensagemHttp(err, T.erroBuscar));
      }),
  });

/** Any change re-reads every list, and the session copy with the full one. */
function useRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: keys.all });
}

export function useSaveRapida() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: TMensagemRapidaInput) => request('POST', '/mensagemrapida/save', ZMensagemRapida, input),
    onSuccess: () => void refresh(),
  });
}

/** Delete and import answer false on failure, with no error (spec part 2 §8). */
export function useDeleteRapida() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      request('DELETE', `/mensagemrapida/delete/${id}`, null).then(
        () => true,
        () => false,
      ),
    onSuccess: () => void refresh(),
  });
}

export function useImportRapida() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      request('POST', `/mensagemrapida/import/${id}`, null).then(
        () => true,
        () => false,
      ),
    onSuccess: (ok) => {
      if (ok) toast.success('Sucesso', 'Mensagem importada para as suas.');
      void refresh();
    },
  });
}
