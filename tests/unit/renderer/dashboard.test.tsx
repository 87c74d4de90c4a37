// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { Customer } from '@shared/api/customer.schema';
import { startLocalServer, type Reply } from './support/local-server';
import { installMatchMedia, viewport } from './support/match-media';

/**
 * The account calls go through the app's `api` client, built from VITE_API_URL when its module
 * loads: a real local server starts first and the modules using `api` are imported afterwards.
 */
const customer: Customer = {
  _id: 'c0ffee00-0000-4000-8000-000000000001',
  firstName: 'Camille',
  lastName: 'Durand',
  email: 'camille@example.fr',
  phone: '0601020304',
  status: 'active',
  // 23:30 UTC is already 2 November in Paris.
  createdAt: '2026-11-01T23:30:00.000Z',
  isTemporaryPassword: false,
};

const wrongPassword: Reply = {
  status: 400,
  body: { success: false, error: 'Mot de passe incorrect', message: 'Mot de passe incorrect', code: 'WRONG_PASSWORD' },
};
let profileReply: Reply = { status: 200, body: { success: true, message: 'Profil mis à jour', data: { customer } } };
let deleteReply: Reply = wrongPassword;
const emptyHistory: Reply = { status: 200, body: { success: true, data: { payments: [], contracts: [] } } };
let historyReply: Reply = emptyHistory;
const server = await startLocalServer(({ method, url }) => {
  if (method === 'PUT' && url === '/api/v1/customer-auth/profile') return profileReply;
  if (method === 'DELETE' && url === '/api/v1/customer-auth/account') return deleteReply;
  if (method === 'POST' && url === '/api/v1/customer-auth/logout') {
    return { status: 200, body: { success: true, message: 'Déconnexion réussie' } };
  }
  if (method === 'GET' && url === '/api/v1/customer-booking-requests/payments/history') return historyReply;
  // Both lists are empty here; dashboard-lists.test.tsx covers them with content.
  const pagination = { page: 1, limit: 100, total: 0, pages: 0 };
  if (method === 'GET' && url.startsWith('/api/v1/customer-booking-requests/invitations')) {
    return { status: 200, body: { success: true, data: { invitations: [], pagination } } };
  }
  if (method === 'GET' && url.startsWith('/api/v1/customer-booking-requests')) {
    return { status: 200, body: { success: true, data: { bookingRequests: [], pagination, nextCursor: null } } };
  }
  return { status: 404, body: { success: false } };
});
vi.stubEnv('VITE_API_URL', server.origin);
const { DashboardRoute } = await import('@renderer/app/dashboard-route');
const { ProtectedRoute } = await import('@renderer/app/customer-area');
const { clearAuthToken, getAuthToken } = await import('@renderer/shared/session/auth-token');
const { currentLocation, renderRoute } = await import('./support/render-route');
const { setSessionExpiredHandler } = await import('@renderer/shared/api/client');
const { toaster } = await import('@renderer/shared/ui/toaster-store');

setSessionExpiredHandler(() => undefined);

installMatchMedia();

/** The bodies the renderer sent, as the local server received them (GETs send none). */
const sentBodies = () => server.requests.filter((r) => r.body !== undefined).map((r) => r.body);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  toaster.remove();
  clearAuthToken();
  viewport.width = 1280;
  profileReply = { status: 200, body: { success: true, message: 'Profil mis à jour', data: { customer } } };
  deleteReply = wrongPassword;
  server.requests.length = 0;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

function renderDashboard(path = '/dashboard') {
  return renderRoute({
    at: path,
    as: customer,
    routes: [
      {
        path: '/dashboard',
        element: (
          <ProtectedRoute>
            <DashboardRoute />
          </ProtectedRoute>
        ),
      },
      { path: '/', element: <p>page accueil</p> },
      { path: '/login', element: <p>page login</p> },
    ],
  });
}

/** The profile tab's code loads when the tab opens: its form is there once its first field is. */
const profileLoaded = () => screen.findByRole('textbox', { name: /^Prénom/ });

const requestsTo = (method: string, url: string) => server.requests.filter((r) => r.method === method && r.url === url);

