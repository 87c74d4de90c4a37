import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { onsiteCalls } from '@shared/api/onsite.contract';
import type { WaiverBody } from '@shared/api/onsite.schema';
import { callApi } from '@renderer/shared/api/call-api';
import { api } from '@renderer/shared/api/client';
import { queryKeys } from '@renderer/shared/api/query-keys';

/** GET /v1/customer-booking-requests/{id}/pass (docs/decisions.md, "Personal pass"): the caller's pass. */
export async function getPass(bookingId: string) {
  return (await callApi(api, onsiteCalls.pass, { params: { id: bookingId } })).data;
}

export const passQueryOptions = (bookingId: string) =>
  queryOptions({ queryKey: queryKeys.bookings.pass(bookingId), queryFn: () => getPass(bookingId) });

export function usePass(bookingId: string) {
  return useQuery(passQueryOptions(bookingId));
}

/** POST /v1/customer-booking-requests/{id}/waiver (docs/decisions.md, "Waiver"). */
export function signWaiver(bookingId: string, body: WaiverBody) {
  return callApi(api, onsiteCalls.signWaiver, { params: { id: bookingId }, body });
}

export function useSignWaiver(bookingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WaiverBody) => signWaiver(bookingId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.bookings.pass(bookingId) }),
  });
}
