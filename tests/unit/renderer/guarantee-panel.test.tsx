// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { GUARANTEE_CONSENT, GUARANTEE_MESSAGES } from '@shared/api/guarantee.schema';
import type { OrganizerGuarantee } from '@shared/api/payments.schema';
import { bodiesOf, startLocalServer } from './support/local-server';

/** The organizer's guarantee and D-2 choice, against a real local server and Stripe.js stood in. */
const BOOKING = 'b0000000-0000-4000-8000-000000000001';
const PAY = `/api/v1/customer-booking-requests/${BOOKING}/booking-payment`;
const ON_SITE = 'C’est noté : vous réglerez le reste (60,00 €) sur place. Notre équipe est prévenue.';

const server = await startLocalServer(({ method, url }) => {
  if (method === 'GET' && url.endsWith('/stripe-config')) {
    const config = {
      stripe_configured: true,
      payment_mode: 'stripe',
      can_receive_payments: true,
      publishable_key: 'pk_test_1',
    };
    return { status: 200, body: { success: true, data: config, ...config } };
  }
  if (method === 'POST' && url === `${PAY}/guarantee-setup`) {
    const data = {
      client_secret: 'seti_2_secret_x',
      setupIntentId: 'seti_2',
      consent: GUARANTEE_CONSENT,
      saved: false,
      settlement: 'refund',
    };
    return { status: 200, body: { success: true, data } };
  }
  if (method === 'POST' && url === `${PAY}/guarantee-saved`) {
    const data = { saved: true, chargeAt: '2099-06-10T22:00:00.000Z', settlement: 'refund' };
    return { status: 200, body: { success: true, message: GUARANTEE_MESSAGES.saved, data } };
  }
  if (method === 'POST' && url === `${PAY}/due-choice`) {
    return { status: 200, body: { success: true, message: ON_SITE, data: { choice: 'on_site', amountCents: 6000 } } };
  }
  return { status: 404, body: { success: false, error: 'Ressource non trouvée', code: 'NOT_FOUND' } };
});

const confirmSetup = vi.fn();
vi.mock('@stripe/stripe-js', () => ({
  loadStripe: async () => ({
    elements: () => ({ create: () => ({ mount: () => undefined }) }),
    confirmSetup,
  }),
}));
vi.stubEnv('VITE_API_URL', server.origin);
const { renderRoute } = await import('./support/render-route');
const { DueChoiceCard, GuaranteeSetup, dueChoiceLabel } = await import('@renderer/features/payments/guarantee-panel');

const guarantee = (extra: Partial<OrganizerGuarantee>): OrganizerGuarantee => ({
  available: true,
  saved: false,
  settlement: null,
  chargeAt: '2099-06-10T22:00:00.000Z',
  dueChoice: { open: false, madeChoice: null, unpaidAmount: 60 },
  ...extra,
});

afterEach(() => {
  cleanup();
  confirmSetup.mockReset();
  server.requests.length = 0;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await server.close();
});

describe('the organizer’s guarantee', { timeout: 30_000 }, () => {
  it('chooses the settlement, shows the consent, saves the card with confirmSetup and tells the server', async () => {
    const user = userEvent.setup();
    confirmSetup.mockResolvedValue({ setupIntent: { id: 'seti_2', status: 'succeeded' } });
    renderRoute({ element: <GuaranteeSetup bookingId={BOOKING} guarantee={guarantee({})} /> });
    const next = screen.getByRole('button', { name: 'Continuer' });
    expect(next).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Les participants qui paieront ensuite me seront remboursés' }));
    await user.click(next);
    expect(await screen.findByTestId('guarantee-consent')).toHaveTextContent(GUARANTEE_CONSENT);
    expect(bodiesOf(server, 'POST', `${PAY}/guarantee-setup`)).toEqual([{ settlement: 'refund' }]);
    const submit = await screen.findByRole('button', { name: 'Enregistrer ma carte' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() =>
      expect(bodiesOf(server, 'POST', `${PAY}/guarantee-saved`)).toEqual([{ setupIntentId: 'seti_2' }]),
    );
    expect(await screen.findByText(GUARANTEE_MESSAGES.saved)).toBeInTheDocument();
  });

  it('shows the saved state; nothing when the provider keeps no card', () => {
    renderRoute({
      element: <GuaranteeSetup bookingId={BOOKING} guarantee={guarantee({ saved: true, settlement: 'self' })} />,
    });
    expect(screen.getByTestId('guarantee-saved')).toHaveTextContent('Je m’arrange avec eux');
    cleanup();
    renderRoute({ element: <GuaranteeSetup bookingId={BOOKING} guarantee={guarantee({ available: false })} /> });
    expect(screen.queryByTestId('guarantee-setup')).toBeNull();
  });
});

describe('the D-2 choice', { timeout: 30_000 }, () => {
  it('offers the guarantee only when saved, confirms, then shows the server’s message', async () => {
    const user = userEvent.setup();
    const open = { open: true, madeChoice: null, unpaidAmount: 60 };
    renderRoute({ element: <DueChoiceCard bookingId={BOOKING} guarantee={guarantee({ dueChoice: open })} /> });
    expect(screen.getByTestId('due-choice')).toHaveTextContent('Il reste 60,00 €');
    expect(screen.queryByRole('radio', { name: 'Débiter le reste sur ma carte de garantie' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Régler le reste sur place le jour de la sortie' }));
    await user.click(screen.getByRole('button', { name: 'Valider mon choix' }));
    await user.click(await screen.findByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText(ON_SITE)).toBeInTheDocument();
    expect(bodiesOf(server, 'POST', `${PAY}/due-choice`)).toEqual([{ choice: 'on_site' }]);
  });

  it('an option the screen does not know keeps a readable label', () => {
    expect(dueChoiceLabel('on_site')).toBe('Régler le reste sur place le jour de la sortie');
    expect(dueChoiceLabel('drop_unpaid')).not.toBe('');
  });
});
