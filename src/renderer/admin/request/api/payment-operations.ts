import { paymentCalls } from '@shared/api/payments.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { staffApi } from '@renderer/admin/session/staff-client';

/** The refund the terms give on a canceled booking, or the part of a card hold kept for damage. */
export type PaymentOperation =
  { kind: 'refund'; withFee: boolean; parkCancels: boolean } | { kind: 'capture'; amount: number };

/** POST …/refund or …/deposit-capture through the payment provider; answers the server's message. */
export async function runPaymentOperation(bookingId: string, op: PaymentOperation): Promise<string> {
  const params = { id: bookingId };
  const answer =
    op.kind === 'refund'
      ? await callApi(staffApi, paymentCalls.staffRefund, {
          params,
          body: { withFee: op.withFee, parkCancels: op.parkCancels },
        })
      : await callApi(staffApi, paymentCalls.staffDepositCapture, { params, body: { amount: op.amount } });
  return answer.message;
}
