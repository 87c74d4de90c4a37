import { isValidElement, lazy, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';

/** The back-office's routes (DESIGN.md §5), each page its own chunk within the admin area. */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  const Component = Object.assign(
    lazy(async (): Promise<{ default: ComponentType }> => ({ default: (await load())[name] })),
    { preload: load },
  );
  return <Component />;
}

const adminRoutes: RouteObject[] = [
  {
    element: lazyPage(() => import('./admin-auth-layout'), 'AdminAuthLayout'),
    children: [
      {
        path: 'login',
        element: lazyPage(() => import('@renderer/admin/session/staff-login-page'), 'StaffLoginPage'),
      },
      {
        path: 'setup',
        element: lazyPage(() => import('@renderer/admin/session/staff-setup-page'), 'StaffSetupPage'),
      },
    ],
  },
  {
    element: lazyPage(() => import('./admin-layout'), 'AdminLayout'),
    children: [
      { index: true, element: lazyPage(() => import('@renderer/admin/queue/queue-page'), 'QueuePage') },
      { path: 'demandes/:id', element: lazyPage(() => import('./admin-request-route'), 'AdminRequestRoute') },
      {
        path: 'planning',
        element: lazyPage(() => import('@renderer/admin/planner/planner-page'), 'PlannerPage'),
      },
      {
        path: 'accueil',
        element: lazyPage(() => import('@renderer/admin/check-in/check-in-page'), 'CheckInPage'),
      },
      {
        path: 'accueil/impression',
        element: lazyPage(() => import('@renderer/admin/check-in/day-passes-print-page'), 'DayPassesPrintPage'),
      },
      { path: 'catalogue', element: lazyPage(() => import('./admin-only-routes'), 'CatalogueRoute') },
      { path: 'etablissement', element: lazyPage(() => import('./admin-only-routes'), 'EstablishmentRoute') },
      { path: 'equipe', element: lazyPage(() => import('./admin-only-routes'), 'AccountsRoute') },
      { path: 'emails', element: lazyPage(() => import('@renderer/admin/outbox/outbox-page'), 'OutboxPage') },
      { path: '*', element: lazyPage(() => import('./admin-layout'), 'AdminNotFound') },
    ],
  },
];

/**
 * Loads the chunks of the frame and the page that `pathname` (under /admin) shows, together: left
 * to their lazy elements, the page's would be asked for once the frame had loaded and rendered
 * (docs/decisions.md, performance rule 20). An import is cached: the render that follows takes them.
 */
export async function preloadAdminPath(pathname: string): Promise<void> {
  await Promise.all(
    (matchRoutes(adminRoutes, pathname, '/admin') ?? []).map(({ route }) =>
      isValidElement(route.element)
        ? (route.element.type as { preload?: () => Promise<unknown> }).preload?.()
        : undefined,
    ),
  );
}

/** Everything under /admin, relative to it. */
export function AdminArea() {
  return useRoutes(adminRoutes);
}
