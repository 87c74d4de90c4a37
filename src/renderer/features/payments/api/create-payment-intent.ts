import { paymentCalls } from '@shared/api/payments.contract';
import type { PaymentIntentView } from '@shared/api/payments.schema';
import { callApi } from '@renderer/shared/api/call-api';
import { api } from '@renderer/shared/api/client';

/** Who pays: the organizer (full, partial, deposit) or one participant's own share (collective). */
export type Payer = { kind: 'organizer' } | { kind: 'participant'; participantId: string };

/**
 * POST the organizer's or a participant's payment intent (SPEC.md §7 'Payments'). A step of the
 * card payment's flow (payment-dialog.tsx), not a mutation of its own: no hook.
 */
export async function createIntent(bookingId: string, payer: Payer): Promise<PaymentIntentView> {
  const answer =
    payer.kind === 'organizer'
      ? await callApi(api, paymentCalls.organizerIntent, { params: { id: bookingId }, body: {} })
      : await callApi(api, paymentCalls.participantIntent, {
          params: { id: bookingId, participantId: payer.participantId },
          body: {},
        });
  return answer.data;
}
