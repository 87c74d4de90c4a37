// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADMIN } from './support/admin-fixtures';
import { NOT_FOUND, startLocalApi } from './support/local-api';

/** The back-office's « Paiements des participants », against a real local server answering as the API does. */
const BOOKING = 'b0000000-0000-4000-8000-000000000001';
const STAFF = `/api/v1/staff/booking-requests/${BOOKING}`;
const person = (id: string, name: string, extra: object) => ({
  id,
  name,
  role: 'Participant',
  paymentStatus: 'pending',
  paymentAmount: 30,
  paidAt: null,
  guestOfHonour: false,
  lastReminderAt: null,
  ...extra,
});
const server = await startLocalApi(({ method, url }) => {
  if (method === 'GET' && url === `${STAFF}/shares`) {
    const data = {
      enabled: true,
      progressPercentage: 50,
      paidParticipants: 1,
      totalParticipants: 2,
      remainingParticipants: 1,
      isComplete: false,
      amountPerParticipant: 30,
      totalAmount: 60,
      paidAmount: 30,
      participants: [
        person('p1', 'Léa Martin', { paymentStatus: 'paid', paidAt: '2026-11-20T10:00:00.000Z' }),
        person('p2', 'Hugo Petit', { lastReminderAt: '2026-11-21T09:00:00.000Z' }),
        person('p3', 'Emma Roux', { paymentStatus: 'not_required', paymentAmount: 0, guestOfHonour: true }),
      ],
    };
    return { status: 200, body: { success: true, data } };
  }
  if (method === 'POST' && url === `${STAFF}/share-reminders`) {
    return {
      status: 429,
      body: {
        success: false,
        error: 'Ce participant a déjà reçu un rappel il y a moins de 24 h : vous pourrez le relancer demain.',
        code: 'REMINDER_TOO_SOON',
      },
    };
  }
  return NOT_FOUND;
});
const { ParticipantPayments } = await import('@renderer/admin/request/participant-payments');
const { renderRoute } = await import('./support/render-route');

describe('ParticipantPayments', { timeout: 30_000 }, () => {
  it('shows each share and its state; « Relancer » sends the one participant, the refusal is shown in French', async () => {
    const user = userEvent.setup();
    renderRoute({ staff: ADMIN, element: <ParticipantPayments bookingId={BOOKING} /> });
    expect(await screen.findByRole('heading', { name: 'Paiements des participants' })).toBeInTheDocument();
    const rows = screen.getAllByTestId('participant-payment');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Payé');
    expect(rows[0]).toHaveTextContent('payé le');
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(rows[1]).toHaveTextContent('En attente');
    expect(rows[1]).toHaveTextContent('dernier rappel le');
    expect(rows[2]).toHaveTextContent('Non requis');
    expect(rows[2]).toHaveTextContent('invité d’honneur');
    expect(within(rows[2]!).queryByRole('button')).toBeNull();
    expect(screen.getByText('1 / 2 parts payées', { exact: false })).toBeInTheDocument();

    await user.click(within(rows[1]!).getByRole('button', { name: 'Relancer Hugo Petit' }));
    await waitFor(() =>
      expect(server.requests.find((request) => request.url === `${STAFF}/share-reminders`)?.body).toEqual({
        participantId: 'p2',
      }),
    );
    expect(
      await screen.findByText(
        'Ce participant a déjà reçu un rappel il y a moins de 24 h : vous pourrez le relancer demain.',
      ),
    ).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Relancer tous les impayés' }));
    await waitFor(() =>
      expect(server.requests.filter((request) => request.url === `${STAFF}/share-reminders`).at(-1)?.body).toEqual({}),
    );
  });
});
