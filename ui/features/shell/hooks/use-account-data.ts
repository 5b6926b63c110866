import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useServices } from '../../../app/services-context';
import { useStore } from '../../../app/use-store';

export const USAGE_QUERY_KEY = ['usage'] as const;
export const PLAN_QUERY_KEY = ['plan'] as const;

/**
 * The credit balance (SPEC.md section 7): 120 s stale, refetched every 300 s and on window focus,
 * and invalidated whenever the client reports usage-changed.
 */
export function useBalance() {
  const { billing, session } = useServices();
  const { canFetchUsage, user } = useStore(session);
  const queryClient = useQueryClient();
  useEffect(
    () =>
      billing.onUsageChanged(
        () => void queryClient.invalidateQueries({ queryKey: USAGE_QUERY_KEY }),
      ),
    [billing, queryClient],
  );
  return useQuery({
    queryKey: [...USAGE_QUERY_KEY, user?.userId],
    queryFn: () => billing.getBalance(),
    enabled: canFetchUsage,
    staleTime: 120_000,
    refetchInterval: 300_000,
    refetchOnWindowFocus: true,
  });
}

/** The subscription status with the query defaults (300 s stale, no refetch on focus). */
export function useSubscription() {
  const { billing, session } = useServices();
  const { canFetchUsage, user } = useStore(session);
  return useQuery({
    queryKey: [...PLAN_QUERY_KEY, user?.userId],
    queryFn: () => billing.getSubscriptionStatus(),
    enabled: canFetchUsage,
  });
}
