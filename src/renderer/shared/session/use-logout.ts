import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../api/client';
import { clearAuthToken, getAuthToken } from './auth-token';

/**
 * Logout of SPEC.md §2: the session is revoked on the server when it can be, the token is
 * cleared whatever happens, and the user returns to /.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    if (getAuthToken()) {
      // A failed revocation must not keep the user logged in on this device.
      await api.post('/v1/customer-auth/logout').catch(() => undefined);
    }
    // Leave the page first: clearing the token on a protected page would redirect to /login.
    await navigate('/', { flushSync: true });
    clearAuthToken();
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'public' });
  }, [navigate, queryClient]);
}
