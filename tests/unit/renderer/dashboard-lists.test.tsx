// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { customer, invitation, pagination, summary } from './support/booking-fixtures';
import { startLocalServer, type Reply } from './support/local-server';
import { installMatchMedia } from './support/match-media';

/** The lists come from a real local HTTP server through the app's axios client (see dashboard.test.tsx). */
const listOf = (bookingRequests: unknown[]): Reply => ({
  status: 200,
  body: { success: true, data: { bookingRequests, pagination: pagination(bookingRequests.length), nextCursor: null } },
});
const invitationsOf = (invitations: unknown[]): Reply => ({
  status: 200,
  body: { success: true, data: { invitations, pagination: pagination(invitations.length) } },
});
const serverError: Reply = {
  status: 500,
  body: { success: false, error: 'Erreur interne', message: 'Erreur interne', code: 'INTERNAL' },
};

const draft = summary();
const confirmed = summary({
  _id: 'b0000000-0000-4000-8000-000000000002',
  bookingRequestId: 'GRP-2030-00002',
  bookingType: 'company',
  type: 'ce',
  status: 'confirmed',
  clientValidation: 'validated',
  adminValidation: 'validated',
  participants: 1,
  startDate: '2030-09-01',
  mainContact: { firstName: 'Camille', lastName: 'Durand', email: 'camille@example.fr', phone: null },
});
const confirmedInvitation = invitation();
const draftInvitation = invitation({
  _id: 'b0000000-0000-4000-8000-000000000010',
  bookingRequestId: 'GRP-2030-00010',
  status: 'draft',
  bookingType: 'evg-evjf',
  type: 'evjf',
  note: '',
  hasConnected: false,
  participationStatus: 'invited',
  joinedAt: null,
});

let requestsReply: Reply = listOf([draft, confirmed]);
let invitationsReply: Reply = invitationsOf([confirmedInvitation, draftInvitation]);
const server = await startLocalServer(({ method, url }) => {
  if (method === 'GET' && url.startsWith('/api/v1/customer-booking-requests/invitations')) return invitationsReply;
  if (method === 'GET' && url.startsWith('/api/v1/customer-booking-requests')) return requestsReply;
  return { status: 404, body: { success: false } };
});
vi.stubEnv('VITE_API_URL', server.origin);
const { DashboardRoute } = await import('@renderer/app/dashboard-route');
const { ProtectedRoute } = await import('@renderer/app/customer-area');
const { clearAuthToken } = await import('@renderer/shared/session/auth-token');
const { renderRoute } = await import('./support/render-route');
const { setSessionExpiredHandler } = await import('@renderer/shared/api/client');
const { toaster } = await import('@renderer/shared/ui/toaster-store');
const { pageReload } = await import('@renderer/shared/ui/page-reload');

setSessionExpiredHandler(() => undefined);
installMatchMedia();
// A whole page with many role queries: jsdom needs more than the default 5 s when the suite runs in parallel.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  toaster.remove();
  clearAuthToken();
  requestsReply = listOf([draft, confirmed]);
  invitationsReply = invitationsOf([confirmedInvitation, draftInvitation]);
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
      { path: '/booking/:bookingId', element: <p>page détail</p> },
      { path: '/reservation', element: <p>page réservation</p> },
    ],
  });
}

