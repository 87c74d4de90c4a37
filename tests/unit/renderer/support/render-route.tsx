import type { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router-dom';
import type { Customer } from '@shared/api/customer.schema';
import type { StaffMember } from '@shared/api/staff.schema';
import { AppProviders, createQueryClient } from '@renderer/app/providers';
import { staffSessionKey } from '@renderer/admin/session/api/staff-session';
import { setStaffToken } from '@renderer/admin/session/staff-token';
import { setAuthToken } from '@renderer/shared/session/auth-token';
import { sessionQueryKey } from '@renderer/shared/session/use-session';

/**
 * THE way a renderer test shows a page, or a component: a memory router (a data router: fine in
 * tests, it never ships; navigation and redirects behave as in the app's <BrowserRouter>) with the
 * page's route and stand-ins for where it may lead, inside the app's providers, optionally logged
 * in as a customer or a staff member, plus a hidden <output> holding the current address (read it
 * with `currentLocation()`; hidden, so that no role query meant for the page ever finds it).
 *
 * The app's `api` client reads VITE_API_URL when its module loads: a test file starts its
 * local server, stubs the variable, then imports this module dynamically:
 *   const { renderRoute } = await import('./support/render-route');
 */
export interface RenderRouteOptions {
  /** The address the router starts at; '/' by default. */
  at?: string;
  /** The page under test and the stand-ins of the pages it may lead to. */
  routes?: Array<{ path: string; element: ReactNode }>;
  /** Instead of `routes`: the one element under test, shown at any address (a component, not a page). */
  element?: ReactNode;
  /**
   * Shown beside the page on every route, inside the router, as the app's root layout mounts its
   * DesktopShell: a layer such as the kiosk's.
   */
  layer?: ReactNode;
  /** Logged in as this customer (token 'tok', session already loaded). */
  as?: Customer;
  /** Logged in to the back-office as this staff member (staff token 'staff-tok', session already loaded). */
  staff?: StaffMember;
}

/** The staff token `staff` logs in with, as the staff calls send it ('Bearer staff-tok'). */
export const STAFF_TOKEN = 'staff-tok';

function CurrentLocation() {
  const { pathname, search } = useLocation();
  return <output hidden data-testid="adresse">{`${pathname}${search}`}</output>;
}

export function renderRoute({ at = '/', routes, element = null, layer, as, staff }: RenderRouteOptions = {}): {
  user: ReturnType<typeof userEvent.setup>;
  queryClient: QueryClient;
  view: ReturnType<typeof render>;
} {
  const user = userEvent.setup();
  const queryClient = createQueryClient();
  if (as) {
    setAuthToken('tok');
    queryClient.setQueryData(sessionQueryKey('tok'), as);
  }
  if (staff) {
    setStaffToken(STAFF_TOKEN);
    queryClient.setQueryData(staffSessionKey(STAFF_TOKEN), staff);
  }
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            {layer}
            <CurrentLocation />
          </>
        ),
        children: routes ?? [{ path: '*', element }],
      },
    ],
    { initialEntries: [at] },
  );
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { user, queryClient, view };
}

/** The router's current address, path and query. */
export const currentLocation = () => screen.getByTestId('adresse').textContent;
