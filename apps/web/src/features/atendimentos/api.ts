import { ZModeloWhatsApp } from '@balcao/shared/mensagens-agendadas';
import { useCallback } from 'react';
import { type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ZAtendenteOnline,
  ZAtendimento,
  ZClienteDetalhe,
  ZConversasPage,
  ZMensagensPage,
  ZTipoMensagem,
  ZMidia,
  CONVERSAS_PAGE_SIZE,
  MENSAGENS_PAGE_SIZE,
  type TAtendimento,
  type TTransferir,
} from '@balcao/shared/atendimentos';
import { ZCapacidadesPorCanal } from '@balcao/shared/canais';
import { cachedCurrentUser, useCurrentUser } from '@/features/auth/api';
import { request } from '@/lib/http';
import { atendimentoKeys } from './keys';
import { findConversa, type TConversasData, type TFiltroConversas } from './list-cache';
import { applyServerConversa, withKnownConversas, markLidaLocally } from './cache-sync';
import type { TMensagensData, TPaginaMensagens } from './message-cache';

const qs = (params: Record<string, string | number | null | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== '') q.set(k, String(v));
  return q.toString();
};

export const fetchMensagens = (id: string, antesDe: string | null) =>
  request('GET', `/api/atendimento/${id}/mensagens?${qs({ antesDe, limit: MENSAGENS_PAGE_SIZE })}`, ZMensagensPage);

/** The conversation list of one tab, by cursor. The previous list stays on screen while a filter loads. */
export function useConversas(filtro: TFiltroConversas, enabled = true) {
  const qc = useQueryClient();
  return useInfiniteQuery({
    queryKey: atendimentoKeys.lista(filtro),
    queryFn: async ({ pageParam }) => {
      const page = await request(
        'GET',
        `/api/atendimento/conversas?${qs({ status: filtro.status, busca: filtro.busca.trim(), departamentoId: filtro.departamentoId, etiquetaId: filtro.etiquetaId, cursor: pageParam, limit: CONVERSAS_PAGE_SIZE })}`,
        ZConversasPage,
      );
      return withKnownConversas(qc, page, filtro, cachedCurrentUser(qc));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.proximoCursor,
    // While a search or department loads, the tab's previous rows stay; another tab shows its skeleton.
    placeholderData: (prev, prevQuery) =>
      prevQuery && (prevQuery.queryKey[2] as TFiltroConversas).status === filtro.status ? prev : undefined,
    enabled,
  });
}

const fetchAtendimento = (id: string) => request('GET', `/api/atendimento/${id}`, ZAtendimento);

/**
 * A row this client holds nowhere, told of by its message (the hub sends a customer's message without its
 * row): read once into the cached lists, where it goes to the top (the header's query, so messages arriving
 * meanwhile share the read). Nothing to do when no list is cached.
 */
export function fetchUnknownConversa(qc: QueryClient, id: string) {
  const user = cachedCurrentUser(qc);
  const algumaLista = qc.getQueriesData<TConversasData>({ queryKey: atendimentoKeys.listas() }).some(([, data]) => data);
  if (!user || !algumaLista) return;
  void qc
    .fetchQuery({ queryKey: atendimentoKeys.detalhe(id), queryFn: () => fetchAtendimento(id) })
    .then((row) => applyServerConversa(qc, row, user))
    .catch(() => undefined);
}

/** The open atendimento, seeded from any list row already in the cache. */
export function useAtendimento(id: string | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: atendimentoKeys.detalhe(id ?? ''),
    queryFn: () => fetchAtendimento(id!),
    enabled: Boolean(id),
    initialData: () => {
      for (const [, data] of qc.getQueriesData<TConversasData>({ queryKey: atendimentoKeys.listas() })) {
        const row = id ? findConversa(data, id) : undefined;
        if (row) return row;
      }
      return undefined;
    },
    // A row from a list is good to show at once, but the header wants the current truth.
    initialDataUpdatedAt: 0,
  });
}

