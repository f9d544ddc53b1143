import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZHorariosResposta, ZMenuResposta, type THorarios, type TMenu } from '@balcao/shared/atendimento-automatico';
import { request } from '@/lib/http';

const keys = {
  horarios: ['atendimento-automatico', 'horarios'] as const,
  menu: (canalId: string) => ['atendimento-automatico', 'menu', canalId] as const,
};

export const useHorarios = () =>
  useQuery({ queryKey: keys.horarios, queryFn: () => request('GET', '/api/atendimento-automatico/horarios', ZHorariosResposta) });

export function useSaveHorarios() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (h: THorarios) => request('PUT', '/api/atendimento-automatico/horarios', ZHorariosResposta, h),
    onSuccess: (h) => qc.setQueryData(keys.horarios, h),
  });
}

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
