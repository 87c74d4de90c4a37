// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@shared/api/auth.schema';
import { ADMIN, COUNTS } from './support/admin-fixtures';
import { startLocalServer, type Reply } from './support/local-server';

let queueReply: Reply = {
  status: 200,
  body: {
    success: true,
    data: {
      bookingRequests: [],
      pagination: { page: 1, limit: 25, total: 0, pages: 0 },
      counts: COUNTS,
      nextCursor: null,
    },
  },
};
const server = await startLocalServer(({ method, url, headers, body }) => {
  if (method === 'GET' && url.startsWith('/api/v1/staff/auth/setup/')) {
    return { status: 200, body: { success: true, data: { valid: url.endsWith('/lien-valide') } } };
  }
  if (method === 'POST' && url === '/api/v1/staff/auth/setup') {
    return {
      status: 201,
      body: { success: true, message: 'Compte administrateur créé', data: { token: 'staff-new', staff: ADMIN } },
    };
  }
  if (method === 'POST' && url === '/api/v1/staff/auth/login') {
    if ((body as { password?: string }).password === 'mauvais-mot-de-passe') {
      return {
        status: 401,
        body: {
          success: false,
          error: 'INVALID_CREDENTIALS',
          code: 'INVALID_CREDENTIALS',
          message: AUTH_MESSAGES.invalidCredentials,
        },
      };
    }
    return {
      status: 200,
      body: { success: true, message: 'Connexion réussie', data: { token: 'staff-new', staff: ADMIN } },
    };
  }
  if (method === 'GET' && url === '/api/v1/staff/auth/me') {
    return headers.authorization === 'Bearer staff-new' || headers.authorization === 'Bearer staff-old'
      ? { status: 200, body: { success: true, data: { staff: ADMIN } } }
      : { status: 401, body: { success: false, message: 'Non authentifié' } };
  }
  if (method === 'GET' && url.startsWith('/api/v1/staff/booking-requests')) return queueReply;
  return { status: 404, body: { success: false } };
});
vi.stubEnv('VITE_API_URL', server.origin);
const { AdminEntry } = await import('@renderer/app/admin/admin-entry');
const { STAFF_TOKEN_KEY, clearStaffToken, setStaffToken } = await import('@renderer/admin/session/staff-token');
const { currentLocation, renderRoute } = await import('./support/render-route');

