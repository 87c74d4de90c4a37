// @vitest-environment jsdom
// Whole back-office pages render here: on a busy two-core machine they take more than 5 s.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, staffDetail } from './support/admin-fixtures';
import { startLocalServer } from './support/local-server';

const detail = staffDetail();
const DETAIL_URL = `/api/v1/staff/booking-requests/${detail._id}`;
// A cancelled booking paid 100 € by card, and a held card deposit of 200 €.
const refundable = staffDetail({
  _id: 'b0000000-0000-4000-8000-000000000002',
  status: 'canceled',
  paymentState: {
    status: 'paid',
    paidAmount: 100,
    refundedAmount: 0,
    payments: [
      {
        _id: 'p1',
        kind: 'full',
        amount: 100,
        status: 'completed',
        provider: 'test',
        participantId: null,
        capturedAmount: 100,
        refundedAmount: 0,
        failureMessage: null,
        createdAt: '2026-11-20T10:00:00.000Z',
      },
      {
        _id: 'p2',
        kind: 'deposit',
        amount: 200,
        status: 'authorized',
        provider: 'test',
        participantId: null,
        capturedAmount: 0,
        refundedAmount: 0,
        failureMessage: null,
        createdAt: '2026-11-20T10:00:00.000Z',
      },
    ],
  },
});
const REFUNDABLE_URL = `/api/v1/staff/booking-requests/${refundable._id}`;
// The same, canceled by the team because the park closed: its cancellation announced a full refund.
const parkClosed = staffDetail({
  ...refundable,
  _id: 'b0000000-0000-4000-8000-000000000004',
  canceledAt: '2026-11-22T09:00:00.000Z',
  auditTrail: [
    {
      _id: 'a1',
      actorType: 'staff',
      actorId: ADMIN._id,
      actorName: 'Alice Martin',
      action: 'cancel',
      before: { status: 'confirmed' },
      after: { status: 'canceled', reason: 'Parc fermé (inondation)', parkCancels: true, withFee: false },
      createdAt: '2026-11-22T09:00:00.000Z',
    },
  ],
});
const PARK_CLOSED_URL = `/api/v1/staff/booking-requests/${parkClosed._id}`;
// A confirmed booking whose card hold lapsed (src/shared/payment-alerts.ts, computed by the server).
const lapsedHold = staffDetail({
  _id: 'b0000000-0000-4000-8000-000000000003',
  status: 'confirmed',
  paymentAlerts: [{ kind: 'hold_expired', at: '2026-11-21T08:15:00.000Z' }],
});
const server = await startLocalServer(({ method, url }) => {
  if (method === 'GET' && url === '/api/v1/staff/settings') {
    return { status: 200, body: { success: true, data: { cardDepositMaxEuros: 1000 } } };
  }
  if (method === 'GET' && url === `/api/v1/staff/booking-requests/${lapsedHold._id}`) {
    return { status: 200, body: { success: true, data: lapsedHold } };
  }
  if (method === 'GET' && url === REFUNDABLE_URL) return { status: 200, body: { success: true, data: refundable } };
  if (method === 'GET' && url === PARK_CLOSED_URL) return { status: 200, body: { success: true, data: parkClosed } };
  if (method === 'POST' && url === `${PARK_CLOSED_URL}/refund`) {
    return {
      status: 200,
      body: {
        success: true,
        message: 'Remboursement de 100,00 € effectué',
        data: { refunded: 100, rate: 100, fee: 0, paid: 100 },
      },
    };
  }
  if (method === 'POST' && url === `${REFUNDABLE_URL}/refund`) {
    return {
      status: 200,
      body: {
        success: true,
        message: 'Remboursement de 70,00 € effectué',
        data: { refunded: 70, rate: 80, fee: 10, paid: 100 },
      },
    };
  }
  if (method === 'POST' && url === `${REFUNDABLE_URL}/deposit-capture`) {
    return {
      status: 200,
      body: { success: true, message: 'Caution encaissée', data: { captured: 50, released: 150 } },
    };
  }
  if (method === 'GET' && url === DETAIL_URL) return { status: 200, body: { success: true, data: detail } };
  if (method === 'GET' && url.startsWith(`${DETAIL_URL}/cancellation-preview?`)) {
    const park = url.includes('parkCancels=true');
    return {
      status: 200,
      body: {
        success: true,
        data: {
          termsVersion: 'cgv-2026-01',
          daysBefore: 30,
          rate: park ? 100 : 80,
          paidAmount: 100,
          feeAmount: park ? 0 : 10,
          refundAmount: park ? 100 : 70,
          otherwisePaidAmount: 0,
          payers: [
            { name: 'Léa Martin', participantId: 'p1', paidAmount: 60, refundAmount: park ? 60 : 42 },
            { name: 'Hugo Bernard', participantId: 'p2', paidAmount: 40, refundAmount: park ? 40 : 28 },
          ],
        },
      },
    };
  }
  if (method === 'POST' && url === `${DETAIL_URL}/cancel`) {
    const canceled = {
      ...detail,
      status: 'canceled',
      allowedActions: { ...detail.allowedActions, cancel: false, paymentConfig: false },
    };
    return {
      status: 200,
      body: {
        success: true,
        message: 'Réservation annulée',
        data: { booking: canceled, refundQuote: detail.refundQuote },
      },
    };
  }
  return { status: 404, body: { success: false, message: 'Ressource non trouvée' } };
});
vi.stubEnv('VITE_API_URL', server.origin);
const { StaffRequestPage } = await import('@renderer/admin/request/request-page');
const { PaymentConfigForm } = await import('@renderer/admin/request/payment-config-form');
const { clearStaffToken } = await import('@renderer/admin/session/staff-token');
const { toaster } = await import('@renderer/shared/ui/toaster-store');
const { renderRoute } = await import('./support/render-route');

