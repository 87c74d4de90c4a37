import { Center, Spinner } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../shared/session/use-session';
import { drawnWhileChecking } from './router';

/**
 * Protected routes: spinner while the session loads, then /login when logged out (SPEC.md §2). A
 * page that draws its own frame while the stored token is verified (`drawWhileChecking`) is
 * rendered during the check, the same element as after it, so nothing is drawn twice.
 */
export function ProtectedRoute({
  children,
  drawWhileChecking = false,
}: {
  children: ReactNode;
  drawWhileChecking?: boolean;
}) {
  const { isLoading, isAuthenticated } = useSession();
  const location = useLocation();
  if (isLoading && drawWhileChecking) return children;
  if (isLoading) {
    return (
      // The whole screen, as PageFallback: the footer stays below the fold (docs/decisions.md, performance rule 19).
      <Center minH="100dvh" role="status" aria-label="Vérification de la session">
        <Spinner size="xl" color="brand.solid" />
      </Center>
    );
  }
  if (!isAuthenticated) {
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return children;
}

/**
 * The customer's area, behind one guard for all its pages (a spinner while the session loads, then
 * /login, coming back here after it), as /admin has its own layout and guard (app/admin). A lazy
 * route of its own (app/router.tsx): the public pages' first render carries none of it.
 */
export function CustomerArea() {
  const { pathname } = useLocation();
  return (
    <ProtectedRoute drawWhileChecking={drawnWhileChecking(pathname, true)}>
      <Outlet />
    </ProtectedRoute>
  );
}
