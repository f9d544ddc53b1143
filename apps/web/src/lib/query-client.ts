import { QueryClient } from '@tanstack/react-query';

/** Spec part 2 §9 (bootstrap cache): fresh for 300000 ms, failed queries retried once, no refetch on focus. */
const APP_QUERY_STALE_MS = 300_000;

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: APP_QUERY_STALE_MS, retry: 1, refetchOnWindowFocus: false },
    },
  });
}