/** The bodies the page wrote to the server, as the local server received them. */
const sentBodies = () => server.requests.filter((call) => call.method !== 'GET').map((call) => call.body);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  toaster.remove();
  clearStaffToken();
  server.requests.length = 0;
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

/** The request page of booking `id`, as a logged-in team member sees it. */
function renderRequestPage(id: string) {
  return renderRoute({
    at: `/admin/demandes/${id}`,
    staff: ADMIN,
    routes: [{ path: '/admin/demandes/:id', element: <StaffRequestPage /> }],
  }).user;
}

describe('payment config form', { timeout: 30_000 }, () => {
  const renderForm = (overrides = {}, cardDepositMaxEuros: number | undefined = 1000) => {
    const onSubmit = vi.fn(async () => true);
    const { user } = renderRoute({
      element: (
        <PaymentConfigForm
          detail={staffDetail(overrides)}
          cardDepositMaxEuros={cardDepositMaxEuros}
          busy={false}
          onSubmit={onSubmit}
        />
      ),
    });
    return { user, onSubmit };
  };
  const submit = (user: ReturnType<typeof userEvent.setup>) =>
    user.click(screen.getByRole('button', { name: 'Enregistrer et envoyer le devis' }));

  it('asks for a payment type first, with the server’s message', async () => {
    const { user, onSubmit } = renderForm();
    await submit(user);
    expect(await screen.findByText('Veuillez choisir un mode de paiement')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Mode de paiement/ })).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks a deposit amount for a cheque deposit, and refuses one above the total', async () => {
    const { user, onSubmit } = renderForm();
    await user.selectOptions(screen.getByRole('combobox', { name: /Mode de paiement/ }), 'deposit_check');
    await submit(user);
    expect(await screen.findByText('Le montant de la caution est requis')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Montant de la caution/ }), '500');
    await submit(user);
    expect(await screen.findByText('Le montant de la caution ne peut pas dépasser le total')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says a card deposit may exceed the total up to 1 000 €, and refuses one above', async () => {
    const { user, onSubmit } = renderForm();
    await user.selectOptions(screen.getByRole('combobox', { name: /Mode de paiement/ }), 'deposit_card');
    expect(screen.getByText('Jusqu’à 1 000 €, même au-delà du total du devis')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Montant de la caution/ }), '1000,01');
    await submit(user);
    expect(
      await screen.findByText('Le montant de la caution par carte ne peut pas dépasser 1 000 €'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Le montant de la caution ne peut pas dépasser le total')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('says the park’s own ceiling when the team changed it (2 500 €)', async () => {
    const { user, onSubmit } = renderForm({}, 2500);
    await user.selectOptions(screen.getByRole('combobox', { name: /Mode de paiement/ }), 'deposit_card');
    expect(screen.getByText('Jusqu’à 2 500 €, même au-delà du total du devis')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Montant de la caution/ }), '2500,01');
    await submit(user);
    expect(
      await screen.findByText('Le montant de la caution par carte ne peut pas dépasser 2 500 €'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a percentage outside 1–100, a zero total and a past due date', async () => {
    const { user, onSubmit } = renderForm();
    await user.selectOptions(screen.getByRole('combobox', { name: /Mode de paiement/ }), 'partial_payment_card');
    await user.type(screen.getByRole('textbox', { name: /Pourcentage/ }), '150');
    const total = screen.getByRole('textbox', { name: /Montant total/ });
    await user.clear(total);
    await user.type(total, '0');
    const due = screen.getByLabelText(/Date d’échéance/);
    await user.clear(due);
    await user.type(due, '2020-01-01T10:00');
    await submit(user);

    expect(await screen.findByText('Le pourcentage doit être compris entre 1 et 100')).toBeInTheDocument();
    expect(screen.getByText('Le montant total doit être supérieur à 0')).toBeInTheDocument();
    expect(screen.getByText('La date d’échéance doit être dans le futur')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('confirms before sending the quote, then sends only the fields of the chosen type', async () => {
    const { user, onSubmit } = renderForm();
    // The total defaults to the estimate (420 €), the due date to 24 h from now.
    expect(screen.getByRole('textbox', { name: /Montant total/ })).toHaveValue('420');
    await user.selectOptions(screen.getByRole('combobox', { name: /Mode de paiement/ }), 'deposit_card');
    await user.type(screen.getByRole('textbox', { name: /Montant de la caution/ }), '150,50');
    await submit(user);

    const dialog = await screen.findByRole('alertdialog', { name: 'Envoyer le devis au client ?' });
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer et envoyer' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const [[body]] = onSubmit.mock.calls as unknown as [[Record<string, unknown>]];
    expect(body).toMatchObject({
      type: 'deposit_card',
      totalAmount: 420,
      amount: 150.5,
      percentage: null,
      instructions: '',
    });
    // A card deposit's option lasts until the end of the day after its hold can be placed
    // (6 days before 6 March 2099: 28 February), not 24 h: it could not be paid before.
    expect(body.dueDate).toBe(new Date('2099-03-01T21:59:00.000Z').toISOString());
  });

  it('holds any other first quote 24 h, and says from when a card deposit can be paid', async () => {
    const { user, onSubmit } = renderForm({ paymentConfig: null });
    await user.selectOptions(screen.getByRole('combobox', { name: /Mode de paiement/ }), 'full_payment_organizer');
    expect(screen.getByText('Par défaut 24 h après la validation (conditions de vente)')).toBeInTheDocument();
    await submit(user);
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Envoyer le devis au client ?' })).getByRole('button', {
        name: 'Confirmer et envoyer',
      }),
    );
    const [[body]] = onSubmit.mock.calls as unknown as [[Record<string, unknown>]];
    const due = new Date(body.dueDate as string).getTime();
    expect(due).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(due).toBeLessThan(Date.now() + 25 * 3600_000);

    await user.selectOptions(screen.getByRole('combobox', { name: /Mode de paiement/ }), 'deposit_card');
    expect(
      screen.getByText(
        'L’empreinte peut être prise à partir du samedi 28 février 2099 : l’échéance ne peut pas précéder ce jour',
      ),
    ).toBeInTheDocument();
  });
});

