import { paymentCalls } from '@shared/api/payments.contract';
import type { DueChoice, GuaranteeSettlement } from '@shared/api/guarantee.schema';
import { callApi } from '@renderer/shared/api/call-api';
import { api } from '@renderer/shared/api/client';

/** POST the SetupIntent of the organizer's guarantee (docs/decisions.md, "The organizer's guarantee"), with its consent. */
export async function startGuaranteeSetup(bookingId: string, settlement: GuaranteeSettlement) {
  return (await callApi(api, paymentCalls.guaranteeSetup, { params: { id: bookingId }, body: { settlement } })).data;
}

/** POST the confirmed SetupIntent: the guarantee is saved, its charge at the due date planned. */
export async function saveGuarantee(bookingId: string, setupIntentId: string) {
  return callApi(api, paymentCalls.guaranteeSaved, { params: { id: bookingId }, body: { setupIntentId } });
}

/** POST the organizer's choice at the due date for the shares still unpaid. */
export async function chooseAtDueDate(bookingId: string, choice: DueChoice) {
  return callApi(api, paymentCalls.dueChoice, { params: { id: bookingId }, body: { choice } });
}
