import { paymentCalls } from '@shared/api/payments.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { api } from '@renderer/shared/api/client';

/** POST the SetupIntent of the deposit's saved card (docs/decisions.md, "Card holds on a saved card"), with its consent text. */
export async function startDepositCardSetup(bookingId: string) {
  return (await callApi(api, paymentCalls.depositCardSetup, { params: { id: bookingId } })).data;
}

/** POST the confirmed SetupIntent: the card is kept, the hold's placement planned. */
export async function saveDepositCard(bookingId: string, setupIntentId: string) {
  return callApi(api, paymentCalls.depositCardSaved, { params: { id: bookingId }, body: { setupIntentId } });
}