describe('payment alerts on the request page', { timeout: 30_000 }, () => {
  it('shows a lapsed card hold as a French badge in the header, and none when there is nothing to watch', async () => {
    renderRequestPage(lapsedHold._id);
    const badges = await screen.findByTestId('request-badges');
    expect(within(badges).getByTestId('payment-alert')).toHaveTextContent('Caution expirée · 21/11/2026 à 09:15');
    cleanup();
    renderRequestPage(detail._id);
    expect(within(await screen.findByTestId('request-badges')).queryAllByTestId('payment-alert')).toHaveLength(0);
  });
});

describe('cancel from the request page', { timeout: 30_000 }, () => {
  const openPage = () => renderRequestPage(detail._id);
  const cancelCalls = () => server.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/cancel'));

  it('asks for confirmation, shows the refund of the terms, and sends nothing on Retour', async () => {
    const user = openPage();
    await user.click(await screen.findByRole('button', { name: 'Annuler la réservation' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Annuler la réservation GRP-2026-00042 ?' });
    const quote = within(dialog).getByTestId('refund-quote');
    // 100 € paid, more than 3 weeks ahead: 80 % = 80 €, minus the 10 € fee.
    expect(within(quote).getByText('80 %')).toBeInTheDocument();
    expect(within(quote).getByText(/70,00/)).toBeInTheDocument();
    // Each payer's part of it, as the server's preview shares it.
    const payers = await within(dialog).findByTestId('refund-payers');
    expect(payers).toHaveTextContent(/Léa Martin : 42,00\s€ sur 60,00\s€ payés/);
    expect(payers).toHaveTextContent(/Hugo Bernard : 28,00\s€ sur 40,00\s€ payés/);
    await user.click(within(dialog).getByText(/Annulation par le parc/));
    expect(within(quote).getByText('100 %')).toBeInTheDocument();
    await waitFor(() => expect(payers).toHaveTextContent(/Léa Martin : 60,00\s€ sur 60,00\s€ payés/));
    expect(within(quote).getAllByText(/100,00/).length).toBeGreaterThan(0);

    await user.click(within(dialog).getByRole('button', { name: 'Retour' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(cancelCalls()).toHaveLength(0);
  });

  it('requires a reason, then cancels with it and says so in French', async () => {
    const user = openPage();
    await user.click(await screen.findByRole('button', { name: 'Annuler la réservation' }));
    const dialog = await screen.findByRole('alertdialog');

    await user.click(within(dialog).getByRole('button', { name: 'Confirmer l’annulation' }));
    expect(within(dialog).getByText('Le motif d’annulation est requis')).toBeInTheDocument();
    expect(cancelCalls()).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Motif de l’annulation/ }), 'Météo annoncée');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmer l’annulation' }));

    expect(await screen.findByText('Réservation annulée')).toBeInTheDocument();
    expect(cancelCalls()).toHaveLength(1);
    expect(sentBodies()).toEqual([{ reason: 'Météo annoncée', withFee: true, parkCancels: false }]);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Annuler la réservation' })).not.toBeInTheDocument(),
    );
    expect(screen.getAllByText('Annulée').length).toBeGreaterThan(0);
  });
});

describe('refund and deposit capture from the request page', { timeout: 30_000 }, () => {
  const openPage = () => renderRequestPage(refundable._id);

  it('shows the refund the terms give, then refunds through the server', async () => {
    const user = openPage();
    await user.click(await screen.findByRole('button', { name: 'Rembourser selon les conditions' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Rembourser le client' });
    // 100 € paid by card, more than 3 weeks ahead: 80 % = 80 €, minus the 10 € fee.
    expect(within(dialog).getByText(/les conditions de vente remboursent 80 %/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Rembourser 70,00/ }));

    expect(await screen.findByText('Remboursement de 70,00 € effectué')).toBeInTheDocument();
    expect(sentBodies()).toEqual([{ withFee: true, parkCancels: false }]);
  });

  it('starts from what the cancellation announced: the park closed, everything paid goes back', async () => {
    const user = renderRequestPage(parkClosed._id);
    await user.click(await screen.findByRole('button', { name: 'Rembourser selon les conditions' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Rembourser le client' });
    await user.click(within(dialog).getByRole('button', { name: /Rembourser 100,00/ }));
    expect(await screen.findByText('Remboursement de 100,00 € effectué')).toBeInTheDocument();
    expect(sentBodies()).toEqual([{ withFee: false, parkCancels: true }]);
  });

  it('captures part of a held deposit, refusing an amount above the hold', async () => {
    const user = openPage();
    await user.click(await screen.findByRole('button', { name: 'Encaisser une partie de la caution' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Encaisser une partie de la caution' });
    const input = within(dialog).getByRole('textbox', { name: /Montant à encaisser/ });
    await user.type(input, '250');
    expect(within(dialog).getByRole('button', { name: 'Encaisser' })).toBeDisabled();
    await user.clear(input);
    await user.type(input, '50');
    await user.click(within(dialog).getByRole('button', { name: 'Encaisser' }));

    expect(await screen.findByText('Caution encaissée')).toBeInTheDocument();
    expect(sentBodies()).toEqual([{ amount: 50 }]);
  });
});
