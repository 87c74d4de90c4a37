import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreateInviteLinkBody } from '@shared/api/invitation.schema';
import { invitationCalls } from '@shared/api/invitations.contract';
import { callApi } from '../../../shared/api/call-api';
import { api } from '../../../shared/api/client';
import { useParticipantsMutation } from '../../../shared/api/participants-mutation';
import { queryKeys } from '../../../shared/api/query-keys';

export const inviteLinksQueryKey = queryKeys.bookings.inviteLinks;

/** GET /v1/customer-booking-requests/{id}/invite-links (SPEC.md §7): organizer only. */
export const inviteLinksQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: inviteLinksQueryKey(bookingId),
    queryFn: async () => (await callApi(api, invitationCalls.inviteLinks, { params: { id: bookingId } })).data,
  });

export function useInviteLinks(bookingId: string) {
  return useQuery(inviteLinksQueryOptions(bookingId));
}

export function useCreateInviteLink(bookingId: string) {
  return useParticipantsMutation(
    bookingId,
    async (body: CreateInviteLinkBody) =>
      (await callApi(api, invitationCalls.createInviteLink, { params: { id: bookingId }, body })).data,
  );
}

export function useRevokeInviteLink(bookingId: string) {
  return useParticipantsMutation(bookingId, (linkId: string) =>
    callApi(api, invitationCalls.revokeInviteLink, { params: { id: bookingId, linkId } }),
  );
}
