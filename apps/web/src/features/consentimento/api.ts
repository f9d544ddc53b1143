import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type TConsentimentoConfig,
  type TFinalidade,
  type TRegistrarConsentimento,
  ZConsentimento,
  ZConsentimentoConfig,
  ZSolicitacaoEnviada,
} from '@balcao/shared/consentimento';
import { request } from '@/lib/http';

const key = (clienteId: string) => ['consentimento', clienteId] as const;

/** GET /api/clientes/{id}/consentimento: state per purpose and history. */
export const useConsentimento = (clienteId: string | null | undefined) =>
  useQuery({
    queryKey: key(clienteId ?? ''),
    enabled: Boolean(clienteId),
    queryFn: () => request('GET', `/api/clientes/${clienteId}/consentimento`, ZConsentimento),
  });

/** POST /api/clientes/{id}/consentimento/solicitar: the link goes to the customer on WhatsApp or by e-mail. */
export function useRequestConsentimento(clienteId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (canal: TFinalidade) =>
      request('POST', `/api/clientes/${clienteId}/consentimento/solicitar`, ZSolicitacaoEnviada, { canal }),
    onSettled: () => void qc.invalidateQueries({ queryKey: key(clienteId) }),
  });
}

/** POST /api/clientes/{id}/consentimento: an answer given elsewhere, with the reason. */
export function useRecordConsentimento(clienteId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TRegistrarConsentimento) => request('POST', `/api/clientes/${clienteId}/consentimento`, z.unknown(), input),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: key(clienteId) });
      void qc.invalidateQueries({ queryKey: ['clientes'] });
    },
  });
}

const configKey = ['consentimento', 'config'] as const;

/** GET /api/conta/consentimento: the account's opt-out and opt-in words and their automatic replies. */
export const useConsentimentoConfig = () =>
  useQuery({ queryKey: configKey, queryFn: () => request('GET', '/api/conta/consentimento', ZConsentimentoConfig) });

/** PUT /api/conta/consentimento (admin and master). Field errors are left to the form. */
export function useSaveConsentimentoConfig() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TConsentimentoConfig) => request('PUT', '/api/conta/consentimento', ZConsentimentoConfig, input),
    onSuccess: (config) => qc.setQueryData(configKey, config),
  });
}
