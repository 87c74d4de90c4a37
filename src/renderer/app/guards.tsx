import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSession } from '../shared/session/use-session';

export const RESET_TEMPORARY_PASSWORD = '/auth/reset-password?temp=true';

/**
 * Where the global guard sends the user, or null to stay. A temporary password forces the
 * reset page from everywhere; authentication pages stay reachable only without one.
 */
export function temporaryPasswordRedirect(pathname: string, isTemporaryPassword: boolean): string | null {
  if (!isTemporaryPassword) return null;
  if (pathname === '/auth/reset-password') return null;
  return RESET_TEMPORARY_PASSWORD;
}

export function TemporaryPasswordGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const { isTemporaryPassword } = useSession();
  const target = temporaryPasswordRedirect(pathname, isTemporaryPassword);
  if (target) return <Navigate to={target} replace />;
  return children;
}
