import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { groupCalls } from '@shared/api/group.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { api } from '@renderer/shared/api/client';
import { queryKeys } from '@renderer/shared/api/query-keys';

/** GET …/opt-outs: the activity lines, which are optional, who does not take them (docs/decisions.md, "Group shares"). */
export function useOptOuts(bookingId: string) {
  return useQuery({
    queryKey: queryKeys.bookings.payment(bookingId, 'opt-outs'),
    queryFn: async () => (await callApi(api, groupCalls.optOuts, { params: { id: bookingId } })).data,
  });
}

type Change =
  | { kind: 'optional'; lineId: string; optional: boolean }
  | { kind: 'optOut'; lineId: string; participantId: string; optedOut: boolean };

/** The organizer's « Facultative » switch and each participant's choice; the shares are fetched again. */
export function useChangeOptOut(bookingId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) =>
      change.kind === 'optional'
        ? callApi(api, groupCalls.setLineOptional, {
            params: { id: bookingId, lineId: change.lineId },
            body: { optional: change.optional },
          })
        : callApi(api, groupCalls.setOptOut, {
            params: { id: bookingId, participantId: change.participantId, lineId: change.lineId },
            body: { optedOut: change.optedOut },
          }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.bookings.all }),
  });
}
