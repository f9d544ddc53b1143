import { useQuery } from '@tanstack/react-query';
import { ZIntegracoes } from '@balcao/shared/canais';
import { CONNECTION_STATUS_CACHE_MS, CONNECTION_STATUS_POLL_MS, INTEGRACOES_POLL_MS } from '@balcao/shared/integracoes';
import { ZCanUseFeatures } from '@balcao/shared/licenca';
import { request } from '@/lib/http';

/** Every integrations query starts with this key: a change in Integrações refreshes the banner and the modal. */
export const integracoesKeys = {
  all: ['integracoes'] as const,
  poll: ['integracoes', 'poll'] as const,
  status: ['integracoes', 'status'] as const,
  licenca: ['integracoes', 'licenca'] as const,
};

const fetchIntegracoes = () => request('GET', '/Integracoes/get', ZIntegracoes);

/** Spec part 1 §4 and §7: GET /Integracoes/get every 30 s for the banner; a failure is silent (not connected). */
export const useIntegracoesPoll = (enabled: boolean) =>
  useQuery({
    queryKey: integracoesKeys.poll,
    queryFn: fetchIntegracoes,
    enabled,
    refetchInterval: INTEGRACOES_POLL_MS,
    refetchIntervalInBackground: true,
    retry: false,
  });

/**
 * Spec part 1 §4 'connection status cache' for the modal: fresh 2 minutes, polled every 60 s, refreshed when the
 * tab becomes visible (react-query's focus refetch listens to visibilitychange).
 */
export const useConnectionStatus = (enabled: boolean) =>
  useQuery({
    queryKey: integracoesKeys.status,
    queryFn: fetchIntegracoes,
    enabled,
    staleTime: CONNECTION_STATUS_CACHE_MS,
    gcTime: CONNECTION_STATUS_CACHE_MS,
    refetchInterval: CONNECTION_STATUS_POLL_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });

/** GET /Licenca/canUseFeatures: the modal invites only when the licence allows use (failure: it does not). */
export const useCanUseFeatures = (enabled: boolean) =>
  useQuery({
    queryKey: integracoesKeys.licenca,
    queryFn: () => request('GET', '/Licenca/canUseFeatures', ZCanUseFeatures),
    enabled,
    staleTime: CONNECTION_STATUS_CACHE_MS,
    retry: false,
  });
