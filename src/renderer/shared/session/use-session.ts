import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { Customer } from '@shared/api/customer.schema';
import { callApi } from '../api/call-api';
import { authCalls } from './auth-calls';
import { clearAuthToken, getAuthToken, subscribeAuthToken } from './auth-token';
import { queryKeys } from '../api/query-keys';

export const sessionQueryKey = queryKeys.session;

async function verifySession(): Promise<Customer | null> {
  if (!getAuthToken()) return null;
  try {
    const { api, calls } = await authCalls();
    const answer = await callApi(api, calls.verify, {});
    return answer.data.customer;
  } catch (error) {
    // SPEC.md §4: a session that cannot be verified is dropped and the user is logged out.
    clearAuthToken();
    throw error;
  }
}

export interface Session {
  isLoading: boolean;
  isAuthenticated: boolean;
  isTemporaryPassword: boolean;
  user: Customer | null;
}

/**
 * Pages are pre-rendered logged out: while hydrating one, React reads the server snapshot (no
 * token), so the markup matches; the real token applies in the render right after.
 */
const loggedOutSnapshot = () => null;

export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribeAuthToken, getAuthToken, loggedOutSnapshot);
}

/** The session state of SPEC.md §4: loading, then the verified customer or logged out. */
export function useSession(): Session {
  const token = useAuthToken();
  const query = useQuery({
    queryKey: sessionQueryKey(token),
    queryFn: verifySession,
    retry: false,
    staleTime: 5 * 60_000,
  });
  const user = token ? (query.data ?? null) : null;
  return {
    isLoading: Boolean(token) && query.isPending,
    isAuthenticated: user !== null,
    isTemporaryPassword: user?.isTemporaryPassword ?? false,
    user,
  };
}

/** Drops cached data of the previous user whenever the token changes (logout, login as someone else). */
export function useClearCacheOnTokenChange(): void {
  const client = useQueryClient();
  useEffect(
    () =>
      subscribeAuthToken(() => {
        client.removeQueries({
          predicate: (query) => query.queryKey[0] !== 'session' && query.queryKey[0] !== 'public',
        });
      }),
    [client],
  );
}
