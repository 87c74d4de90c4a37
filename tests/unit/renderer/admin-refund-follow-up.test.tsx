// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN } from './support/admin-fixtures';
import { NOT_FOUND, startLocalApi } from './support/local-api';

/** The back-office's refunds to follow, against a real local server answering as the API does. */
const BOOKING = 'b0000000-0000-4000-8000-000000000001';
const STAFF = `/api/v1/staff/booking-requests/${BOOKING}`;
const refund = (id: string, status: string, statusLabel: string, failure: string | null) => ({
  _id: id,
  paymentId: 'p1',
  amount: 40,
  status,
  statusLabel,
  failure,
  createdAt: '2026-11-21T09:00:00.000Z',
});
const server = await startLocalApi(({ method, url }) => {
  if (method === 'GET' && url === `${STAFF}/payments`) {
    const data = {
      payment: { config: null, status: 'unpaid', totalAmount: null, collective: null },
      payments: [],
      refunds: [
        refund('r1', 'failed', 'Échec', 'La banque du client a refusé le remboursement'),
        refund('r2', 'pending', 'En cours', null),
        refund('r3', 'succeeded', 'Remboursé', null),
      ],
    };
    return { status: 200, body: { success: true, data } };
  }
  if (method === 'POST' && url === `${STAFF}/refunds/r1/retry`) {
    const data = refund('r4', 'pending', 'En cours', null);
    return { status: 200, body: { success: true, message: 'Remboursement relancé', data } };
  }
  return NOT_FOUND;
});
const { RefundFollowUp } = await import('@renderer/admin/request/refund-follow-up');
const { renderRoute } = await import('./support/render-route');

describe('RefundFollowUp', { timeout: 30_000 }, () => {
  it('lists pending and failed refunds; « Relancer » calls the retry of the failed one', async () => {
    const { user } = renderRoute({ staff: ADMIN, element: <RefundFollowUp bookingId={BOOKING} /> });
    const rows = await screen.findAllByTestId('refund-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Échec');
    expect(rows[0]).toHaveTextContent('La banque du client a refusé le remboursement');
    expect(rows[1]).toHaveTextContent('En cours');
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
    expect(within(rows[0]!).getByRole('button', { name: 'Marquer comme réglé' })).toBeInTheDocument();
    await user.click(within(rows[0]!).getByRole('button', { name: 'Relancer' }));
    await waitFor(() =>
      expect(
        server.requests.some((request) => request.method === 'POST' && request.url === `${STAFF}/refunds/r1/retry`),
      ).toBe(true),
    );
    expect(await screen.findByText('Remboursement relancé')).toBeInTheDocument();
  });
});
