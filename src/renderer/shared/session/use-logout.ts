import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { callApi } from '../api/call-api';
import { authCalls } from './auth-calls';
import { navigateNow } from './navigate-now';
import { clearAuthToken, getAuthToken } from './auth-token';

/**
 * Logout of SPEC.md §2: the user is logged out on this device at once and returns to /; the
 * session is revoked on the server in the background (a failed revocation never keeps anyone
 * logged in here).
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const token = getAuthToken();
    // Leave the page first: clearing the token on a protected page would redirect to /login.
    navigateNow(navigate, '/');
    clearAuthToken();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'public' });
    if (token) {
      void authCalls()
        .then(({ api, calls }) => callApi(api, calls.logout, {}, { headers: { Authorization: `Bearer ${token}` } }))
        .catch(() => undefined);
    }
  }, [navigate, queryClient]);
}
