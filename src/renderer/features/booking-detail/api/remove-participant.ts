import { invitationCalls } from '@shared/api/invitations.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { api } from '@renderer/shared/api/client';
import { useParticipantsMutation } from '@renderer/shared/api/participants-mutation';

/** DELETE /v1/customer-booking-requests/{id}/participants/{participantId} (SPEC.md §7). */
export async function removeParticipant(bookingId: string, participantId: string) {
  return callApi(api, invitationCalls.removeParticipant, { params: { id: bookingId, participantId } });
}

export function useRemoveParticipant(bookingId: string) {
  return useParticipantsMutation(bookingId, (participantId: string) => removeParticipant(bookingId, participantId));
}
