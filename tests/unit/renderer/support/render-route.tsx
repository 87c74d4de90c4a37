import type { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router-dom';
import type { Customer } from '@shared/api/customer.schema';
import { AppProviders, createQueryClient } from '../../../../src/renderer/app/providers';
import { setAuthToken } from '../../../../src/renderer/shared/session/auth-token';
import { sessionQueryKey } from '../../../../src/renderer/shared/session/use-session';

/**
 * THE way a renderer test shows a page: a memory router (a data router: fine in tests, it never
 * ships; navigation and redirects behave as in the app's <BrowserRouter>) with the page's route
 * and stand-ins for where it may lead, inside the app's providers, optionally logged in, plus an
 * <output> showing the current address (read it with `currentLocation()`).
 *
 * The app's `api` client reads VITE_API_URL when its module loads: a test file starts its
 * local server, stubs the variable, then imports this module dynamically:
 *   const { renderRoute } = await import('./support/render-route');
 */
export interface RenderRouteOptions {
  /** The address the router starts at. */
  at: string;
  /** The page under test and the stand-ins of the pages it may lead to. */
  routes: Array<{ path: string; element: ReactNode }>;
  /** Logged in as this customer (token 'tok', session already loaded). */
  as?: Customer;
}

function CurrentLocation() {
  const { pathname, search } = useLocation();
  return <output aria-label="adresse">{`${pathname}${search}`}</output>;
}

export function renderRoute({ at, routes, as }: RenderRouteOptions): {
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
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <CurrentLocation />
          </>
        ),
        children: routes,
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
export const currentLocation = () => screen.getByRole('status', { name: 'adresse', hidden: true }).textContent;
