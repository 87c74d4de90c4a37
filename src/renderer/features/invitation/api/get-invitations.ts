import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerBookingCalls } from '@shared/api/customer-bookings.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { api } from '@renderer/shared/api/client';
import { refetchUnlessJustFetched } from '@renderer/shared/api/prefetched';
import { queryKeys } from '@renderer/shared/api/query-keys';

/** GET /v1/customer-booking-requests/invitations (SPEC.md §7): bookings the customer takes part in. */
export async function getInvitations() {
  // The server sends every invitation at once (no paging query on this call).
  const answer = await callApi(api, customerBookingCalls.invitations, {});
  return answer.data.invitations;
}

export const invitationsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.bookings.invitations(),
    queryFn: getInvitations,
    refetchOnMount: refetchUnlessJustFetched,
  });

export function useInvitations() {
  return useQuery(invitationsQueryOptions());
}
