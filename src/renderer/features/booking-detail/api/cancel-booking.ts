import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrganizerCancelBody } from '@shared/api/cancel.schema';
import { groupCalls } from '@shared/api/group.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { api } from '@renderer/shared/api/client';
import { queryKeys } from '@renderer/shared/api/query-keys';

/** GET …/cancellation-preview: who would get what back today (docs/decisions.md, "Payments", "Cancellation by the organizer"). */
export function useCancellationPreview(bookingId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.bookings.payment(bookingId, 'cancellation-preview'),
    queryFn: async () => (await callApi(api, groupCalls.cancellationPreview, { params: { id: bookingId } })).data,
    enabled,
    retry: false,
    staleTime: 0,
  });
}

/** POST …/cancel; every view of the customer's bookings is read again. */
export function useCancelBooking(bookingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OrganizerCancelBody) => callApi(api, groupCalls.cancel, { params: { id: bookingId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.bookings.all }),
  });
}
