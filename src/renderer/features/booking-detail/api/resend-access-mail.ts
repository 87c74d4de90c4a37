import { useMutation } from '@tanstack/react-query';
import { invitationCalls } from '@shared/api/invitations.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { api } from '@renderer/shared/api/client';

/** POST /v1/customer-booking-requests/{id}/participants/{participantId}/access-mail (organizer). */
export async function resendAccessMail(bookingId: string, participantId: string) {
  return callApi(api, invitationCalls.resendAccessMail, { params: { id: bookingId, participantId } });
}

/** Nothing on the page changes: the participant stays 'Invité' until they connect. */
export function useResendAccessMail(bookingId: string) {
  return useMutation({ mutationFn: (participantId: string) => resendAccessMail(bookingId, participantId) });
}
