import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreateInviteLinkBody } from '@shared/api/invitation.schema';
import { invitationCalls } from '@shared/api/invitations.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { api } from '@renderer/shared/api/client';
import { useParticipantsMutation } from '@renderer/shared/api/participants-mutation';
import { queryKeys } from '@renderer/shared/api/query-keys';

export const inviteLinksQueryKey = queryKeys.bookings.inviteLinks;

/**
 * The booking's invitation links, one resource: list, create, revoke (SPEC.md §7, organizer only);
 * a write refreshes the participants too (useParticipantsMutation).
 */

/** GET /v1/customer-booking-requests/{id}/invite-links. */
export async function getInviteLinks(bookingId: string) {
  return (await callApi(api, invitationCalls.inviteLinks, { params: { id: bookingId } })).data;
}

export const inviteLinksQueryOptions = (bookingId: string) =>
  queryOptions({ queryKey: inviteLinksQueryKey(bookingId), queryFn: () => getInviteLinks(bookingId) });

export function useInviteLinks(bookingId: string) {
  return useQuery(inviteLinksQueryOptions(bookingId));
}

/** POST /v1/customer-booking-requests/{id}/invite-links. */
export async function createInviteLink(bookingId: string, body: CreateInviteLinkBody) {
  return (await callApi(api, invitationCalls.createInviteLink, { params: { id: bookingId }, body })).data;
}

export function useCreateInviteLink(bookingId: string) {
  return useParticipantsMutation(bookingId, (body: CreateInviteLinkBody) => createInviteLink(bookingId, body));
}

/** DELETE /v1/customer-booking-requests/{id}/invite-links/{linkId}. */
export async function revokeInviteLink(bookingId: string, linkId: string) {
  return callApi(api, invitationCalls.revokeInviteLink, { params: { id: bookingId, linkId } });
}

export function useRevokeInviteLink(bookingId: string) {
  return useParticipantsMutation(bookingId, (linkId: string) => revokeInviteLink(bookingId, linkId));
}
