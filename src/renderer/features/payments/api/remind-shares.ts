import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupCalls } from '@shared/api/group.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { api } from '@renderer/shared/api/client';
import { queryKeys } from '@renderer/shared/api/query-keys';

/** POST …/booking-payment/reminders: one participant, or all who have not paid (docs/decisions.md, "Group shares"). */
export async function remindShares(bookingId: string, participantId?: string) {
  return callApi(api, groupCalls.remindShares, {
    params: { id: bookingId },
    body: participantId ? { participantId } : {},
  });
}

export function useRemindShares(bookingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (participantId?: string) => remindShares(bookingId, participantId),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.bookings.payment(bookingId, 'collective') }),
  });
}