/** Messages 25 a page; the next page is the older one. */
export function useMensagens(id: string | null) {
  return useInfiniteQuery<TPaginaMensagens, Error, TMensagensData, readonly unknown[], string | null>({
    queryKey: atendimentoKeys.mensagens(id ?? ''),
    queryFn: ({ pageParam }) => fetchMensagens(id!, pageParam),
    initialPageParam: null,
    getNextPageParam: (last) => (last.hasMore ? last.cursor : null),
    enabled: Boolean(id),
    // Realtime events keep it current; refetching every page on remount would drop optimistic lines.
    staleTime: Infinity,
  });
}

export const useCliente = (clienteId: string | null) =>
  useQuery({
    queryKey: atendimentoKeys.cliente(clienteId ?? ''),
    queryFn: () => request('GET', `/api/clientes/${clienteId}`, ZClienteDetalhe),
    enabled: Boolean(clienteId),
  });

export const useAtendentes = (enabled: boolean) =>
  useQuery({
    queryKey: atendimentoKeys.atendentes(),
    queryFn: () => request('GET', '/api/atendimento/atendentes', z.array(ZAtendenteOnline)),
    enabled,
  });

/** What each of the account's channels can carry (edits exist on WhatsApp Web only); channels rarely change. */
const useCapacidades = () =>
  useQuery({
    queryKey: atendimentoKeys.capacidades(),
    queryFn: () => request('GET', '/api/atendimento/capacidades', ZCapacidadesPorCanal),
    staleTime: 5 * 60_000,
  });

/** Whether the conversation's channel has edits and deletions for everyone (false until known, and on Cloud API and widget). */
export const useEdicoes = (canalId: string) => useCapacidades().data?.[canalId]?.edicoes ?? false;
/** Whether the conversation's channel has approved templates (the way to write once its reply window closed). */
export const useHasModelos = (canalId: string) => useCapacidades().data?.[canalId]?.modelos ?? false;

/** The approved templates of the conversation's channel, read from the provider when the picker opens. */
export const useModelos = (atendimentoId: string, enabled: boolean) =>
  useQuery({
    queryKey: [...atendimentoKeys.capacidades(), 'modelos', atendimentoId],
    queryFn: () => request('GET', `/api/atendimento/${atendimentoId}/modelos`, z.array(ZModeloWhatsApp)),
    enabled,
    retry: false,
    staleTime: 60_000,
  });

/** Aceitar, Transferir, Finalizar: the answer is the row, applied at once (the hub's echo changes nothing). */
export function useAcaoAtendimento() {
  const qc = useQueryClient();
  const { user } = useCurrentUser();
  const apply = (row: TAtendimento) => user && applyServerConversa(qc, row, user);
  const aceitar = useMutation({
    mutationFn: (id: string) => request('POST', `/api/atendimento/${id}/aceitar`, ZAtendimento),
    onSuccess: apply,
  });
  const transferir = useMutation({
    mutationFn: ({ id, destino }: { id: string; destino: TTransferir }) =>
      request('POST', `/api/atendimento/${id}/transferir`, ZAtendimento, destino),
    onSuccess: apply,
  });
  const finalizar = useMutation({
    mutationFn: (id: string) => request('POST', `/api/atendimento/${id}/finalizar`, ZAtendimento),
    onSuccess: apply,
  });
  return { aceitar, transferir, finalizar };
}

/** Optimistic: the badge drops now; a failure is silent (the next list refresh shows the truth). */
export function useMarkLidas() {
  const qc = useQueryClient();
  return useCallback(
    (id: string) => {
      markLidaLocally(qc, id);
      void request('POST', `/api/atendimento/${id}/lidas`, null).catch(() => undefined);
    },
    [qc],
  );
}

export const ZUploadAnswer = ZMidia.extend({ tipo: ZTipoMensagem });
export type TUploadAnswer = z.infer<typeof ZUploadAnswer>;
