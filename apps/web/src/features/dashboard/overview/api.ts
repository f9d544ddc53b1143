import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZVisaoGeral, type TVisaoGeralQuery } from '@balcao/shared/dashboard';
import { request } from '@/lib/http';

const visaoGeralKeys = { result: (q: TVisaoGeralQuery) => ['dashboard', 'visao-geral', q] as const };

const qs = (q: TVisaoGeralQuery) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v) p.set(k, String(v));
  return p.toString();
};

/** GET /api/dashboard/visao-geral: the figures stay on screen while a new period or filter loads. */
export const useVisaoGeral = (q: TVisaoGeralQuery, enabled = true) =>
  useQuery({
    queryKey: visaoGeralKeys.result(q),
    queryFn: () => request('GET', `/api/dashboard/visao-geral?${qs(q)}`, ZVisaoGeral),
    placeholderData: keepPreviousData,
    enabled,
  });