const card = (reference: string) => screen.getByRole('article', { name: reference });
const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('Reservations tab (SPEC.md §2)', () => {
  it('lists every request with its fields and the real counts in the side tabs', async () => {
    renderDashboard();

    await screen.findByRole('article', { name: 'GRP-2030-00001' });
    expect(tabNames()).toEqual(['Mes réservations2', 'Mes invitations2', 'Profil', 'Paiements']);
    const first = within(card('GRP-2030-00001'));
    expect(first.getByRole('heading', { level: 3, name: 'GRP-2030-00001' })).toBeInTheDocument();
    expect(first.getByText('Brouillon')).toBeInTheDocument();
    expect(first.getByText('Anniversaire')).toBeInTheDocument();
    expect(first.getByText('samedi 15 juin 2030')).toBeInTheDocument();
    expect(first.getByText('12 participants')).toBeInTheDocument();
    expect(first.getByText('Camille Durand')).toBeInTheDocument();
    expect(first.getByText('camille@example.fr')).toBeInTheDocument();
    expect(first.getByText('06 01 02 03 04')).toBeInTheDocument();
    expect(first.getByText('22/11/2026 à 18:05')).toBeInTheDocument();
    expect(first.getByRole('link', { name: /^Voir détails/ })).toHaveAttribute(
      'href',
      '/booking/b0000000-0000-4000-8000-000000000001',
    );

    const second = within(card('GRP-2030-00002'));
    expect(second.getByText('Confirmée')).toBeInTheDocument();
    expect(second.getByText("Comité d'Entreprise")).toBeInTheDocument();
    expect(second.getByText('dimanche 1 septembre 2030')).toBeInTheDocument();
    expect(second.getByText('1 participant')).toBeInTheDocument();
  });

  it('shows the draft notice on drafts only', async () => {
    renderDashboard();

    const first = within(await screen.findByRole('article', { name: 'GRP-2030-00001' }));
    expect(first.getByText('Demande en attente')).toBeInTheDocument();
    expect(first.getByText('Notre équipe va étudier votre demande et vous contactera sous 24h.')).toBeInTheDocument();
    expect(within(card('GRP-2030-00002')).queryByText('Demande en attente')).not.toBeInTheDocument();
  });

  it('opens the booking detail from "Voir détails"', async () => {
    const { user } = renderDashboard();

    const first = await screen.findByRole('article', { name: 'GRP-2030-00001' });
    await user.click(within(first).getByRole('link', { name: /^Voir détails/ }));
    expect(await screen.findByText('page détail')).toBeInTheDocument();
  });

  it('shows the empty state linking to /reservation', async () => {
    requestsReply = listOf([]);
    invitationsReply = invitationsOf([]);
    renderDashboard();

    expect(await screen.findByText('Vous n’avez pas encore de demande de réservation')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Faire une demande de réservation' })).toHaveAttribute(
      'href',
      '/reservation',
    );
    expect(tabNames()).toEqual(['Mes réservations0', 'Mes invitations0', 'Profil', 'Paiements']);
  });

  it('shows the load error toast and a Retry button that reloads the page', async () => {
    requestsReply = serverError;
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    const { user } = renderDashboard();

    // The query client retries once (SPEC.md §7) before the error shows.
    const toast = await screen.findByTestId('toast', {}, { timeout: 8000 });
    expect(toast).toHaveTextContent('Erreur lors du chargement de vos réservations');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('alert')).toHaveTextContent('Erreur lors du chargement de vos réservations');
    await user.click(within(panel).getByRole('button', { name: 'Réessayer' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('Invitations tab (SPEC.md §2)', () => {
  it('lists every invitation with its fields, role and participation', async () => {
    renderDashboard('/dashboard?tab=invitations');

    const confirmedCard = within(await screen.findByRole('article', { name: 'GRP-2030-00009' }));
    expect(confirmedCard.getByText('Confirmée')).toBeInTheDocument();
    expect(confirmedCard.getByTestId('role-badge')).toHaveTextContent('Participant');
    expect(confirmedCard.getByText('Séminaire')).toBeInTheDocument();
    expect(confirmedCard.getByText('vendredi 5 juillet 2030')).toBeInTheDocument();
    expect(confirmedCard.getByText('30 participants')).toBeInTheDocument();
    expect(confirmedCard.getAllByText('Léa Martin')).toHaveLength(2);
    expect(confirmedCard.getAllByText('lea.martin@example.fr')).toHaveLength(2);
    expect(confirmedCard.getByText('06 11 22 33 44')).toBeInTheDocument();
    expect(confirmedCard.getByText('Prévoir des vêtements de rechange')).toBeInTheDocument();
    expect(confirmedCard.getByTestId('participation-badge')).toHaveTextContent('Rejoint');
    expect(confirmedCard.getByText('01/12/2026')).toBeInTheDocument();
    expect(confirmedCard.getByRole('link', { name: /^Voir détails/ })).toHaveAttribute(
      'href',
      '/booking/b0000000-0000-4000-8000-000000000009',
    );
    expect(confirmedCard.getByRole('link', { name: /^Discuter/ })).toHaveAttribute(
      'href',
      '/booking/b0000000-0000-4000-8000-000000000009#discussion',
    );
    expect(confirmedCard.queryByText('En attente de confirmation')).not.toBeInTheDocument();
  });

  it('shows a draft as "En attente" to the invitee, with its notice, and no "Discuter"', async () => {
    renderDashboard('/dashboard?tab=invitations');

    const draftCard = within(await screen.findByRole('article', { name: 'GRP-2030-00010' }));
    expect(draftCard.getByTestId('status-badge')).toHaveTextContent(/^En attente$/);
    expect(draftCard.getByText('En attente de confirmation')).toBeInTheDocument();
    expect(draftCard.getByTestId('participation-badge')).toHaveTextContent('Invité');
    expect(draftCard.getByText('Enterrement de vie de jeune fille')).toBeInTheDocument();
    expect(draftCard.queryByText('Note')).not.toBeInTheDocument();
    expect(draftCard.queryByText('Rejoint le')).not.toBeInTheDocument();
    expect(draftCard.queryByRole('link', { name: /^Discuter/ })).not.toBeInTheDocument();
  });

  it('shows the load error toast and the Retry button', async () => {
    invitationsReply = serverError;
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    const { user } = renderDashboard('/dashboard?tab=invitations');

    const toast = await screen.findByTestId('toast', {}, { timeout: 8000 });
    expect(toast).toHaveTextContent('Erreur lors du chargement de vos invitations');
    // Drawn in the deferred render that follows (docs/decisions.md, performance rule 22).
    expect(await within(screen.getByRole('tabpanel')).findByRole('alert')).toHaveTextContent(
      'Erreur lors du chargement de vos invitations',
    );
    await user.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Réessayer' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('Which tab opens first (SPEC.md §2)', () => {
  it('opens the invitations tab when the user has no request but has invitations', async () => {
    requestsReply = listOf([]);
    renderDashboard();

    await waitFor(() =>
      expect(screen.getByRole('tab', { name: /Mes invitations/ })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(await screen.findByRole('article', { name: 'GRP-2030-00009' })).toBeInTheDocument();
    expect(tabNames()).toEqual(['Mes réservations0', 'Mes invitations2', 'Profil', 'Paiements']);
  });

  it('keeps the reservations tab when the user has requests', async () => {
    renderDashboard();

    await screen.findByRole('article', { name: 'GRP-2030-00001' });
    expect(screen.getByRole('tab', { name: /Mes réservations/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps an explicit ?tab= even with invitations only', async () => {
    requestsReply = listOf([]);
    renderDashboard('/dashboard?tab=reservations');

    expect(await screen.findByText('Vous n’avez pas encore de demande de réservation')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Mes réservations/ })).toHaveAttribute('aria-selected', 'true');
  });
});
