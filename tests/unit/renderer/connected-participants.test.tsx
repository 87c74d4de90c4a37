// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { BookingDetail } from '@shared/api/customer-booking.schema';
import { staffDetail } from './support/admin-fixtures';
import { customer, detail, participant } from './support/booking-fixtures';
import { startLocalServer } from './support/local-server';

// Joined through a link without a password: on the list, never logged in (SPEC.md §2 'Invité').
const notConnected = participant({
  _id: 'p-joined',
  customerId: 'c-joined',
  firstName: 'Zoé',
  lastName: 'Sans',
  email: 'zoe@example.fr',
  role: 'Participant',
  hasConnected: false,
  joinedAt: '2026-11-23T10:00:00.000Z',
  status: 'joined',
});
const people = [participant(), notConnected];
const BOOKING = detail()._id;
const RESEND = `/api/v1/customer-booking-requests/${BOOKING}/participants/p-joined/access-mail`;
let resendReply = {
  status: 200,
  body: {
    success: true,
    message: 'E-mail d’accès renvoyé : un nouveau mot de passe temporaire lui a été envoyé',
  } as unknown,
};

const server = await startLocalServer(({ method, url }) => {
  if (method === 'POST' && url === RESEND) return resendReply;
  return {
    status: 404,
    body: { success: false, error: 'Ressource non trouvée', message: 'Ressource non trouvée', code: 'NOT_FOUND' },
  };
});
vi.stubEnv('VITE_API_URL', server.origin);
const { ParticipantsSection } = await import('@renderer/features/booking-detail/participants-section');
const { ParticipantsSection: StaffParticipantsSection } = await import('@renderer/admin/request/request-sections');
const { toaster } = await import('@renderer/shared/ui/toaster-store');
const { clearAuthToken } = await import('@renderer/shared/session/auth-token');
const { renderRoute } = await import('./support/render-route');

afterEach(() => {
  cleanup();
  toaster.remove();
  clearAuthToken();
  server.requests.length = 0;
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

const renderOrganizerList = (overrides: Partial<BookingDetail> = {}) =>
  renderRoute({
    element: <ParticipantsSection detail={detail({ bookingParticipants: people, ...overrides })} />,
    as: customer,
  }).user;

describe("'Rejoint' only for a participant who has connected (SPEC.md §2)", () => {
  it("the organizer's list says 'Invité' for a joined participant who never connected", () => {
    renderOrganizerList();
    const rows = screen.getAllByTestId('participant');
    expect(within(rows[0]!).getByTestId('participant-status')).toHaveTextContent('Rejoint');
    expect(within(rows[1]!).getByTestId('participant-status')).toHaveTextContent('Invité');
  });

  it("the back-office says 'Rejoint' and 'Invité' with the same rule, never 'A rejoint'", () => {
    renderRoute({ element: <StaffParticipantsSection detail={staffDetail({ bookingParticipants: people })} /> });
    const rows = screen.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('Rejoint')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Invité')).toBeInTheDocument();
    expect(screen.queryByText('A rejoint')).toBeNull();
  });
});

describe('the organizer sees who has not connected and resends their access', () => {
  it('explains they cannot pay yet, resends on a click and says so; a refusal shows the server’s message', async () => {
    const user = renderOrganizerList();
    const rows = screen.getAllByTestId('participant');
    expect(within(rows[0]!).queryByTestId('participant-not-connected')).toBeNull();
    expect(within(rows[1]!).getByTestId('participant-not-connected')).toHaveTextContent(
      'Pas encore connecté : ne pourra pas payer sa part tant qu’il ne s’est pas connecté',
    );
    await user.click(within(rows[1]!).getByRole('button', { name: 'Renvoyer l’accès à Zoé Sans' }));
    expect(
      await screen.findByText('E-mail d’accès renvoyé : un nouveau mot de passe temporaire lui a été envoyé'),
    ).toBeInTheDocument();
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual([RESEND]);

    const tooSoon =
      'Un e-mail d’accès a déjà été envoyé à cette personne il y a moins de 10 minutes : réessayez plus tard';
    resendReply = { status: 429, body: { success: false, error: tooSoon, message: tooSoon, code: 'RATE_LIMITED' } };
    await user.click(within(rows[1]!).getByRole('button', { name: 'Renvoyer l’accès à Zoé Sans' }));
    await waitFor(() => expect(screen.getByText(tooSoon)).toBeInTheDocument());
  });

  it('shows no resend to a participant looking at the list', () => {
    renderOrganizerList({ userRole: 'participant' });
    expect(screen.queryByRole('button', { name: /Renvoyer l’accès/ })).toBeNull();
    expect(screen.queryByTestId('participant-not-connected')).toBeNull();
  });
});
