import { QueryClient } from '@tanstack/react-query';

/** SPEC.md section 9 "Data cache defaults": 300 s stale, retry 3, backoff min(1000*2^n, 30000), 5 min gc. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 300_000,
        gcTime: 5 * 60_000,
        retry: 3,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        refetchOnWindowFocus: false,
      },
    },
  });
}
