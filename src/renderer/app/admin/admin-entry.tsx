import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router-dom';
import { isKiosk } from '@renderer/shared/desktop';

/**
 * The only piece of the back-office in the public bundle: one dynamic import. Its routes, layout
 * and pages (and their chunk lists) load on the first visit of /admin.
 */
const AdminArea = lazy(async () => ({ default: (await import('./admin-routes')).AdminArea }));

/** The reception kiosk never shows staff routes (DESIGN.md §6), nor loads their code. */
export function AdminEntry() {
  if (isKiosk()) return <Navigate to="/" replace />;
  return (
    <Suspense
      fallback={<div role="status" aria-label="Chargement de l’espace équipe" style={{ minHeight: '100dvh' }} />}
    >
      <AdminArea />
    </Suspense>
  );
}
