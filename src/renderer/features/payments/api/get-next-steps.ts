import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentCalls } from '@shared/api/payments.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { api } from '@renderer/shared/api/client';
import { queryKeys } from '@renderer/shared/api/query-keys';

/** GET /v1/customer-booking-requests/{id}/next-steps (SPEC.md §7 'Payments'): what the organizer pays next. */
export async function getNextSteps(bookingId: string) {
  return (await callApi(api, paymentCalls.nextSteps, { params: { id: bookingId } })).data.steps;
}

export const nextStepsQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: queryKeys.bookings.payment(bookingId, 'next-steps'),
    queryFn: () => getNextSteps(bookingId),
  });

export function useNextSteps(bookingId: string) {
  return useQuery(nextStepsQueryOptions(bookingId));
}
