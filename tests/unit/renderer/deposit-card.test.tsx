// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { DEPOSIT_CARD_CONSENT } from '@shared/api/deposit-card.schema';
import { bodiesOf, startLocalServer, type Reply } from './support/local-server';

/**
 * The deposit card saved for a hold placed later (docs/decisions.md, "Card holds on a saved card"):
 * the consent text, Stripe's `confirmSetup`, the saving told to the server, then the hold's state
 * (planned, refused with what to do). Against a real local server; Stripe.js, which loads from
 * Stripe's own host, is replaced by a stand-in answering as `confirmSetup` does.
 */
const BOOKING = 'b0000000-0000-4000-8000-000000000002';
const PAY = `/api/v1/customer-booking-requests/${BOOKING}/booking-payment`;
const SAVED = 'Votre carte est enregistrée : la caution sera placée automatiquement 6 jours avant votre venue.';

const deposit = (extra: Record<string, unknown>): Reply => ({
  status: 200,
  body: {
    success: true,
    data: {
      authorization_created: false,
      authorization_confirmed: false,
      amount: 150,
      client_secret: null,
      intentId: null,
      status: 'none',
      availableFrom: '2099-06-09',
      canAuthorizeNow: false,
      savedCard: 'none',
      failure: null,
      ...extra,
    },
  },
});

let depositReply = deposit({});
const server = await startLocalServer(({ method, url }) => {
  if (method === 'GET' && url === `${PAY}/deposit-authorization-status`) return depositReply;
  if (method === 'GET' && url.endsWith('/stripe-config')) {
    const config = {
      stripe_configured: true,
      payment_mode: 'stripe',
      can_receive_payments: true,
      publishable_key: 'pk_test_1',
    };
    return { status: 200, body: { success: true, data: config, ...config } };
  }
  if (method === 'POST' && url === `${PAY}/deposit-card-setup`) {
    const data = {
      client_secret: 'seti_1_secret_x',
      setupIntentId: 'seti_1',
      consent: DEPOSIT_CARD_CONSENT,
      saved: false,
    };
    return { status: 200, body: { success: true, data } };
  }
  if (method === 'POST' && url === `${PAY}/deposit-card-saved`) {
    return { status: 200, body: { success: true, message: SAVED, data: { saved: true, holdFrom: '2099-06-09' } } };
  }
  return { status: 404, body: { success: false, error: 'Ressource non trouvée', code: 'NOT_FOUND' } };
});

const confirmSetup = vi.fn();
const elementsOptions = vi.fn();
vi.mock('@stripe/stripe-js', () => ({
  loadStripe: async () => ({
    elements: (options: unknown) => {
      elementsOptions(options);
      return { create: () => ({ mount: () => undefined }) };
    },
    confirmSetup,
  }),
}));
vi.stubEnv('VITE_API_URL', server.origin);
const { renderRoute } = await import('./support/render-route');
const { DepositPanel } = await import('@renderer/features/payments/deposit-panel');

afterEach(() => {
  cleanup();
  depositReply = deposit({});
  confirmSetup.mockReset();
  server.requests.length = 0;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

describe('saving the deposit card before the hold window opens', () => {
  it('shows the consent, confirms the SetupIntent with Stripe and tells the server', async () => {
    const user = userEvent.setup();
    confirmSetup.mockResolvedValue({ setupIntent: { id: 'seti_1', status: 'succeeded' } });
    renderRoute({ element: <DepositPanel bookingId={BOOKING} canAct /> });
    expect(await screen.findByTestId('deposit-later')).toHaveTextContent(
      'La caution de 150,00 € pourra être autorisée à partir du',
    );
    await user.click(screen.getByRole('button', { name: 'Enregistrer ma carte pour la caution' }));
    expect(await screen.findByTestId('deposit-card-consent')).toHaveTextContent(DEPOSIT_CARD_CONSENT);
    expect(screen.getByTestId('deposit-card-consent')).toHaveTextContent('le cryptogramme (CVC) n’est jamais conservé');
    const submit = await screen.findByRole('button', { name: 'Enregistrer ma carte' });
    await waitFor(() => expect(submit).toBeEnabled());
    expect(elementsOptions).toHaveBeenCalledWith({ clientSecret: 'seti_1_secret_x' });

    depositReply = deposit({ savedCard: 'saved' });
    await user.click(submit);
    expect(confirmSetup).toHaveBeenCalledWith(
      expect.objectContaining({
        redirect: 'if_required',
        confirmParams: { return_url: `${window.location.origin}/booking/${BOOKING}?deposit-card=1` },
      }),
    );
    await waitFor(() =>
      expect(bodiesOf(server, 'POST', `${PAY}/deposit-card-saved`)).toEqual([{ setupIntentId: 'seti_1' }]),
    );
    expect(await screen.findByText(SAVED)).toBeInTheDocument();
    expect(await screen.findByTestId('deposit-planned')).toHaveTextContent(
      'Votre carte est enregistrée : la caution de 150,00 € sera placée automatiquement le mardi 9 juin 2099.Aucun montant n’est débité : l’empreinte sera libérée après votre séjour.',
    );
  });

  it('a card Stripe refuses: its message, nothing told to the server', async () => {
    const user = userEvent.setup();
    confirmSetup.mockResolvedValue({ error: { message: 'Votre carte a été refusée.' } });
    renderRoute({ element: <DepositPanel bookingId={BOOKING} canAct /> });
    await user.click(await screen.findByRole('button', { name: 'Enregistrer ma carte pour la caution' }));
    const submit = await screen.findByRole('button', { name: 'Enregistrer ma carte' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByTestId('card-error')).toHaveTextContent('Votre carte a été refusée.');
    expect(bodiesOf(server, 'POST', `${PAY}/deposit-card-saved`)).toEqual([]);
  });

  it('offers nothing to a participant, nor where the provider keeps no card', async () => {
    renderRoute({ element: <DepositPanel bookingId={BOOKING} canAct={false} /> });
    await screen.findByTestId('deposit-later');
    expect(screen.queryByRole('button', { name: 'Enregistrer ma carte pour la caution' })).toBeNull();
    cleanup();
    depositReply = deposit({ savedCard: 'unavailable' });
    renderRoute({ element: <DepositPanel bookingId={BOOKING} canAct /> });
    await screen.findByTestId('deposit-later');
    expect(screen.queryByRole('button', { name: 'Enregistrer ma carte pour la caution' })).toBeNull();
  });
});

describe('the hold’s state', () => {
  it('refused on the saved card: the bank’s answer and the on-session authorization', async () => {
    depositReply = deposit({
      availableFrom: '2020-01-01',
      savedCard: 'saved',
      status: 'pending',
      authorization_created: true,
      intentId: 'pi_1',
      client_secret: 'pi_1_secret_x',
      failure: 'Your card was declined.',
      canAuthorizeNow: true,
    });
    renderRoute({ element: <DepositPanel bookingId={BOOKING} canAct /> });
    expect(await screen.findByTestId('deposit-failed')).toHaveTextContent(
      'La caution n’a pas pu être placée sur votre carte : Your card was declined.Pour que votre réservation reste valable, autorisez la caution ci-dessous, avec cette carte ou une autre. Aucun montant n’est débité.',
    );
    expect(screen.getByRole('button', { name: 'Autoriser ma caution' })).toBeInTheDocument();
  });
});
