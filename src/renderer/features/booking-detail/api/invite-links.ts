import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateInviteLinkBody } from '@shared/api/invitation.schema';
import { invitationCalls } from '@shared/api/invitations.contract';
import { callApi } from '../../../shared/api/call-api';
import { api } from '../../../shared/api/client';
import { bookingDetailQueryKey } from './get-booking-detail';
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

function useRefreshParticipants(bookingId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: inviteLinksQueryKey(bookingId) }),
      client.invalidateQueries({ queryKey: bookingDetailQueryKey(bookingId) }),
    ]);
}

export function useCreateInviteLink(bookingId: string) {
  const refresh = useRefreshParticipants(bookingId);
  return useMutation({
    mutationFn: async (body: CreateInviteLinkBody) =>
      (await callApi(api, invitationCalls.createInviteLink, { params: { id: bookingId }, body })).data,
    onSuccess: refresh,
  });
}

export function useRevokeInviteLink(bookingId: string) {
  const refresh = useRefreshParticipants(bookingId);
  return useMutation({
    mutationFn: (linkId: string) =>
      callApi(api, invitationCalls.revokeInviteLink, { params: { id: bookingId, linkId } }),
    onSuccess: refresh,
  });
}

/** DELETE /v1/customer-booking-requests/{id}/participants/{participantId} (SPEC.md §7). */
export function useRemoveParticipant(bookingId: string) {
  const refresh = useRefreshParticipants(bookingId);
  return useMutation({
    mutationFn: (participantId: string) =>
      callApi(api, invitationCalls.removeParticipant, { params: { id: bookingId, participantId } }),
    onSuccess: refresh,
  });
}