describe('DashboardRoute layout and tabs (SPEC.md §2 Customer dashboard)', () => {
  it('shows one h1, the customer’s name and e-mail, the four tabs with zero counts and the page title', async () => {
    renderDashboard();

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Mon espace client' })).toBeInTheDocument();
    expect(document.title).toBe('Mon espace client – Parc Aventure des Landes');
    expect(screen.getByText('Camille Durand')).toBeInTheDocument();
    expect(screen.getByText('camille@example.fr')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('tab-count')).toHaveLength(2));
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'Mes réservations0',
      'Mes invitations0',
      'Profil',
      'Paiements',
    ]);
    expect(screen.getByRole('button', { name: 'Déconnexion' })).toBeInTheDocument();
  });

  it('opens the reservations tab by default, with its empty state linking to /reservation', async () => {
    renderDashboard();

    expect(screen.getByRole('tab', { name: /Mes réservations/ })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { level: 2, name: 'Mes réservations' })).toBeInTheDocument();
    expect(await within(panel).findByText('Vous n’avez pas encore de demande de réservation')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Faire une demande de réservation' })).toHaveAttribute(
      'href',
      '/reservation',
    );
  });

  it.each([
    ['/dashboard?tab=invitations', /Mes invitations/, 'Mes invitations'],
    ['/dashboard?tab=profile', /Profil/, 'Profil'],
    ['/dashboard?tab=payments', /Paiements/, 'Paiements'],
    ['/dashboard?tab=inconnu', /Mes réservations/, 'Mes réservations'],
  ])('opens %s on the tab it names (unknown values fall back to reservations)', async (path, tabName, heading) => {
    renderDashboard(path);

    expect(screen.getByRole('tab', { name: tabName })).toHaveAttribute('aria-selected', 'true');
    // The profile's panel loads with its tab (a chunk of its own).
    expect(
      await within(screen.getByRole('tabpanel')).findByRole('heading', { level: 2, name: heading }),
    ).toBeInTheDocument();
  });

  it('writes the chosen tab in the URL when a tab is clicked', async () => {
    const { user } = renderDashboard();
    // Let the lists settle first: the counts re-render the tabs when they arrive.
    await waitFor(() => expect(screen.getAllByTestId('tab-count')).toHaveLength(2));

    await user.click(screen.getByRole('tab', { name: 'Paiements' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard?tab=payments'));
    expect(screen.getByRole('heading', { name: 'Cartes enregistrées' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Mes invitations/ }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard?tab=invitations'));
    expect(await screen.findByText('Vous n’avez pas encore d’invitation')).toBeInTheDocument();
    expect(
      screen.getByText(/Les invitations arrivent sous la forme d’un lien envoyé par l’organisateur/),
    ).toBeInTheDocument();
  });

  it('lays the tabs out vertically on desktop and horizontally on mobile', () => {
    renderDashboard();
    expect(screen.getByRole('tablist')).toHaveAttribute('aria-orientation', 'vertical');
    cleanup();

    viewport.width = 360;
    renderDashboard();
    expect(screen.getByRole('tablist')).toHaveAttribute('aria-orientation', 'horizontal');
  });

  it('logs out, confirms with a toast and returns to /', async () => {
    const { user } = renderDashboard();

    await user.click(screen.getByRole('button', { name: 'Déconnexion' }));

    expect(await screen.findByText('Déconnexion réussie')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/'));
    // The session is revoked in the background, after the page has left (SPEC.md §2 logout).
    await waitFor(() => expect(requestsTo('POST', '/api/v1/customer-auth/logout')).toHaveLength(1));
    expect(getAuthToken()).toBeNull();
  });
});

describe('Payments tab', () => {
  afterEach(() => {
    historyReply = emptyHistory;
  });

  it('shows no saved card and an empty history, with no button that would do nothing', async () => {
    renderDashboard('/dashboard?tab=payments');
    const panel = screen.getByRole('tabpanel');

    expect(within(panel).getByRole('heading', { level: 3, name: 'Cartes enregistrées' })).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { level: 3, name: 'Historique des paiements' })).toBeInTheDocument();
    expect(within(panel).getByText('Aucune carte enregistrée')).toBeInTheDocument();
    expect(await within(panel).findByText('Aucun paiement pour le moment')).toBeInTheDocument();
    expect(within(panel).getByText(/Le parc\s+ne les enregistre jamais/)).toBeInTheDocument();
    expect(within(panel).queryAllByRole('button')).toEqual([]);
    expect(within(panel).queryAllByRole('link')).toEqual([]);
  });

  it('lists the real payments with their French status labels and the contracts to download', async () => {
    const payment = (id: string, status: string, statusLabel: string, kind: string, amount: number) => ({
      _id: id,
      bookingId: 'b1',
      bookingRequestId: 'GRP-2026-00042',
      kind,
      amount,
      status,
      statusLabel,
      createdAt: '2026-11-20T10:00:00.000Z',
      contractUrl: '/api/v1/contracts/contrat-GRP-2026-00042.pdf',
    });
    historyReply = {
      status: 200,
      body: {
        success: true,
        data: {
          payments: [
            payment('p1', 'completed', 'Payé', 'full', 450),
            payment('p2', 'failed', 'Échec', 'share', 33.33),
            payment('p3', 'pending', 'En attente', 'partial', 135),
            payment('p4', 'refunded', 'Remboursé', 'full', 200),
          ],
          contracts: [
            {
              bookingId: 'b1',
              bookingRequestId: 'GRP-2026-00042',
              contractUrl: '/api/v1/contracts/contrat-GRP-2026-00042.pdf',
            },
          ],
        },
      },
    };
    renderDashboard('/dashboard?tab=payments');
    const list = await screen.findByTestId('payment-history');
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    for (const label of ['Payé', 'Échec', 'En attente', 'Remboursé'])
      expect(within(list).getByText(label)).toBeInTheDocument();
    expect(within(list).getByText(/Paiement complet · 450,00\s€/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Contrat GRP-2026-00042' })).toBeInTheDocument();
  });
});

describe('Profile tab', () => {
  it('prefills the form and shows the read-only e-mail and the account information', async () => {
    renderDashboard('/dashboard?tab=profile');
    await profileLoaded();

    expect(screen.getByRole('textbox', { name: /^Prénom/ })).toHaveValue('Camille');
    expect(screen.getByRole('textbox', { name: /^Nom/ })).toHaveValue('Durand');
    expect(screen.getByRole('textbox', { name: /^Téléphone/ })).toHaveValue('06 01 02 03 04');
    const email = screen.getByRole('textbox', { name: /^Email/ });
    expect(email).toHaveValue('camille@example.fr');
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription("L'email ne peut pas être modifié.");
    expect(screen.getByText('02/11/2026')).toBeInTheDocument();
    expect(screen.getByText('Actif')).toBeInTheDocument();
    expect(screen.getByText('c0ffee00-0000-4000-8000-000000000001')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Changer le mot de passe' })).toHaveAttribute(
      'href',
      '/auth/reset-password',
    );
  });

  it('shows the validation messages and sends nothing when the names are empty or the phone is malformed', async () => {
    const { user } = renderDashboard('/dashboard?tab=profile');
    await profileLoaded();

    await user.clear(screen.getByRole('textbox', { name: /^Prénom/ }));
    await user.clear(screen.getByRole('textbox', { name: /^Nom/ }));
    await user.clear(screen.getByRole('textbox', { name: /^Téléphone/ }));
    await user.type(screen.getByRole('textbox', { name: /^Téléphone/ }), '06 abc');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));

    expect(await screen.findByText('Le prénom est requis')).toBeInTheDocument();
    expect(screen.getByText('Le nom est requis')).toBeInTheDocument();
    expect(screen.getByText('Format de téléphone invalide')).toBeInTheDocument();
    expect(requestsTo('PUT', '/api/v1/customer-auth/profile')).toEqual([]);
  });

  it('saves the trimmed profile with PUT /profile and shows the new name', async () => {
    const saved = { ...customer, firstName: 'Camille-Anne', phone: '06 11 22 33 44' };
    profileReply = { status: 200, body: { success: true, message: 'Profil mis à jour', data: { customer: saved } } };
    const { user } = renderDashboard('/dashboard?tab=profile');
    await profileLoaded();

    const firstName = screen.getByRole('textbox', { name: /^Prénom/ });
    await user.clear(firstName);
    await user.type(firstName, '  Camille-Anne ');
    const phone = screen.getByRole('textbox', { name: /^Téléphone/ });
    await user.clear(phone);
    await user.type(phone, '06 11 22 33 44');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));

    expect(await screen.findByText('Profil mis à jour')).toBeInTheDocument();
    const puts = requestsTo('PUT', '/api/v1/customer-auth/profile');
    expect(puts).toHaveLength(1);
    expect(puts[0]?.headers.authorization).toBe('Bearer tok');
    expect(sentBodies()).toEqual([{ firstName: 'Camille-Anne', lastName: 'Durand', phone: '+33611223344' }]);
    expect(screen.getByTestId('dashboard-user-name')).toHaveTextContent('Camille-Anne Durand');
    expect(firstName).toHaveValue('Camille-Anne');
  });

  it('sends a cleared phone as null', async () => {
    profileReply = {
      status: 200,
      body: { success: true, message: 'Profil mis à jour', data: { customer: { ...customer, phone: null } } },
    };
    const { user } = renderDashboard('/dashboard?tab=profile');
    await profileLoaded();

    await user.clear(screen.getByRole('textbox', { name: /^Téléphone/ }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));

    expect(await screen.findByText('Profil mis à jour')).toBeInTheDocument();
    expect(sentBodies()).toEqual([{ firstName: 'Camille', lastName: 'Durand', phone: null }]);
  });

  it('shows the error toast when saving fails', async () => {
    profileReply = {
      status: 500,
      body: { success: false, error: 'Erreur interne', message: 'Erreur interne', code: 'INTERNAL' },
    };
    const { user } = renderDashboard('/dashboard?tab=profile');
    await profileLoaded();

    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));

    expect(await screen.findByText('Erreur serveur, veuillez réessayer plus tard')).toBeInTheDocument();
    expect(screen.queryByText('Profil mis à jour')).not.toBeInTheDocument();
  });
});

