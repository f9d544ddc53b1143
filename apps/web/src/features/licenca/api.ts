import { useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { FERRAMENTA_IA, LICENCA_PADRAO, ZLicencaStatus, isFerramentaIA, type TLicencaStatus } from '@balcao/shared/licenca';
import {
  LICENCA_TEMPOS,
  LICENCA_USUARIOS_CONFIRMACAO,
  ZCobranca,
  ZLicenca,
  ZLicencaInfo,
  ZVerificarPagamento,
  type TCobranca,
  type TLicenca,
  type TLicencaInfo,
} from '@balcao/shared/licenca-cobranca';
import { onLicencaExpirada, request } from '@/lib/http';

export const licencaKeys = {
  status: ['licenca', 'status'] as const,
  info: ['licenca', 'info'] as const,
  contratada: ['licenca', 'contratada'] as const,
  cobranca: ['licenca', 'cobranca'] as const,
};

/**
 * The blocker's rule (spec part 1 §4): the due date is past and the licence is not an ERP sale; the master is
 * let through on /licenca to pay. No status (not loaded, or its call failed) never blocks: a failing call must not lock
 * a whole team out.
 */
export function isBlockedByLicenca(status: TLicencaStatus | undefined, role: string, pathname: string): boolean {
  if (!status || status.hasActiveLicense || status.isLicencaVendaERP) return false;
  const naLicenca = /^\/licenca(\/|$)/i.test(pathname);
  return !(role === 'master' && naLicenca);
}

/**
 * GET /Licenca/status (any role): read every 30 minutes, every 30 s while it says expired, and at once when any call
 * or socket answers 402 LICENCA_EXPIRADA.
 */
export function useLicencaStatus(enabled = true) {
  const qc = useQueryClient();
  useEffect(() => onLicencaExpirada(() => void qc.invalidateQueries({ queryKey: licencaKeys.status })), [qc]);
  return useQuery({
    queryKey: licencaKeys.status,
    queryFn: () => request('GET', '/Licenca/status', ZLicencaStatus),
    enabled,
    refetchInterval: (q) =>
      q.state.data && !q.state.data.hasActiveLicense && !q.state.data.isLicencaVendaERP
        ? LICENCA_TEMPOS.recheckBloqueadoMs
        : LICENCA_TEMPOS.recheckMs,
  });
}

/** Spec part 1 §8: licence info failure is silent and the defaults (149, 0, 1) are used. */
const INFO_PADRAO: TLicencaInfo = {
  valorBase: LICENCA_PADRAO.valorBase,
  valorPorUsuario: LICENCA_PADRAO.valorPorUsuario,
  numeroUsuariosIsentos: LICENCA_PADRAO.numeroUsuariosIsentos,
  ferramentasDisponiveis: [],
};
const fetchInfo = () => request('GET', '/licenca/getlicencainfo', ZLicencaInfo).catch(() => INFO_PADRAO);
export const useLicencaInfo = () => useQuery({ queryKey: licencaKeys.info, queryFn: fetchInfo });

/** GET /licenca/get: the licence being contracted (null when it cannot be read: the dialog lists the standard one). */
const fetchContratada = () => request('GET', '/licenca/get', ZLicenca).catch(() => null);
export const useLicencaContratada = (enabled: boolean) => useQuery({ queryKey: licencaKeys.contratada, queryFn: fetchContratada, enabled });

/** GET /licenca/getcobranca: 404, and any failure, mean there is none (spec part 1 §7, §8). */
export const fetchCobranca = (): Promise<TCobranca | null> => request('GET', '/licenca/getcobranca', ZCobranca).catch(() => null);

/** The latest charge for the licence page (null when there is none). */
export const useCobranca = (enabled: boolean) => useQuery({ queryKey: licencaKeys.cobranca, queryFn: fetchCobranca, enabled });

/** The charge calls of the payment dialog, in the order of spec part 1 §4. */
export const cobrancaApi = {
  info: (qc: QueryClient) => qc.fetchQuery({ queryKey: licencaKeys.info, queryFn: fetchInfo }),
  contratada: (qc: QueryClient) => qc.fetchQuery({ queryKey: licencaKeys.contratada, queryFn: fetchContratada }),
  /** Spec part 1 §5: the confirmation always sends 5 users, and the AI tool when the licence has it. */
  confirmar: (licenca: TLicenca | null) =>
    request('POST', '/licenca/confirmalicenca', ZLicenca, {
      NumeroUsuarios: LICENCA_USUARIOS_CONFIRMACAO,
      FerramentasIdsSelecionadas: licenca?.ferramentas.some(isFerramentaIA) ? [FERRAMENTA_IA] : [],
    }),
  gerar: () => request('POST', '/licenca/gerarcobranca', ZCobranca),
  verificar: () => request('GET', '/licenca/verificarpagamento', ZVerificarPagamento),
  cancelar: () => request('DELETE', '/licenca/cancelacobranca', null),
};

/** After a payment: the status (the blocker), the due date and the licence are read again everywhere. */
export const refreshLicenca = (qc: QueryClient) => qc.invalidateQueries({ queryKey: ['licenca'] });
