// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LeaveQuote } from '@shared/api/leave.schema';
import type { OptOutsView } from '@shared/api/opt-outs.schema';
import { customer } from './support/booking-fixtures';
import { NOT_FOUND, ok, startLocalApi } from './support/local-api';
import { installMatchMedia } from './support/match-media';

const ID = 'b0000000-0000-4000-8000-000000000001';
const ME = 'c0000000-0000-4000-8000-000000000002';
const BASE = `/api/v1/customer-booking-requests/${ID}`;

let view: OptOutsView = { me: ME, canManage: false, open: true, lines: [] };
let quote: LeaveQuote = { paidAmount: 30, feeAmount: 10, refundAmount: 5, rate: 0.5 };
let refusal: string | null = null;
const server = await startLocalApi(({ method, url }) => {
  if (method === 'GET' && url === `${BASE}/opt-outs`) return ok(view);
  if (url === `${BASE}/participants/${ME}/leave`) {
    if (method === 'GET') return ok(quote);
    if (refusal) return { status: 409, body: { success: false, error: refusal, message: refusal } };
    return ok(quote, 'Vous avez quitté la réservation');
  }
  return NOT_FOUND;
});
const { LeaveBooking, leaveSummary } = await import('@renderer/features/booking-detail/leave-booking');
const { renderRoute } = await import('./support/render-route');
installMatchMedia();
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  refusal = null;
});

describe('a participant leaves the booking (docs/decisions.md, "Group shares")', () => {
  it('states what comes back under the frozen terms before leaving, then leaves', async () => {
    view = { me: ME, canManage: false, open: true, lines: [] };
    quote = { paidAmount: 30, feeAmount: 10, refundAmount: 5, rate: 0.5 };
    const { user } = renderRoute({ as: customer, element: <LeaveBooking bookingId={ID} /> });
    await user.click(await screen.findByRole('button', { name: 'Quitter la réservation' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(
      await screen.findByText(
        'Vous avez réglé 30,00 € : selon les conditions d’annulation de votre réservation, 5,00 € vous seront remboursés sur votre carte, 10,00 € de frais d’annulation retenus.',
      ),
    ).toBeInTheDocument();
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    const confirm = [...dialog.querySelectorAll('button')].find(
      (button) => button.textContent === 'Quitter la réservation',
    )!;
    await user.click(confirm);
    await waitFor(() =>
      expect(server.requests.filter((request) => request.method === 'POST').map((request) => request.url)).toEqual([
        `${BASE}/participants/${ME}/leave`,
      ]),
    );
    expect(await screen.findByText('Vous avez quitté la réservation')).toBeInTheDocument();
  });

  it('a refusal is told in French and the dialog stays open', async () => {
    view = { me: ME, canManage: false, open: true, lines: [] };
    refusal = 'Le délai de paiement est passé : vous ne pouvez plus quitter cette réservation. Contactez notre équipe.';
    const { user } = renderRoute({ as: customer, element: <LeaveBooking bookingId={ID} /> });
    await user.click(await screen.findByRole('button', { name: 'Quitter la réservation' }));
    const dialog = await screen.findByRole('alertdialog');
    await screen.findByText(/5,00 € vous seront remboursés/);
    const confirm = [...dialog.querySelectorAll('button')].find(
      (button) => button.textContent === 'Quitter la réservation',
    )!;
    await user.click(confirm);
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('the organizer, and a booking past its deadline, show no such button', async () => {
    view = { me: ME, canManage: true, open: true, lines: [] };
    renderRoute({ as: customer, element: <LeaveBooking bookingId={ID} /> });
    await waitFor(() => expect(server.requests.some((request) => request.url === `${BASE}/opt-outs`)).toBe(true));
    expect(screen.queryByRole('button', { name: 'Quitter la réservation' })).toBeNull();
    cleanup();
    view = { me: ME, canManage: false, open: false, lines: [] };
    renderRoute({ as: customer, element: <LeaveBooking bookingId={ID} /> });
    await waitFor(() =>
      expect(server.requests.filter((request) => request.url === `${BASE}/opt-outs`)).toHaveLength(2),
    );
    expect(screen.queryByRole('button', { name: 'Quitter la réservation' })).toBeNull();
  });

  it('says plainly when nothing comes back', () => {
    // The amounts carry a no-break space before « € »: compared as the screen reads them.
    const summary = (quote: LeaveQuote) => leaveSummary(quote).replace(/\s+/g, ' ');
    expect(summary({ paidAmount: 0, feeAmount: 0, refundAmount: 0, rate: 0 })).toBe(
      'Vous n’avez rien réglé : rien ne vous sera remboursé.',
    );
    expect(summary({ paidAmount: 30, feeAmount: 10, refundAmount: 0, rate: 0 })).toBe(
      'Vous avez réglé 30,00 € : selon les conditions d’annulation de votre réservation, rien ne vous sera remboursé.',
    );
  });
});