describe('Account deletion (profile tab)', () => {
  it('asks for the password, shows the server’s refusal in the dialog, then deletes and returns to /', async () => {
    const { user } = renderDashboard('/dashboard?tab=profile');
    await profileLoaded();

    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Supprimer mon compte' });
    expect(
      within(dialog).getByText(
        'La suppression de votre compte est définitive : vos informations personnelles seront effacées et vous serez déconnecté.',
      ),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement' }));
    expect(await within(dialog).findByText('Mot de passe requis')).toBeInTheDocument();
    expect(requestsTo('DELETE', '/api/v1/customer-auth/account')).toEqual([]);

    const password = within(dialog).getByLabelText(/^Mot de passe/);
    await user.type(password, 'mauvais-mot');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Mot de passe incorrect');
    expect(getAuthToken()).toBe('tok');
    expect(currentLocation()).toBe('/dashboard?tab=profile');

    deleteReply = { status: 200, body: { success: true, message: 'Votre compte a été supprimé' } };
    await user.clear(password);
    await user.type(password, 'bon-mot-de-passe');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer définitivement' }));

    expect(await screen.findByText('Votre compte a été supprimé')).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe('/'));
    expect(screen.getByText('page accueil')).toBeInTheDocument();
    expect(getAuthToken()).toBeNull();
    expect(sentBodies()).toEqual([{ password: 'mauvais-mot' }, { password: 'bon-mot-de-passe' }]);
    expect(requestsTo('DELETE', '/api/v1/customer-auth/account')).toHaveLength(2);
  });

  it('closes without calling the server when cancelled, and reopens empty', async () => {
    const { user } = renderDashboard('/dashboard?tab=profile');
    await profileLoaded();

    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.type(within(dialog).getByLabelText(/^Mot de passe/), 'secret');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    expect(within(await screen.findByRole('alertdialog')).getByLabelText(/^Mot de passe/)).toHaveValue('');
    expect(requestsTo('DELETE', '/api/v1/customer-auth/account')).toEqual([]);
  });
});
