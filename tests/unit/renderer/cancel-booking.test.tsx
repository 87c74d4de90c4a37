// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CancellationPreview } from '@shared/api/group.schema';
import { addIsoDays, todayInParis } from '@shared/booking-days';
import { customer } from './support/booking-fixtures';
import { NOT_FOUND, ok, startLocalApi } from './support/local-api';
import { installMatchMedia } from './support/match-media';

const ID = 'b0000000-0000-4000-8000-000000000001';
const BASE = `/api/v1/customer-booking-requests/${ID}`;
const IN_30_DAYS = addIsoDays(todayInParis(), 30);

const preview: CancellationPreview = {
  termsVersion: 'cgv-2026-01',
  daysBefore: 30,
  rate: 80,
  paidAmount: 90,
  feeAmount: 10,
  refundAmount: 62,
  otherwisePaidAmount: 0,
  payers: [
    { name: 'Léa Martin', participantId: 'p1', paidAmount: 30, refundAmount: 20.67 },
    { name: 'Claire Organisatrice', participantId: 'p2', paidAmount: 60, refundAmount: 41.33 },
  ],
};
let refusal: string | null = null;
const server = await startLocalApi(({ method, url }) => {
  if (method === 'GET' && url === `${BASE}/cancellation-preview`) return ok(preview);
  if (method === 'POST' && url === `${BASE}/cancel`) {
    if (refusal) return { status: 409, body: { success: false, error: refusal, message: refusal } };
    return ok(preview, 'Votre réservation est annulée : chaque payeur est remboursé selon nos conditions de vente');
  }
  return NOT_FOUND;
});
const { CancelBooking, cancellationSummary } = await import('@renderer/features/booking-detail/cancel-booking');
const { renderRoute } = await import('./support/render-route');
installMatchMedia();
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  refusal = null;
});

const screenText = (text: string) => text.replace(/\s+/g, ' ');
const confirmButton = (dialog: HTMLElement) =>
  [...dialog.querySelectorAll('button')].find((button) => button.textContent === 'Annuler la réservation')!;

describe('the organizer cancels the booking (docs/decisions.md, "Payments", "Cancellation by the organizer")', () => {
  it('shows who gets what back before anything happens, then cancels with the reason given', async () => {
    const { user } = renderRoute({
      as: customer,
      element: <CancelBooking bookingId={ID} status="confirmed" startDate={IN_30_DAYS} />,
    });
    await user.click(await screen.findByRole('button', { name: 'Annuler la réservation' }));
    const dialog = await screen.findByRole('alertdialog');
    const payers = await screen.findByTestId('cancel-payers');
    expect(screenText(payers.textContent ?? '')).toContain('Léa Martin : 20,67 € sur 30,00 € payés');
    expect(screenText(payers.textContent ?? '')).toContain('Claire Organisatrice : 41,33 € sur 60,00 € payés');
    expect(screenText(dialog.textContent ?? '')).toContain(
      '90,00 € ont été payés : à 30 jours de la sortie, les conditions d’annulation de votre réservation remboursent 80 %, moins 10,00 € de frais d’annulation, soit 62,00 €, chacun sur la carte qui a payé.',
    );
    expect(screen.getByRole('button', { name: 'Garder la réservation' })).toBeInTheDocument();
    expect(server.requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText('Motif (facultatif)'), 'Mariage reporté');
    await user.click(confirmButton(dialog));
    await waitFor(() =>
      expect(server.requests.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
        { reason: 'Mariage reporté' },
      ]),
    );
    expect(
      await screen.findByText(
        'Votre réservation est annulée : chaque payeur est remboursé selon nos conditions de vente',
      ),
    ).toBeInTheDocument();
  });

  it('a refusal is told in French and the dialog stays open', async () => {
    refusal = 'La sortie a déjà commencé : elle ne peut plus être annulée en ligne. Contactez notre équipe.';
    const { user } = renderRoute({
      as: customer,
      element: <CancelBooking bookingId={ID} status="prebooked" startDate={IN_30_DAYS} />,
    });
    await user.click(await screen.findByRole('button', { name: 'Annuler la réservation' }));
    const dialog = await screen.findByRole('alertdialog');
    await screen.findByTestId('cancel-payers');
    await user.click(confirmButton(dialog));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('no button once canceled, completed, or on the day of the event', () => {
    for (const [status, day] of [
      ['canceled', IN_30_DAYS],
      ['completed', IN_30_DAYS],
      ['confirmed', todayInParis()],
    ] as const) {
      renderRoute({ as: customer, element: <CancelBooking bookingId={ID} status={status} startDate={day} /> });
      expect(screen.queryByRole('button', { name: 'Annuler la réservation' })).toBeNull();
      cleanup();
    }
  });

  it('says plainly when nothing comes back', () => {
    expect(
      screenText(cancellationSummary({ ...preview, paidAmount: 0, refundAmount: 0, feeAmount: 0, payers: [] })),
    ).toBe('Aucun paiement par carte n’a été fait : il n’y a rien à rembourser.');
    expect(screenText(cancellationSummary({ ...preview, daysBefore: 3, rate: 0, feeAmount: 0, refundAmount: 0 }))).toBe(
      '90,00 € ont été payés : à 3 jours de la sortie, les conditions d’annulation de votre réservation ne prévoient aucun remboursement.',
    );
  });
});
