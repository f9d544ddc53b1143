import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZDashboardList, ZDashboardResult, type TDashboardQuery } from '@balcao/shared/dashboard';
import { request } from '@/lib/http';

const dashboardKeys = {
  result: (q: TDashboardQuery) => ['dashboard', 'result', q] as const,
  list: (q: TDashboardQuery) => ['dashboard', 'list', q] as const,
};

const qs = (q: TDashboardQuery) => new URLSearchParams(q).toString();

// Spec part 1 §8: load failures are silent (no toast, no retry storm); the cards fall back to 'N/A'.
// Always refetched (spec: changing the period refetches both); the previous numbers stay on screen meanwhile.
const common = { retry: false, staleTime: 0, placeholderData: keepPreviousData } as const;

export function useDashboardResult(q: TDashboardQuery) {
  return useQuery({
    ...common,
    queryKey: dashboardKeys.result(q),
    queryFn: () => request('GET', `/api/atendimento/dashboard?${qs(q)}`, ZDashboardResult),
  });
}

export function useDashboardList(q: TDashboardQuery) {
  return useQuery({
    ...common,
    queryKey: dashboardKeys.list(q),
    queryFn: () => request('GET', `/api/atendimento/list?${qs(q)}`, ZDashboardList),
  });
}
