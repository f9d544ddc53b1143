import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AGENDADAS_TAKE_DEFAULT,
  MENSAGENS_AGENDADAS_TEXTS as T,
  ZAtivarResposta,
  ZCanalAgendavel,
  ZMensagemAgendada,
  ZMensagemAgendadaPagina,
  ZModeloWhatsApp,
  type TMensagemAgendada,
  type TMensagemAgendadaFiltro,
  type TMensagemAgendadaInput,
} from '@balcao/shared/mensagens-agendadas';
import { mensagemHttp, request } from '@/lib/http';
import { toast } from '@/lib/toast';

const keys = { all: ['mensagens-agendadas'] as const };
/** Spec part 2 §9: the list stays fresh 300000 ms; it is reloaded after a save or a delete (§4). */
const FRESCO_MS = 300_000;

/** A failed call's text in the spec's order (part 2 §8), else the situation's fallback. */
const falha = (fallback: string) => (err: unknown) => {
  throw new Error(mensagemHttp(err, fallback));
};

export const useAgendadas = (filtro: NonNullable<TMensagemAgendadaFiltro>, page: number) =>
  useQuery({
    queryKey: [...keys.all, filtro, page],
    staleTime: FRESCO_MS,
    placeholderData: keepPreviousData,
    queryFn: () =>
      request('POST', `/mensagemagendada/list?page=${page}&take=${AGENDADAS_TAKE_DEFAULT}`, ZMensagemAgendadaPagina, filtro).catch(
        falha(T.erroBuscarLista),
      ),
  });

function useReload() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: keys.all });
}

export function useSaveAgendada() {
  const reload = useReload();
  return useMutation({
    mutationFn: (input: TMensagemAgendadaInput) => request('POST', '/mensagemagendada/save', ZMensagemAgendada, input),
    onSuccess: () => {
      toast.success('Sucesso', T.salva);
      void reload();
    },
  });
}

export function useDeleteAgendada() {
  const reload = useReload();
  return useMutation({
    mutationFn: (id: string) => request('DELETE', `/mensagemagendada/delete/${id}`, null).catch(falha(T.erroDeletar)),
    onSuccess: () => {
      toast.success('Sucesso', T.excluida);
      void reload();
    },
    onError: (err) => toast.error(err.message),
  });
}

export function useActivateAgendada() {
  const reload = useReload();
  return useMutation({
    mutationFn: ({ id, ativo }: { id: string; ativo: boolean }) =>
      request('POST', `/mensagemagendada/ativar/${id}`, ZAtivarResposta, { ativo }).catch(falha(ativo ? T.erroAtivar : T.erroDesativar)),
    onSuccess: (r) => {
      toast.success('Sucesso', r.ativo ? T.ativada : T.desativada);
      void reload();
    },
    onError: (err) => toast.error(err.message),
  });
}

/**
 * GET /mensagemagendada/get/{id} before editing: the dialog opens on the row as the server has it now (the scheduler
 * may have moved it on since the list was read); a failure reads 'Erro ao buscar mensagem agendada' (spec part 2 §8).
 */
export function useOpenAgendada(abrir: (m: TMensagemAgendada) => void) {
  const qc = useQueryClient();
  return (m: TMensagemAgendada) =>
    qc
      .fetchQuery({
        queryKey: [...keys.all, 'get', m.id],
        staleTime: 0,
        queryFn: () => request('GET', `/mensagemagendada/get/${m.id}`, ZMensagemAgendada).catch(falha(T.erroBuscar)),
      })
      .then(abrir, (err: Error) => toast.error(err.message));
}

/** The channel's approved WhatsApp templates (for sends outside the 24-hour window). */
/** The channels that can write first (by their capabilities): Cloud API numbers and WhatsApp Web, with whether they have templates. */
export const useCanaisAgendaveis = () =>
  useQuery({
    queryKey: ['mensagens-agendadas-canais'],
    staleTime: FRESCO_MS,
    queryFn: () => request('GET', '/mensagemagendada/canais', ZCanalAgendavel.array()),
  });

export const useModelos = (canalId: string | null) =>
  useQuery({
    queryKey: ['whatsapp-modelos', canalId],
    enabled: !!canalId,
    staleTime: FRESCO_MS,
    queryFn: () => request('GET', `/mensagemagendada/modelos/${canalId}`, ZModeloWhatsApp.array()),
  });
