import { invitationCalls } from '@shared/api/invitations.contract';
import { callApi } from '../../../shared/api/call-api';
import { api } from '../../../shared/api/client';
import { useParticipantsMutation } from '../../../shared/api/participants-mutation';

/** DELETE /v1/customer-booking-requests/{id}/participants/{participantId} (SPEC.md §7). */
export function useRemoveParticipant(bookingId: string) {
  return useParticipantsMutation(bookingId, (participantId: string) =>
    callApi(api, invitationCalls.removeParticipant, { params: { id: bookingId, participantId } }),
  );
}
