import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZCanalComMenu,
  ZHorariosDepartamentoResposta,
  ZHorariosResposta,
  ZMenuResposta,
  type THorarios,
  type TMenu,
} from '@balcao/shared/atendimento-automatico';
import { request } from '@/lib/http';

const keys = {
  horarios: ['atendimento-automatico', 'horarios'] as const,
  departamento: (id: string) => ['atendimento-automatico', 'horarios', id] as const,
  canais: ['atendimento-automatico', 'canais'] as const,
  menu: (canalId: string) => ['atendimento-automatico', 'menu', canalId] as const,
};

export const useHorarios = () =>
  useQuery({ queryKey: keys.horarios, queryFn: () => request('GET', '/api/atendimento-automatico/horarios', ZHorariosResposta) });

export function useSaveHorarios() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (h: THorarios) => request('PUT', '/api/atendimento-automatico/horarios', ZHorariosResposta, h),
    onSuccess: (h) => {
      qc.setQueryData(keys.horarios, h);
      // Departments that follow the account show its new hours too (their keys are below this one).
      void qc.invalidateQueries({ queryKey: keys.horarios, predicate: (q) => q.queryKey.length > keys.horarios.length });
    },
  });
}

/** GET /api/atendimento-automatico/horarios/{departamentoId}: its own hours, or the account's it follows. */
export const useHorariosDepartamento = (departamentoId: string | null) =>
  useQuery({
    queryKey: keys.departamento(departamentoId ?? ''),
    queryFn: () => request('GET', `/api/atendimento-automatico/horarios/${departamentoId}`, ZHorariosDepartamentoResposta),
    enabled: Boolean(departamentoId),
  });

/** PUT gives the department hours of its own; DELETE sends it back to the account's. */
export function useSaveHorariosDepartamento(departamentoId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (h: THorarios | null) =>
      h
        ? request('PUT', `/api/atendimento-automatico/horarios/${departamentoId}`, ZHorariosDepartamentoResposta, h)
        : request('DELETE', `/api/atendimento-automatico/horarios/${departamentoId}`, ZHorariosDepartamentoResposta),
    onSuccess: (h) => qc.setQueryData(keys.departamento(departamentoId), h),
  });
}

/** Every live channel of the account (Cloud API, WhatsApp Web, site chat): each can carry a menu. */
export const useCanaisComMenu = () =>
  useQuery({ queryKey: keys.canais, queryFn: () => request('GET', '/api/atendimento-automatico/canais', ZCanalComMenu.array()) });

export const useMenu = (canalId: string | null) =>
  useQuery({
    queryKey: keys.menu(canalId ?? ''),
    queryFn: () => request('GET', `/api/atendimento-automatico/menu/${canalId}`, ZMenuResposta),
    enabled: Boolean(canalId),
  });

export function useSaveMenu(canalId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (m: TMenu) => request('PUT', `/api/atendimento-automatico/menu/${canalId}`, ZMenuResposta, m),
    onSuccess: (m) => qc.setQueryData(keys.menu(canalId), m),
  });
}
