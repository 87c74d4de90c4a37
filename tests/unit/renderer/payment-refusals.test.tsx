// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { startLocalServer, type Reply } from './support/local-server';

/**
 * The payment section's refusals after the card step (docs/decisions.md, "A success that should no
 * longer be paid"): the server's reason is shown, not the synchronisation text; and the deposit
 * panel says SPEC.md §8's 'Votre caution de n€ est déjà autorisée'. Against a real local server.
 */
const BOOKING = 'b0000000-0000-4000-8000-000000000001';
const PAY = `/api/v1/customer-booking-requests/${BOOKING}/booking-payment`;
const EXPIRED = 'Délai de paiement expiré';
const SYNCHRONISATION =
  'Votre paiement a bien été accepté, mais sa synchronisation avec votre réservation a échoué. Rechargez la page dans un instant ; si rien ne change, contactez notre équipe.';

const refusal = (status: number, message: string, code: string): Reply => ({
  status,
  body: { success: false, error: message, message, code },
});
const depositStatus = (amount: number) => ({
  status: 200,
  body: {
    success: true,
    data: {
      authorization_created: true,
      authorization_confirmed: true,
      amount,
      client_secret: null,
      intentId: 'pi_test_1',
      status: 'authorized',
      availableFrom: '2030-06-09',
      canAuthorizeNow: false,
      savedCard: 'unavailable',
      failure: null,
    },
  },
});

let confirmReply: Reply = refusal(409, EXPIRED, 'PAYMENT_EXPIRED');
let depositReply: Reply = depositStatus(150);
const server = await startLocalServer(({ method, url }) => {
  if (method === 'POST' && url === `${PAY}/stripe-confirm`) return confirmReply;
  if (method === 'POST' && url === `${PAY}/test-card`) {
    return { status: 200, body: { success: true, data: { intentId: 'pi_test_1', status: 'succeeded', error: null } } };
  }
  if (method === 'GET' && url === `${PAY}/deposit-authorization-status`) return depositReply;
  return refusal(404, 'Ressource non trouvée', 'NOT_FOUND');
});
vi.stubEnv('VITE_API_URL', server.origin);
const { renderRoute } = await import('./support/render-route');
const { finishPayment } = await import('@renderer/features/payments/payment-flow');
const { TestCardForm } = await import('@renderer/features/payments/test-card-form');
const { DepositPanel } = await import('@renderer/features/payments/deposit-panel');

afterEach(() => {
  cleanup();
  confirmReply = refusal(409, EXPIRED, 'PAYMENT_EXPIRED');
  depositReply = depositStatus(150);
  server.requests.length = 0;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

describe('after the card step', () => {
  it('shows the server’s refusal (409) as it is, and the synchronisation text for any other failure', async () => {
    const intent = { intentId: 'pi_test_1', status: 'succeeded' };
    await expect(finishPayment(BOOKING, intent, { deposit: false })).rejects.toThrow(new Error(EXPIRED));
    const canceled = 'Cette réservation est annulée : ce paiement vous est remboursé intégralement.';
    confirmReply = refusal(409, canceled, 'PAYMENT_NOT_ALLOWED');
    await expect(finishPayment(BOOKING, intent, { deposit: false })).rejects.toThrow(new Error(canceled));
    confirmReply = refusal(500, 'Erreur serveur, veuillez réessayer plus tard', 'INTERNAL_ERROR');
    await expect(finishPayment(BOOKING, intent, { deposit: false })).rejects.toThrow(new Error(SYNCHRONISATION));
    confirmReply = refusal(502, 'Erreur lors de l’initiation du paiement', 'PROVIDER_ERROR');
    await expect(finishPayment(BOOKING, intent, { deposit: false })).rejects.toThrow(new Error(SYNCHRONISATION));
  });

  it('the test card form shows why the accepted card was refunded', async () => {
    const user = userEvent.setup();
    const intent = {
      client_secret: 'secret',
      intentId: 'pi_test_1',
      amount: 450,
      status: 'requires_payment_method' as const,
      payment_mode: 'test' as const,
      captureMethod: 'automatic' as const,
    };
    const done = vi.fn();
    renderRoute({ element: <TestCardForm bookingId={BOOKING} intent={intent} deposit={false} onDone={done} /> });
    await user.type(screen.getByLabelText(/Numéro de carte/), '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: /^Payer 450,00/ }));
    expect((await screen.findByTestId('card-error')).textContent).toBe(EXPIRED);
    expect(done).not.toHaveBeenCalled();
  });
});

describe('DepositPanel', () => {
  it('says SPEC.md §8’s sentence once the hold is authorized, with the amount written as the server does', async () => {
    renderRoute({ element: <DepositPanel bookingId={BOOKING} canAct /> });
    const status = await screen.findByTestId('deposit-status');
    expect(status).toHaveTextContent('Votre caution de 150€ est déjà autorisée');
    expect(status).toHaveTextContent('Aucun montant n’est débité : l’empreinte sera libérée après votre séjour.');
    expect(screen.queryByRole('button', { name: 'Autoriser la caution' })).toBeNull();
    cleanup();

    depositReply = depositStatus(150.5);
    renderRoute({ element: <DepositPanel bookingId={BOOKING} canAct /> });
    expect(await screen.findByTestId('deposit-status')).toHaveTextContent(
      'Votre caution de 150,50€ est déjà autorisée',
    );
  });
});
