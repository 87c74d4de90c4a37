import { paymentCalls } from '@shared/api/payments.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { api } from '@renderer/shared/api/client';

/** POST the deposit's card hold once the card accepted it (SPEC.md §7 'Payments'): a step of payment-flow.ts, no hook. */
export async function completeDepositAuthorization(bookingId: string, intentId: string) {
  return callApi(api, paymentCalls.completeDeposit, { params: { id: bookingId }, body: { intentId } });
}
