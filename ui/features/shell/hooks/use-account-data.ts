import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Account, AccountSnapshot } from '../../../../domain/use-cases/account';
import { useServices } from '../../../app/services-context';
import { useStore } from '../../../app/use-store';

export const USAGE_QUERY_KEY = ['usage'] as const;
export const PLAN_QUERY_KEY = ['plan'] as const;

// The usage and plan queries both read through Account.refresh(), which fetches the two together:
// one refresh in flight serves both queries. The account also refreshes itself when a person signs
// in; a query that mounts during that refresh waits for it, and one that mounts after it starts from
// what it read (initialData), so signing in asks the platform once, not twice.
const inFlight = new WeakMap<Account, Promise<AccountSnapshot>>();
function refreshed(account: Account): Promise<AccountSnapshot> {
  const pending = inFlight.get(account);
  if (pending) return pending;
  const next = (account.getSnapshot().status === 'loading' ? settled(account) : account.refresh())
    .then(() => {
      const snapshot = account.getSnapshot();
      if (snapshot.status === 'error')
        throw new Error(snapshot.error ?? 'Could not read the account');
      return snapshot;
    })
    .finally(() => inFlight.delete(account));
  inFlight.set(account, next);
  return next;
}

/** Resolves once the account's own refresh in flight has finished, however it ended. */
function settled(account: Account): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = account.subscribe(() => {
      if (account.getSnapshot().status === 'loading') return;
      unsubscribe();
      resolve();
    });
  });
}

/** What the account last read, when it has read it: a query's first data instead of a request. */
function lastRead<T>(account: Account, pick: (snapshot: AccountSnapshot) => T | undefined) {
  return (): T | null | undefined => {
    const snapshot = account.getSnapshot();
    return snapshot.status === 'ready' ? (pick(snapshot) ?? null) : undefined;
  };
}

/**
 * The credit balance (SPEC.md section 7): 120 s stale, refetched every 300 s and on window focus.
 * Account refreshes itself on the client's usage-changed event; its new balance lands in the cache.
 */
export function useBalance() {
  const { account, session } = useServices();
  const { canFetchUsage, user } = useStore(session);
  const queryClient = useQueryClient();
  const userId = user?.userId;
  useEffect(
    () =>
      account.subscribe(() => {
        const { balance } = account.getSnapshot();
        if (balance) queryClient.setQueryData([...USAGE_QUERY_KEY, userId], balance);
      }),
    [account, queryClient, userId],
  );
  return useQuery({
    queryKey: [...USAGE_QUERY_KEY, userId],
    // null, not undefined: react-query refuses undefined as query data.
    queryFn: async () => (await refreshed(account)).balance ?? null,
    initialData: lastRead(account, (snapshot) => snapshot.balance),
    enabled: canFetchUsage,
    staleTime: 120_000,
    refetchInterval: 300_000,
    refetchOnWindowFocus: true,
  });
}

/** The subscription status, with the query defaults (300 s stale, no refetch on focus). */
export function useSubscription() {
  const { account, session } = useServices();
  const { canFetchUsage, user } = useStore(session);
  return useQuery({
    queryKey: [...PLAN_QUERY_KEY, user?.userId],
    queryFn: async () => (await refreshed(account)).subscription ?? null,
    initialData: lastRead(account, (snapshot) => snapshot.subscription),
    enabled: canFetchUsage,
  });
}
