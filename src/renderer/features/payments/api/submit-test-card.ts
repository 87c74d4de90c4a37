import { paymentCalls } from '@shared/api/payments.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { api } from '@renderer/shared/api/client';

/** POST a card number to the built-in test provider (docs/decisions.md): test-card-form.tsx's step, no hook. */
export async function submitTestCard(
  bookingId: string,
  body: { intentId: string; cardNumber: string; authentication?: 'approve' | 'refuse' },
) {
  return (await callApi(api, paymentCalls.testCard, { params: { id: bookingId }, body })).data;
}
