import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerBookingCalls } from '@shared/api/customer-bookings.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { api } from '@renderer/shared/api/client';
import { httpStatus } from '@renderer/shared/api/error-message';
import { refetchUnlessJustFetched } from '@renderer/shared/api/prefetched';
import { queryKeys } from '@renderer/shared/api/query-keys';

/** GET /v1/customer-booking-requests/{id} (SPEC.md §7): the booking as the connected user may see it. */
export async function getBookingDetail(bookingId: string) {
  const answer = await callApi(api, customerBookingCalls.detail, { params: { id: bookingId } });
  return answer.data;
}

export const bookingDetailQueryKey = queryKeys.bookings.detail;

export const bookingDetailQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: bookingDetailQueryKey(bookingId),
    queryFn: () => getBookingDetail(bookingId),
    refetchOnMount: refetchUnlessJustFetched,
    // A booking that does not exist (or is not the user's) will not appear on a second try.
    retry: (failures, error) => {
      const status = httpStatus(error);
      return status !== 404 && status !== 403 && failures < 1;
    },
  });

export function useBookingDetail(bookingId: string) {
  return useQuery(bookingDetailQueryOptions(bookingId));
}
