import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { z } from 'zod';
import {
  CHAT_INTERNO_PAGE_SIZE,
  ZConversa,
  ZConversaCriada,
  ZDepartamentoDisponivel,
  ZFotoGrupoAnswer,
  ZMensagem,
  ZMensagensPagina,
  ZNomeGrupoAnswer,
  ZParticipante,
  ZUsuarioDisponivel,
  type TCriarConversaInput,
  type TEnviarMensagemInput,
  type TIntegranteInput,
  type TMensagensPagina,
} from '@balcao/shared/chat-interno';
import { request } from '@/lib/http';
import { chatKeys } from './keys';

/** Spec part 2 §7: every internal chat call lives under this path of the backend. */
export const CHAT_API = '/api/chat-interno';
const ZConversas = z.array(ZConversa);
const ZParticipantes = z.array(ZParticipante);

export const fetchConversas = () => request('GET', `${CHAT_API}/conversas`, ZConversas);

/** The list (spec §2); the panel reloads it on open and on UpdateConversations. */
export const useConversas = () => useQuery({ queryKey: chatKeys.conversas, queryFn: fetchConversas });

export const useUsuariosDisponiveis = (enabled: boolean) =>
  useQuery({
    queryKey: chatKeys.usuarios,
    queryFn: () => request('GET', `${CHAT_API}/usuarios-disponiveis`, z.array(ZUsuarioDisponivel)),
    enabled,
  });

/** Master only (spec §6); the server answers 403 to anyone else, so others never ask. */
export const useDepartamentosDisponiveis = (enabled: boolean) =>
  useQuery({
    queryKey: chatKeys.departamentos,
    queryFn: () => request('GET', `${CHAT_API}/departamentos-disponiveis`, z.array(ZDepartamentoDisponivel)),
    enabled,
  });

export const useParticipantes = (conversaId: string | null) =>
  useQuery({
    queryKey: chatKeys.participantes(conversaId ?? ''),
    queryFn: () => request('GET', `${CHAT_API}/conversa/${conversaId}/participantes`, ZParticipantes),
    enabled: Boolean(conversaId),
  });

export type TMensagensData = InfiniteData<TMensagensPagina, unknown>;

/** Spec §4/§7: page 1 is the newest 25; 'Carregar mensagens anteriores' asks for the next page. */
export const useMensagens = (conversaId: string) =>
  useInfiniteQuery({
    queryKey: chatKeys.mensagens(conversaId),
    queryFn: ({ pageParam }) =>
      request('GET', `${CHAT_API}/mensagens/${conversaId}?page=${pageParam}&pageSize=${CHAT_INTERNO_PAGE_SIZE}`, ZMensagensPagina),
    initialPageParam: 1,
    getNextPageParam: (last: TMensagensPagina) => (last.hasMore ? last.currentPage + 1 : undefined),
    // Realtime keeps an open conversation current; a reconnect refetches it.
    staleTime: Infinity,
  });

/** Spec §7: `usuarios-departamento/{id}` is a POST with no body. */
export const useUsuariosDoDepartamento = (departamentoId: string) =>
  useQuery({
    queryKey: chatKeys.usuariosDepartamento(departamentoId),
    queryFn: () => request('POST', `${CHAT_API}/usuarios-departamento/${departamentoId}`, z.array(ZUsuarioDisponivel)),
  });

export const createConversa = (input: TCriarConversaInput) => request('POST', `${CHAT_API}/conversa`, ZConversaCriada, input);

/** HTTP twin of SendMessage, for when the hub is down or silent; the same id never stores twice. */
export const sendMensagemHttp = (input: TEnviarMensagemInput) => request('POST', `${CHAT_API}/mensagem`, ZMensagem, input);

/** HTTP twin of ViewMessages. */
export const viewMensagensHttp = (conversaId: string, ultimaMensagemId: string | null) =>
  request('POST', `${CHAT_API}/conversa/${conversaId}/visualizar`, null, ultimaMensagemId ? { ultimaMensagemId } : {});

/** Group administration (spec §4): each answer refreshes the participants and the list. */
export function useGrupoMutations(conversaId: string) {
  const qc = useQueryClient();
  const depois = (participantes?: z.infer<typeof ZParticipantes>) => {
    if (participantes) qc.setQueryData(chatKeys.participantes(conversaId), participantes);
    else void qc.invalidateQueries({ queryKey: chatKeys.participantes(conversaId) });
    void qc.invalidateQueries({ queryKey: chatKeys.conversas });
  };
  const base = `${CHAT_API}/conversa/${conversaId}`;
  return {
    adicionar: useMutation({
      mutationFn: (i: TIntegranteInput) => request('POST', `${base}/integrante`, ZParticipantes, i),
      onSuccess: depois,
    }),
    remover: useMutation({
      mutationFn: (i: TIntegranteInput) => request('DELETE', `${base}/integrante`, ZParticipantes, i),
      onSuccess: depois,
    }),
    promover: useMutation({
      mutationFn: (integranteId: string) => request('POST', `${base}/admin`, ZParticipantes, { integranteId }),
      onSuccess: depois,
    }),
    // The body is the bare JSON string of the new name (spec §7).
    renomear: useMutation({
      mutationFn: (nome: string) => request('POST', `${base}/mudar-nome`, ZNomeGrupoAnswer, nome),
      onSuccess: () => depois(),
    }),
    foto: useMutation({
      mutationFn: (file: File) => {
        const body = new FormData();
        body.append('foto', file);
        return request('POST', `${base}/upload-foto-grupo`, ZFotoGrupoAnswer, body);
      },
      onSuccess: () => depois(),
    }),
    sair: useMutation({ mutationFn: () => request('DELETE', `${base}/sair`, null) }),
  };
}
