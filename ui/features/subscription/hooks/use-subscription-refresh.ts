import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PLAN_QUERY_KEY, USAGE_QUERY_KEY } from '../../shell';
import { SUBSCRIPTION_REFRESH_EVENT } from './subscription-flow';

/** On the refresh event, plan and credits are re-read from the platform (react-query invalidation). */
export function useSubscriptionRefresh(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: PLAN_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: USAGE_QUERY_KEY });
    };
    window.addEventListener(SUBSCRIPTION_REFRESH_EVENT, refresh);
    return () => window.removeEventListener(SUBSCRIPTION_REFRESH_EVENT, refresh);
  }, [queryClient]);
}
