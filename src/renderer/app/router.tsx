import { isValidElement, lazy, type ComponentType } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { matchRoutes, Navigate, useParams, useRoutes, type RouteObject } from 'react-router-dom';
import { RouteErrorBoundary } from '../features/errors/route-error-boundary';
import { AdminEntry } from './admin/admin-entry';
import { RootLayout } from './layout/root-layout';
import type { RouteDataName } from './route-data';

/**
 * Route-level code splitting: each page is its own chunk, loaded on first visit (docs/decisions.md,
 * performance rule 1: keep every new area behind `page(() => import(...))` so it stays out of the
 * first-render bundle). The element's type carries `preload`, so that a pre-rendered page can load
 * its chunk before hydration (see main.tsx) and hydrate in one pass.
 */
function page<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
  data?: RouteDataName,
  options?: { duringSessionCheck: true },
) {
  let loaded: ComponentType | undefined;
  const preload = async () => {
    loaded ??= (await load())[name];
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  // Once loaded, the page renders directly: no suspension, hence nothing left dehydrated.
  const Page = Object.assign(
    () => {
      const params = useParams();
      const client = useQueryClient();
      // The page's data is asked for while its chunk still loads, not after (docs/decisions.md,
      // performance rule 20); in render, since a suspended page commits no effect. Idempotent:
      // an import is cached, a query already under way or fresh is not fetched again.
      if (data && !loaded)
        void loadRouteData()
          .then(({ routeData }) => routeData[data](params, client))
          .catch(() => undefined);
      const Component = loaded ?? Lazy;
      return <Component />;
    },
    {
      preload,
      exportName: name,
      // Whether its chunk is in, for a page that draws itself during the session's check.
      drawnWhileChecking: options && (() => loaded !== undefined),
    },
  );
  return <Page />;
}

/** The signed-in pages' data requests (app/route-data.ts), loaded on first use. */
const loadRouteData = () => import('./route-data');

/** At start-up with a token: the data of the page at `pathname` (start.tsx). */
export function prefetchAtStart(pathname: string, client: QueryClient): void {
  void loadRouteData()
    .then((data) => data.prefetchAtStart(pathname, client))
    .catch(() => undefined);
}

type PageType = {
  preload?: (pathname: string) => Promise<unknown>;
  exportName?: string;
  drawnWhileChecking?: () => boolean;
};

function pageTypes(pathname: string): PageType[] {
  return (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) =>
    isValidElement(route.element) ? [route.element.type as PageType] : [],
  );
}

/** Loads the chunks of the pages `pathname` shows (the pre-rendered path, before hydration). */
export async function preloadRoute(pathname: string): Promise<void> {
  await Promise.all(pageTypes(pathname).map((type) => type.preload?.(pathname)));
}

/**
 * Whether the page at `pathname` draws itself while a stored token is verified (its frame and its
 * own loading states, not the guard's spinner), so that its shell shows it and the client's first
 * render, once its chunk is in, draws the same (docs/decisions.md, performance rule 23); with
 * `loaded`, only once its chunk is in (until then, the guard's spinner rather than a suspended page).
 */
export function drawnWhileChecking(pathname: string, loaded = false): boolean {
  return pageTypes(pathname).some((type) => type.drawnWhileChecking && (!loaded || type.drawnWhileChecking()));
}

/**
 * The exported names of the lazy pages `pathname` shows ('HomePage' from 'home-page.tsx'): the
 * build names their chunks in the pre-rendered HTML (scripts/vite/prerender.ts).
 */
export function routePageExports(pathname: string): string[] {
  return pageTypes(pathname).flatMap((type) => (type.exportName ? [type.exportName] : []));
}

/** The public pages (SPEC.md §2): anyone may open them. */
const publicRoutes: RouteObject[] = [
  { index: true, element: page(() => import('../features/home/home-page'), 'HomePage') },
  {
    path: 'reservation',
    element: page(() => import('../features/booking-wizard/booking-wizard-page'), 'BookingWizardPage'),
  },
  { path: 'contact', element: page(() => import('../features/contact/contact-page'), 'ContactPage') },
  { path: 'login', element: page(() => import('../features/auth/login-page'), 'LoginPage') },
  { path: 'register', element: page(() => import('../features/auth/register-page'), 'RegisterPage') },
  {
    path: 'auth/forgot-password',
    element: page(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage'),
  },
  {
    path: 'auth/reset-password',
    element: page(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage'),
  },
  {
    path: 'invitation/:token',
    element: page(() => import('../features/invitation/invitation-page'), 'InvitationPage'),
  },
  { path: 'borne', element: page(() => import('./kiosk-walk-in-route'), 'KioskWalkInRoute') },
  { path: 'mentions-legales', element: page(() => import('../features/legal/legal-notice-page'), 'LegalNoticePage') },
  { path: 'cgv', element: page(() => import('../features/legal/terms-of-sale-page'), 'TermsOfSalePage') },
  { path: 'conditions', element: page(() => import('../features/legal/terms-of-use-page'), 'TermsOfUsePage') },
  { path: 'privacy', element: page(() => import('../features/legal/privacy-page'), 'PrivacyPage') },
];

const customerRoutes: RouteObject[] = [
  {
    path: 'dashboard',
    element: page(() => import('./dashboard-route'), 'DashboardRoute', 'dashboard', { duringSessionCheck: true }),
  },
  {
    path: 'booking/:bookingId',
    element: page(() => import('./booking-detail-route'), 'BookingDetailRoute', 'bookingDetail'),
  },
  {
    path: 'booking-success',
    element: page(() => import('../features/booking-success/booking-success-page'), 'BookingSuccessPage'),
  },
  { path: 'profile', element: <Navigate to="/dashboard?tab=profile" replace /> },
];

/**
 * Every route of SPEC.md §2, by area: public, the customer's, and the team's /admin. No
 * `errorElement`, `loader` or `action`: see AppRoutes.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <RouteErrorBoundary>
        <RootLayout />
      </RouteErrorBoundary>
    ),
    children: [
      ...publicRoutes,
      { element: page(() => import('./customer-area'), 'CustomerArea'), children: customerRoutes },
      { path: '*', element: page(() => import('../features/errors/not-found-page'), 'NotFoundPage') },
    ],
  },
  // The back-office (DESIGN.md §5): one lazy entry, its own layout and routes (app/admin).
  // Its error boundary is inside, so that start-up finds its `preload` on the route's element.
  { path: '/admin/*', element: <AdminEntry /> },
];

/**
 * The app's pages, for a <BrowserRouter> (app.tsx) or a <StaticRouter> (prerender.tsx): the
 * declarative router, not the data router (no route has a loader or an action, and its code
 * would weigh ~17 KiB gzip in the first render; docs/decisions.md, performance rule 4).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
