import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentCalls } from '@shared/api/payments.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { api } from '@renderer/shared/api/client';
import { queryKeys } from '@renderer/shared/api/query-keys';

/** GET the collective payment's state (SPEC.md §7 'Payments'): each participant's share and who paid. */
export async function getCollectiveStatus(bookingId: string) {
  return (await callApi(api, paymentCalls.collectiveStatus, { params: { id: bookingId } })).data;
}

export const collectiveStatusQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: queryKeys.bookings.payment(bookingId, 'collective'),
    queryFn: () => getCollectiveStatus(bookingId),
  });

export function useCollectiveStatus(bookingId: string, enabled: boolean) {
  return useQuery({ ...collectiveStatusQueryOptions(bookingId), enabled });
}
