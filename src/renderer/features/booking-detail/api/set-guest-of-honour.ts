import { groupCalls } from '@shared/api/group.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { api } from '@renderer/shared/api/client';
import { useParticipantsMutation } from '@renderer/shared/api/participants-mutation';

/** PUT /v1/customer-booking-requests/{id}/participants/{participantId} `{ guestOfHonour }` (docs/decisions.md, "Group shares"). */
export async function setGuestOfHonour(bookingId: string, participantId: string, guestOfHonour: boolean) {
  return callApi(api, groupCalls.updateParticipant, {
    params: { id: bookingId, participantId },
    body: { guestOfHonour },
  });
}

export function useSetGuestOfHonour(bookingId: string) {
  return useParticipantsMutation(bookingId, (change: { participantId: string; guestOfHonour: boolean }) =>
    setGuestOfHonour(bookingId, change.participantId, change.guestOfHonour),
  );
}
