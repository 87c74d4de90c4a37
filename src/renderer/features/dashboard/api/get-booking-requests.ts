import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingListResponse } from '@shared/api/customer-booking.schema';
import { api } from '../../../shared/api/client';
import { CUSTOMER_BOOKINGS_KEY } from '../../../shared/api/query-keys';

/** GET /v1/customer-booking-requests (SPEC.md §7): the customer's own requests, newest first. */
export async function getBookingRequests() {
  const { data } = await api.get<BookingListResponse>('/v1/customer-booking-requests', {
    params: { page: 1, limit: 100 },
  });
  return data.data.bookingRequests;
}

export const bookingRequestsQueryOptions = () =>
  queryOptions({
    queryKey: [CUSTOMER_BOOKINGS_KEY, 'list'],
    queryFn: getBookingRequests,
  });

export function useBookingRequests() {
  return useQuery(bookingRequestsQueryOptions());
}
