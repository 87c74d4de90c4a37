import { paymentCalls } from '@shared/api/payments.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { api } from '@renderer/shared/api/client';

/** POST the card payment's confirmation (SPEC.md §7 'Payments'): a step of payment-flow.ts, no hook. */
export async function confirmPayment(bookingId: string, intentId: string, participantId?: string) {
  return callApi(api, paymentCalls.stripeConfirm, {
    params: { id: bookingId },
    body: { intentId, ...(participantId ? { participantId } : {}) },
  });
}
