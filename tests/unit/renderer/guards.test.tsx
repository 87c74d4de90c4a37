// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '@shared/api/customer.schema';
import { AppProviders, createQueryClient } from '@renderer/app/providers';
import { startLocalServer, type Reply } from './support/local-server';
import { installMatchMedia, viewport } from './support/match-media';

/**
 * The session is verified through the app's own `api` client, built once from VITE_API_URL when
 * its module loads; so a real local server starts first and the modules that use `api` are
 * imported after pointing VITE_API_URL at it.
 */
let verifyReply: Reply = 'hang';
const server = await startLocalServer(({ url }) =>
  url === '/api/v1/customer-auth/verify' ? verifyReply : { status: 404, body: { success: false } },
);
vi.stubEnv('VITE_API_URL', server.origin);
const { TemporaryPasswordGuard, temporaryPasswordRedirect } = await import('@renderer/app/guards');
const { ProtectedRoute } = await import('@renderer/app/customer-area');
const { clearAuthToken, getAuthToken, setAuthToken } = await import('@renderer/shared/session/auth-token');
const { setSessionExpiredHandler } = await import('@renderer/shared/api/client');
const { sessionQueryKey, useSession } = await import('@renderer/shared/session/use-session');
const { AppRoutes, preloadRoute } = await import('@renderer/app/router');
installMatchMedia();

const onSessionExpired = vi.fn();
setSessionExpiredHandler(onSessionExpired);

