import { useIsMutating, useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateBookingBody } from '@shared/api/customer-booking.schema';
import { customerBookingCalls } from '@shared/api/customer-bookings.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { api } from '@renderer/shared/api/client';
import { bookingDetailQueryKey } from './get-booking-detail';
import { queryKeys } from '@renderer/shared/api/query-keys';

/**
 * PUT /v1/customer-booking-requests/{id} (SPEC.md §7): a partial update guarded by lastModified;
 * the answer is the whole detail again.
 */
export async function updateBooking(bookingId: string, body: UpdateBookingBody) {
  const answer = await callApi(api, customerBookingCalls.update, { params: { id: bookingId }, body });
  return answer.data;
}

const updateBookingKey = (bookingId: string) => ['update-booking', bookingId] as const;

/**
 * `routeId` is the id the page was opened with (the detail's cache key), `bookingId` the
 * booking's own id used for the write.
 */
export function useUpdateBooking(routeId: string, bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: updateBookingKey(bookingId),
    mutationFn: (body: UpdateBookingBody) => updateBooking(bookingId, body),
    onSuccess: (detail) => {
      queryClient.setQueryData(bookingDetailQueryKey(routeId), detail);
      // The dashboard lists show the date and count too; they reload when next opened.
      void queryClient.invalidateQueries({
        queryKey: queryKeys.bookings.all,
        predicate: (query) => query.queryKey[1] !== 'detail',
      });
    },
  });
}

/** True while any write of this booking is on its way: every edit waits, so none is sent with a stale lastModified. */
export function useIsSavingBooking(bookingId: string): boolean {
  return useIsMutating({ mutationKey: updateBookingKey(bookingId) }) > 0;
}
