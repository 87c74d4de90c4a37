import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerBookingCalls } from '@shared/api/customer-bookings.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { api } from '@renderer/shared/api/client';
import { refetchUnlessJustFetched } from '@renderer/shared/api/prefetched';
import { queryKeys } from '@renderer/shared/api/query-keys';

/** GET /v1/customer-booking-requests (SPEC.md §7): the customer's own requests, newest first. */
export async function getBookingRequests() {
  const answer = await callApi(api, customerBookingCalls.list, { query: { page: 1, limit: 100 } });
  return answer.data.bookingRequests;
}

export const bookingRequestsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.bookings.list(),
    queryFn: getBookingRequests,
    refetchOnMount: refetchUnlessJustFetched,
  });

export function useBookingRequests() {
  return useQuery(bookingRequestsQueryOptions());
}