afterEach(() => {
  cleanup();
  clearAuthToken();
  verifyReply = 'hang';
  server.requests.length = 0;
  onSessionExpired.mockClear();
  viewport.width = 1280;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

const customer = (isTemporaryPassword: boolean): Customer => ({
  _id: 'c0ffee00-0000-4000-8000-000000000001',
  firstName: 'Camille',
  lastName: 'Durand',
  email: 'camille@example.fr',
  phone: '0601020304',
  status: 'active',
  createdAt: '2026-11-01T09:00:00.000Z',
  isTemporaryPassword,
});

function CurrentLocation() {
  const { pathname, search } = useLocation();
  return <output aria-label="adresse">{`${pathname}${search}`}</output>;
}

function SessionUser() {
  const { user } = useSession();
  return <output aria-label="client">{user?.firstName ?? 'aucun'}</output>;
}

function renderAt(path: string) {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <TemporaryPasswordGuard>
          <Routes>
            <Route
              path="/dashboard"
              element={
                <ProtectedRoute>
                  <p>tableau de bord</p>
                </ProtectedRoute>
              }
            />
            <Route path="/login" element={<p>page login</p>} />
            <Route path="/auth/reset-password" element={<p>page changement de mot de passe</p>} />
            <Route path="/contact" element={<p>page contact</p>} />
          </Routes>
        </TemporaryPasswordGuard>
        <CurrentLocation />
        <SessionUser />
      </MemoryRouter>
    </AppProviders>,
  );
}

const currentLocation = () => screen.getByRole('status', { name: 'adresse' }).textContent;

describe('temporaryPasswordRedirect (SPEC.md §2 global guard)', () => {
  const pages = [
    '/',
    '/dashboard',
    '/booking/42',
    '/contact',
    '/login',
    '/register',
    '/auth/forgot-password',
    '/auth/reset-password',
  ];

  it.each(pages)('leaves %s alone without a temporary password', (pathname) => {
    expect(temporaryPasswordRedirect(pathname, false)).toBeNull();
  });

  it.each(pages.filter((pathname) => pathname !== '/auth/reset-password'))(
    'sends a temporary password from %s to the reset page',
    (pathname) => {
      expect(temporaryPasswordRedirect(pathname, true)).toBe('/auth/reset-password?temp=true');
    },
  );

  it('keeps a temporary password on the reset page', () => {
    expect(temporaryPasswordRedirect('/auth/reset-password', true)).toBeNull();
  });
});

describe('ProtectedRoute (SPEC.md §2)', () => {
  it('sends a visitor without a token to /login without calling verify', async () => {
    renderAt('/dashboard');

    expect(await screen.findByText('page login')).toBeInTheDocument();
    expect(screen.queryByText('tableau de bord')).not.toBeInTheDocument();
    expect(currentLocation()).toBe('/login');
    expect(server.requests).toEqual([]);
  });

  it('shows a spinner while the stored token is being verified', async () => {
    setAuthToken('tok-pending');
    renderAt('/dashboard');

    expect(screen.getByRole('status', { name: 'Vérification de la session' })).toBeInTheDocument();
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(server.requests[0]?.headers.authorization).toBe('Bearer tok-pending');
    expect(screen.queryByText('tableau de bord')).not.toBeInTheDocument();
    expect(screen.queryByText('page login')).not.toBeInTheDocument();
  });

  it('shows the page once verify returns the customer', async () => {
    verifyReply = { status: 200, body: { success: true, data: { customer: customer(false) } } };
    setAuthToken('tok-valid');
    renderAt('/dashboard');

    expect(await screen.findByText('tableau de bord')).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Vérification de la session' })).not.toBeInTheDocument();
    expect(getAuthToken()).toBe('tok-valid');
  });

  it('drops a token refused by verify and sends the user to /login', async () => {
    verifyReply = {
      status: 401,
      body: { success: false, error: 'Session expirée', message: 'Session expirée', code: 'UNAUTHORIZED' },
    };
    setAuthToken('tok-expired');
    renderAt('/dashboard');

    expect(await screen.findByText('page login')).toBeInTheDocument();
    expect(getAuthToken()).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });
});

describe('TemporaryPasswordGuard (SPEC.md §2)', () => {
  it.each(['/dashboard', '/contact', '/login'])(
    'sends a user with a temporary password from %s to /auth/reset-password?temp=true',
    async (path) => {
      verifyReply = { status: 200, body: { success: true, data: { customer: customer(true) } } };
      setAuthToken('tok-temporary');
      renderAt(path);

      expect(await screen.findByText('page changement de mot de passe')).toBeInTheDocument();
      expect(currentLocation()).toBe('/auth/reset-password?temp=true');
    },
  );

  it('lets a user without a temporary password stay where they are', async () => {
    verifyReply = { status: 200, body: { success: true, data: { customer: customer(false) } } };
    setAuthToken('tok-valid');
    renderAt('/contact');

    // Once the verified customer is known, the guard has had its say.
    await waitFor(() => expect(screen.getByRole('status', { name: 'client' })).toHaveTextContent('Camille'));
    expect(screen.getByText('page contact')).toBeInTheDocument();
    expect(currentLocation()).toBe('/contact');
  });
});

describe("the router's customer area (one guard for the area)", () => {
  function renderApp(path: string, queryClient = createQueryClient()) {
    return render(
      <AppProviders queryClient={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <CurrentLocation />
        </MemoryRouter>
      </AppProviders>,
    );
  }

  it.each(['/dashboard', '/booking/c0ffee00-0000-4000-8000-000000000002', '/booking-success', '/profile'])(
    'sends a logged-out visitor of %s to /login',
    async (path) => {
      renderApp(path);
      await waitFor(() => expect(currentLocation()).toBe('/login'));
      // Nothing of the customer's asked for: only the park's details, which every page shows.
      expect(server.requests.map((request) => request.url)).toEqual(
        server.requests.length ? ['/api/v1/establishment/info'] : [],
      );
    },
  );

  it('draws /dashboard itself while a stored token is verified, once its chunk is in, then the customer', async () => {
    viewport.width = 360;
    await preloadRoute('/dashboard');
    setAuthToken('tok-pending');
    renderApp('/dashboard');

    // The page's frame, not the guard's spinner: what its shell shows (docs/decisions.md, performance rule 23).
    expect(await screen.findByRole('heading', { level: 1, name: 'Mon espace client' })).toBeInTheDocument();
    expect(screen.getByText('Les demandes de réservation que vous avez faites en tant qu’organisateur.')).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Mes réservations' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('status', { name: 'Vérification de la session' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-user-name')).not.toBeInTheDocument();
    // The lists went out with the stored token; failed before the check answered, they toast nothing.
    await waitFor(() =>
      expect(server.requests.map((request) => request.url)).toContain(
        '/api/v1/customer-booking-requests?page=1&limit=100',
      ),
    );
    await waitFor(() => expect(screen.getByText('Erreur lors du chargement de vos réservations')).toBeVisible());
    expect(screen.getAllByText('Erreur lors du chargement de vos réservations')).toHaveLength(1);
    expect(currentLocation()).toBe('/dashboard');
  });

  it('shows the customer in the same page once the check answers: nothing drawn twice', async () => {
    viewport.width = 360;
    await preloadRoute('/dashboard');
    setAuthToken('tok-valid');
    const client = createQueryClient();
    renderApp('/dashboard', client);
    const title = await screen.findByRole('heading', { level: 1, name: 'Mon espace client' });

    // The check's answer, as the session query receives it.
    act(() => client.setQueryData(sessionQueryKey('tok-valid'), customer(false)));
    expect(await screen.findByTestId('dashboard-user-name')).toHaveTextContent('Camille Durand');
    expect(screen.getByRole('heading', { level: 1, name: 'Mon espace client' })).toBe(title);
  });

  it('keeps the guard’s spinner on /booking/{id} while a stored token is verified', async () => {
    const path = '/booking/c0ffee00-0000-4000-8000-000000000002';
    await preloadRoute(path);
    setAuthToken('tok-pending');
    renderApp(path);

    expect(await screen.findByRole('status', { name: 'Vérification de la session' })).toBeInTheDocument();
    expect(currentLocation()).toBe(path);
  });

  it.each(['/contact', '/cgv', '/invitation/jeton-de-test', '/adresse-inconnue'])(
    'lets a logged-out visitor open %s',
    async (path) => {
      renderApp(path);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(currentLocation()).toBe(path);
    },
  );
});
