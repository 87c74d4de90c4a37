import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router-dom';
import { isKiosk } from '@renderer/shared/desktop';
import { RouteErrorBoundary } from '@renderer/features/errors/route-error-boundary';

/**
 * The only piece of the back-office in the public bundle: one dynamic import. Its routes, layout
 * and pages (and their chunk lists) load on the first visit of /admin.
 */
const loadArea = () => import('./admin-routes');
const AdminArea = lazy(async () => ({ default: (await loadArea()).AdminArea }));

/**
 * The reception kiosk never shows staff routes (DESIGN.md §6), nor loads their code. `preload`:
 * the area's routes, then the frame and the page at the address, all asked for at start-up
 * (start.tsx, `preloadRoute`) instead of one after the other as each renders (docs/decisions.md,
 * performance rule 20).
 */
export const AdminEntry = Object.assign(
  function AdminEntry() {
    if (isKiosk()) return <Navigate to="/" replace />;
    return (
      <RouteErrorBoundary>
        <Suspense
          fallback={<div role="status" aria-label="Chargement de l’espace équipe" style={{ minHeight: '100dvh' }} />}
        >
          <AdminArea />
        </Suspense>
      </RouteErrorBoundary>
    );
  },
  {
    preload: async (pathname: string) => {
      if (!isKiosk()) await (await loadArea()).preloadAdminPath(pathname);
    },
  },
);
