import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { groupCalls } from '@shared/api/group.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { api } from '@renderer/shared/api/client';
import { queryKeys } from '@renderer/shared/api/query-keys';

/** GET …/participants/{participantId}/leave: what leaving today gives back (docs/decisions.md, "Group shares"). */
export function useLeavePreview(bookingId: string, participantId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.bookings.payment(bookingId, `leave-${participantId ?? ''}`),
    queryFn: async () =>
      (await callApi(api, groupCalls.leavePreview, { params: { id: bookingId, participantId: participantId! } })).data,
    enabled: enabled && participantId !== null,
    retry: false,
    staleTime: 0,
  });
}

/** POST …/participants/{participantId}/leave; every view of the customer's bookings is read again. */
export function useLeaveBooking(bookingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (participantId: string) => callApi(api, groupCalls.leave, { params: { id: bookingId, participantId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.bookings.all }),
  });
}
