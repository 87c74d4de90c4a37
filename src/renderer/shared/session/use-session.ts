import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import type { Customer } from '@shared/api/customer.schema';
import { callApi } from '../api/call-api';
import { authCalls } from './auth-calls';
import { clearAuthToken, getAuthToken, subscribeAuthToken } from './auth-token';
import { queryKeys } from '../api/query-keys';
import { useIsHydrated } from '../ui/use-is-hydrated';

export const sessionQueryKey = queryKeys.session;

/**
 * Checks the token its query is for, sent as it is: a call answered 401 meanwhile (a list asked
 * for at start-up, beside the page's chunks) drops the stored one, which the client would then
 * send no more.
 */
async function verifySession({
  queryKey: [, token],
}: {
  queryKey: ReturnType<typeof sessionQueryKey>;
}): Promise<Customer | null> {
  if (!token) return null;
  try {
    const { api, calls } = await authCalls();
    const answer = await callApi(api, calls.verify, {}, { headers: { Authorization: `Bearer ${token}` } });
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
 * The token the pre-rendering sees. Public pages are pre-rendered logged out: while hydrating one,
 * React reads this server snapshot (no token), so the markup matches; the real token applies in
 * the render right after. The customer area's shells are pre-rendered as a stored token still
 * being verified (`prerenderWithStoredToken`): the client's first render on those pages
 * (docs/decisions.md, performance rule 23); hydrating one, the browser sets it to the stored token.
 */
let prerenderToken: string | null = null;
const serverSnapshot = () => prerenderToken;

/**
 * Renders as if `token` were stored (null: none): at build time (src/renderer/prerender.tsx), and
 * in the browser before hydrating a shell drawn with a stored token (start.tsx).
 */
export function prerenderWithStoredToken(token: string | null): void {
  prerenderToken = token;
}

export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribeAuthToken, getAuthToken, serverSnapshot);
}

/**
 * The session state of SPEC.md §4: loading, then the verified customer or logged out. While React
 * hydrates a page it is the state the page was pre-rendered in (the stored token not verified
 * yet): the check's answer can arrive while a later part of the page still hydrates (a lazy
 * route's, over HTTP/2 most often), and that part must match its HTML; it shows the customer in the
 * render right after (docs/decisions.md, performance rule 23).
 */
export function useSession(): Session {
  const token = useAuthToken();
  const hydrated = useIsHydrated();
  const query = useQuery({
    queryKey: sessionQueryKey(token),
    queryFn: verifySession,
    retry: false,
    staleTime: 5 * 60_000,
  });
  const user = token && hydrated ? (query.data ?? null) : null;
  return {
    isLoading: Boolean(token) && (query.isPending || !hydrated),
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
