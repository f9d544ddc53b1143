import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AUTOATENDIMENTO_TEXTS as T, SOLICITACOES_POLL_MS, ZChave, ZChaveCriada, ZSolicitacao } from '@balcao/shared/autoatendimento';
import { errorMessage, request } from '@/lib/http';
import { toast } from '@/lib/toast';

const keys = {
  quantidade: ['autoatendimento', 'quantidade'] as const,
  solicitacoes: ['autoatendimento', 'solicitacoes'] as const,
  chaves: ['autoatendimento', 'chaves'] as const,
};

/** GET /AutoAtendimentoERP/quantidade-solicitacoes every 150000 ms (spec part 2 §4); a failed poll is silent (§8). */
export const useQuantidadeSolicitacoes = (enabled: boolean) =>
  useQuery({
    queryKey: keys.quantidade,
    enabled,
    refetchInterval: SOLICITACOES_POLL_MS,
    refetchIntervalInBackground: true,
    retry: false,
    queryFn: () => request('GET', '/AutoAtendimentoERP/quantidade-solicitacoes', z.number()),
  });

export const useSolicitacoes = (status: 'abertas' | 'resolvidas') =>
  useQuery({
    queryKey: [...keys.solicitacoes, status],
    queryFn: () => request('GET', `/api/autoatendimento/solicitacoes?status=${status}`, ZSolicitacao.array()),
  });

export function useAcaoSolicitacao() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, acao }: { id: string; acao: 'assumir' | 'resolver' }) =>
      request('POST', `/api/autoatendimento/solicitacoes/${id}/${acao}`, null),
    onError: (err) => toast.error(errorMessage(err, 'Não foi possível atualizar a solicitação.')),
    onSettled: () => qc.invalidateQueries({ queryKey: ['autoatendimento'] }),
  });
}

export const useChaves = () =>
  useQuery({ queryKey: keys.chaves, queryFn: () => request('GET', '/api/autoatendimento/chaves', ZChave.array()) });

export function useCreateChave() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (nome: string) => request('POST', '/api/autoatendimento/chaves', ZChaveCriada, { nome }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.chaves }),
  });
}

export function useRevokeChave() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request('DELETE', `/api/autoatendimento/chaves/${id}`, ZChave),
    onSuccess: () => {
      toast.success('Sucesso', T.chaveRevogada);
      void qc.invalidateQueries({ queryKey: keys.chaves });
    },
    onError: (err) => toast.error(errorMessage(err, 'Não foi possível revogar a chave.')),
  });
}
