// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { BookingDetail } from '@shared/api/customer-booking.schema';
import type { CollectiveStatus, PaymentConfigView } from '@shared/api/payments.schema';
import { customer, detail, participant } from './support/booking-fixtures';
import { startLocalServer } from './support/local-server';

/**
 * The Paiement section's amounts (SPEC.md §2, §4): each reader reads what they owe. A participant
 * of a collective payment reads their share and whether it is paid, never the booking's total as
 * 'Montant à payer'; the organizer the total, what is paid so far and what remains; an amount
 * already settled is never shown as 'à payer'. Against a local server that knows no payment call
 * (the section then shows what the booking detail carries).
 */
const server = await startLocalServer(({ method, url }) =>
  method === 'POST' && url.endsWith('/booking-payment/reminders')
    ? { status: 200, body: { success: true, message: '1 rappel envoyé', data: { reminded: ['p-guest'] } } }
    : {
        status: 404,
        body: { success: false, error: 'Ressource non trouvée', message: 'Ressource non trouvée', code: 'NOT_FOUND' },
      },
);
vi.stubEnv('VITE_API_URL', server.origin);
const { renderRoute } = await import('./support/render-route');
const { default: PaymentSection } = await import('@renderer/features/payments/payment-section');

afterEach(() => cleanup());
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

const PARTICIPANT_USER = 'c0ffee00-0000-4000-8000-000000000002';
const DUE = '2030-06-01T10:00:00.000Z';
const DUE_TEXT = '01/06/2030 à 12:00';
const PAID_AT = '2030-05-20T08:30:00.000Z';

function config(type: PaymentConfigView['type'], amount: number, percentage: number | null = null): PaymentConfigView {
  return {
    type,
    amount,
    percentage,
    dueDate: DUE,
    instructions: '',
    contractUrl: null,
    authorizationCanceled: false,
    depositAvailableFrom: null,
  };
}

const share = (id: string, name: string, paid: boolean) => ({
  id,
  name,
  role: id === 'p-organizer' ? ('Organisateur' as const) : ('Participant' as const),
  paymentStatus: paid ? ('paid' as const) : ('pending' as const),
  paymentAmount: 360,
  paidAt: paid ? PAID_AT : null,
  guestOfHonour: false,
});

function collective(paid: { organizer: boolean; guest: boolean }): CollectiveStatus {
  const count = Number(paid.organizer) + Number(paid.guest);
  return {
    enabled: true,
    progressPercentage: count * 50,
    paidParticipants: count,
    totalParticipants: 2,
    remainingParticipants: 2 - count,
    isComplete: count === 2,
    amountPerParticipant: 360,
    totalAmount: 720,
    paidAmount: count * 360,
    participants: [share('p-organizer', 'Camille Durand', paid.organizer), share('p-guest', 'Léo Martin', paid.guest)],
  };
}

const people = [
  participant(),
  participant({
    _id: 'p-guest',
    customerId: PARTICIPANT_USER,
    firstName: 'Léo',
    lastName: 'Martin',
    role: 'Participant',
  }),
];

function booking(overrides: Partial<BookingDetail>): BookingDetail {
  return detail({
    status: 'prebooked',
    clientValidation: 'validated',
    adminValidation: 'validated',
    permissions: { canModify: false, canModifyActivities: false, canAddParticipants: false, canPay: true },
    bookingParticipants: people,
    ...overrides,
  });
}

function collectiveBooking(reader: 'organizer' | 'participant', paid: { organizer: boolean; guest: boolean }) {
  const complete = paid.organizer && paid.guest;
  return booking({
    status: complete ? 'confirmed' : 'prebooked',
    userRole: reader,
    connectedUserId: reader === 'organizer' ? customer._id : PARTICIPANT_USER,
    payment: {
      config: config('collective_payment', 720),
      status: complete ? 'paid' : paid.organizer || paid.guest ? 'partial' : 'unpaid',
      totalAmount: 720,
      collective: collective(paid),
    },
  });
}

/** The section's amounts as read: 'label: value', in order. */
async function amountsOf(value: BookingDetail): Promise<string[]> {
  renderRoute({ element: <PaymentSection detail={value} /> });
  const list = within(await screen.findByTestId('payment-amounts'));
  const labels = list.getAllByRole('term').map((term) => term.textContent);
  const values = list.getAllByRole('definition').map((definition) => definition.textContent);
  return labels.map((label, index) => `${label}: ${values[index]}`);
}

const euros = (text: string) => text.replace(/\u202f|\u00a0/g, ' ');

