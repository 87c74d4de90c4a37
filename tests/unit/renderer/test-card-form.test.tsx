// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { TestCardForm } from '@renderer/features/payments/test-card-form';
import { renderRoute } from './support/render-route';

/** The test provider's card form: its three fields and the card-number check made before any call. */
afterEach(() => cleanup());

const intent = {
  client_secret: 'secret',
  intentId: 'pi_1',
  amount: 120,
  status: 'requires_payment_method' as const,
  payment_mode: 'test' as const,
  captureMethod: 'automatic' as const,
};

describe('TestCardForm', () => {
  it('labels the expiry and CVC fields, keeps what is typed, and asks for a card number first', async () => {
    const user = userEvent.setup();
    renderRoute({ element: <TestCardForm bookingId="b1" intent={intent} deposit={false} onDone={() => undefined} /> });
    const expiry = screen.getByLabelText('Expiration');
    const cvc = screen.getByLabelText('CVC');
    expect(expiry.getAttribute('placeholder')).toBe('MM/AA');
    expect(expiry.getAttribute('autocomplete')).toBe('cc-exp');
    expect(cvc.getAttribute('placeholder')).toBe('123');
    expect(cvc.getAttribute('autocomplete')).toBe('cc-csc');
    expect(cvc.getAttribute('inputmode')).toBe('numeric');
    await user.type(expiry, '12/30');
    await user.type(cvc, '424');
    expect((expiry as HTMLInputElement).value).toBe('12/30');
    expect((cvc as HTMLInputElement).value).toBe('424');
    await user.click(screen.getByRole('button', { name: /^Payer 120,00/ }));
    expect(screen.getByTestId('card-error').textContent).toBe('Veuillez saisir un numéro de carte');
  });
});