afterEach(() => {
  cleanup();
  clearStaffToken();
  window.localStorage.clear();
  delete window.parc;
  server.requests.length = 0;
  queueReply = {
    status: 200,
    body: {
      success: true,
      data: {
        bookingRequests: [],
        pagination: { page: 1, limit: 25, total: 0, pages: 0 },
        counts: COUNTS,
        nextCursor: null,
      },
    },
  };
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

/** The back-office's entry as the app mounts it, the staff session as the test left it. */
function renderAdmin(path: string) {
  return renderRoute({
    at: path,
    routes: [
      { path: '/', element: <p>page accueil</p> },
      { path: '/admin/*', element: <AdminEntry /> },
    ],
  }).user;
}

// The first test also pays for loading the lazy admin chunks.
describe('the staff session, apart from the customer’s', { timeout: 30_000 }, () => {
  it('sends a logged-out visitor of /admin to the staff login, then back to the queue with the token kept under staffToken', async () => {
    window.localStorage.setItem('token', 'customer-tok');
    const user = renderAdmin('/admin');

    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion de l’équipe' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/admin/login');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'admin@parc.fr');
    await user.type(screen.getByLabelText(/Mot de passe/), 'secret-du-parc');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Demandes de réservation' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/admin');
    expect(window.localStorage.getItem(STAFF_TOKEN_KEY)).toBe('staff-new');
    expect(window.localStorage.getItem('token')).toBe('customer-tok');
    const queueCall = await waitFor(() => {
      const call = server.requests.find((r) => r.url.startsWith('/api/v1/staff/booking-requests'));
      expect(call).toBeDefined();
      return call!;
    });
    expect(queueCall.headers.authorization).toBe('Bearer staff-new');
    expect(screen.getByTestId('staff-name')).toHaveTextContent('Alice Bernard · Administrateur');
  });

  it('shows the server’s own text for a wrong password, stays on the login and keeps the customer session (SPEC.md §7, §8)', async () => {
    window.localStorage.setItem('token', 'customer-tok');
    const user = renderAdmin('/admin/login');
    await user.type(await screen.findByRole('textbox', { name: /Email/ }), 'admin@parc.fr');
    await user.type(screen.getByLabelText(/Mot de passe/), 'mauvais-mot-de-passe');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Email ou mot de passe incorrect');
    expect(screen.queryByText('Session expirée, veuillez vous reconnecter')).not.toBeInTheDocument();
    expect(currentLocation()).toBe('/admin/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Connexion de l’équipe' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem('token')).toBe('customer-tok');
  });

  it('asks for the e-mail and the password before calling the server', async () => {
    const user = renderAdmin('/admin/login');
    await user.click(await screen.findByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Email requis')).toBeInTheDocument();
    expect(screen.getByText('Mot de passe requis')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('drops only the staff session on a 401 and returns to /admin/login', async () => {
    window.localStorage.setItem('token', 'customer-tok');
    setStaffToken('staff-old');
    queueReply = { status: 401, body: { success: false, message: 'Session expirée' } };
    renderAdmin('/admin');

    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion de l’équipe' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem('token')).toBe('customer-tok');
  });

  it('logs out: the staff token is gone at once and the server is told', async () => {
    setStaffToken('staff-old');
    const user = renderAdmin('/admin');
    await user.click(await screen.findByRole('button', { name: 'Se déconnecter' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Connexion de l’équipe' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
    await waitFor(() =>
      expect(server.requests.find((r) => r.url === '/api/v1/staff/auth/logout')?.headers.authorization).toBe(
        'Bearer staff-old',
      ),
    );
  });

  it('creates the first admin with a valid setup link and opens the queue', async () => {
    const user = renderAdmin('/admin/setup?token=lien-valide');
    await user.type(await screen.findByRole('textbox', { name: /Prénom/ }), 'Alice');
    await user.type(screen.getByRole('textbox', { name: /^Nom/ }), 'Bernard');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'admin@parc.fr');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'court');
    await user.click(screen.getByRole('button', { name: 'Créer le compte administrateur' }));
    expect(await screen.findByText('Minimum 6 caractères')).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Mot de passe/), '-suffisant');
    await user.click(screen.getByRole('button', { name: 'Créer le compte administrateur' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Demandes de réservation' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STAFF_TOKEN_KEY)).toBe('staff-new');
  });

  it('says a used or expired setup link is invalid, without a form', async () => {
    renderAdmin('/admin/setup?token=deja-utilise');
    expect(
      await screen.findByText('Ce lien de création du premier compte est invalide ou a expiré'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Créer le compte administrateur' })).not.toBeInTheDocument();
  });

  it('keeps the staff token for the window only in the desktop app (its vault holds the customer’s)', () => {
    window.parc = { mode: 'desktop' } as NonNullable<typeof window.parc>;
    setStaffToken('staff-desktop');
    expect(window.sessionStorage.getItem(STAFF_TOKEN_KEY)).toBe('staff-desktop');
    expect(window.localStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
    clearStaffToken();
    expect(window.sessionStorage.getItem(STAFF_TOKEN_KEY)).toBeNull();
  });

  it('never shows the back-office on the reception kiosk', async () => {
    setStaffToken('staff-old');
    window.parc = { mode: 'kiosk' } as NonNullable<typeof window.parc>;
    renderAdmin('/admin/demandes/x');

    expect(await screen.findByText('page accueil')).toBeInTheDocument();
    expect(server.requests).toHaveLength(0);
  });
});