describe('Paiement section, collective payment', () => {
  it('shows a participant their share to pay, not the booking’s total as the amount to pay', async () => {
    const rows = (await amountsOf(collectiveBooking('participant', { organizer: false, guest: false }))).map(euros);
    expect(rows).toEqual([
      'Type de paiement: Paiement collectif',
      'Ma part: 360,00 €',
      'État de ma part: À payer',
      'Total de la réservation: 720,00 €',
      `Date limite de paiement: ${DUE_TEXT}`,
    ]);
    expect(screen.getByRole('button', { name: /^Payer ma part \(360,00\s€\)$/ })).toBeInTheDocument();
  });

  it('shows a participant their share paid, with no amount left to pay, once paid and once confirmed', async () => {
    const paid = [
      'Type de paiement: Paiement collectif',
      'Ma part: 360,00 €',
      'État de ma part: Payée le 20/05/2030 à 10:30',
      'Total de la réservation: 720,00 €',
    ];
    expect((await amountsOf(collectiveBooking('participant', { organizer: false, guest: true }))).map(euros)).toEqual(
      paid,
    );
    expect(screen.queryByRole('button', { name: /^Payer/ })).toBeNull();
    cleanup();

    expect((await amountsOf(collectiveBooking('participant', { organizer: true, guest: true }))).map(euros)).toEqual(
      paid,
    );
    expect(screen.queryByText(/à payer/i)).toBeNull();
  });

  it('shows the organizer the total, what is paid so far and what remains, then only what was paid', async () => {
    expect((await amountsOf(collectiveBooking('organizer', { organizer: false, guest: true }))).map(euros)).toEqual([
      'Type de paiement: Paiement collectif',
      'Ma part: 360,00 €',
      'État de ma part: À payer',
      'Total de la réservation: 720,00 €',
      'Montant payé: 360,00 €',
      'Reste à payer: 360,00 €',
      `Date limite de paiement: ${DUE_TEXT}`,
    ]);
    cleanup();

    expect((await amountsOf(collectiveBooking('organizer', { organizer: true, guest: true }))).map(euros)).toEqual([
      'Type de paiement: Paiement collectif',
      'Ma part: 360,00 €',
      'État de ma part: Payée le 20/05/2030 à 10:30',
      'Total de la réservation: 720,00 €',
      'Montant payé: 720,00 €',
    ]);
  });
});

describe('Paiement section, who paid and the organizer’s reminders (docs/decisions.md, "Group shares")', () => {
  it('the organizer reminds one participant who has not paid; a paid share shows its day and no reminder', async () => {
    const { user } = renderRoute({
      element: <PaymentSection detail={collectiveBooking('organizer', { organizer: true, guest: false })} />,
    });
    const card = within(await screen.findByTestId('collective-card'));
    expect(card.getByText('Payé le 20/05/2030')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: 'Relancer Camille Durand' })).not.toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Relancer Léo Martin' }));
    await waitFor(() =>
      expect(
        server.requests
          .filter((call) => call.method === 'POST')
          .map(({ url, body }) => ({ url: url.replace(/^.*\/booking-payment/, ''), body })),
      ).toEqual([{ url: '/reminders', body: { participantId: 'p-guest' } }]),
    );
    expect(card.getByRole('button', { name: 'Relancer tous ceux qui n’ont pas payé' })).toBeInTheDocument();
  });

  it('a participant sees no reminder buttons', async () => {
    renderRoute({
      element: <PaymentSection detail={collectiveBooking('participant', { organizer: false, guest: false })} />,
    });
    const card = within(await screen.findByTestId('collective-card'));
    expect(card.queryByRole('button', { name: /^Relancer/ })).not.toBeInTheDocument();
  });
});

describe('Paiement section, the organizer’s full and partial payments', () => {
  const full = (status: 'unpaid' | 'paid') =>
    booking({ payment: { config: config('full_payment_organizer', 450), status, totalAmount: 450, collective: null } });
  const partial = (status: 'unpaid' | 'partial' | 'paid') =>
    booking({
      payment: { config: config('partial_payment_card', 180, 30), status, totalAmount: 600, collective: null },
    });

  it('full payment: the amount to pay before, the amount paid after', async () => {
    expect((await amountsOf(full('unpaid'))).map(euros)).toEqual([
      'Type de paiement: Paiement complet par l’organisateur',
      'Total de la réservation: 450,00 €',
      'Montant à payer: 450,00 €',
      `Date limite de paiement: ${DUE_TEXT}`,
    ]);
    cleanup();
    expect((await amountsOf(full('paid'))).map(euros)).toEqual([
      'Type de paiement: Paiement complet par l’organisateur',
      'Total de la réservation: 450,00 €',
      'Montant payé: 450,00 €',
    ]);
  });

  it('partial payment: the down payment to pay, then paid, with the balance due on arrival', async () => {
    expect((await amountsOf(partial('unpaid'))).map(euros)).toEqual([
      'Type de paiement: Acompte par carte',
      'Total de la réservation: 600,00 €',
      'Montant à payer: 180,00 €',
      'Solde à régler le jour de l’arrivée: 420,00 €',
      `Date limite de paiement: ${DUE_TEXT}`,
    ]);
    cleanup();
    expect((await amountsOf(partial('partial'))).map(euros)).toEqual([
      'Type de paiement: Acompte par carte',
      'Total de la réservation: 600,00 €',
      'Montant payé: 180,00 €',
      'Solde à régler le jour de l’arrivée: 420,00 €',
    ]);
    cleanup();
    expect((await amountsOf(partial('paid'))).map(euros)).toEqual([
      'Type de paiement: Acompte par carte',
      'Total de la réservation: 600,00 €',
      'Montant payé: 600,00 €',
    ]);
  });
});
