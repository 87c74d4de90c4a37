import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse } from '@shared/api/auth.schema';
import type { CreateInviteLinkBody, InviteLinkListResponse, InviteLinkResponse } from '@shared/api/invitation.schema';
import { api } from '../../../shared/api/client';
import { CUSTOMER_BOOKINGS_KEY } from '../../../shared/api/query-keys';
import { bookingDetailQueryKey } from './get-booking-detail';

const base = (bookingId: string) => `/v1/customer-booking-requests/${encodeURIComponent(bookingId)}`;

export const inviteLinksQueryKey = (bookingId: string) => [CUSTOMER_BOOKINGS_KEY, 'invite-links', bookingId] as const;

/** GET /v1/customer-booking-requests/{id}/invite-links (SPEC.md §7): organizer only. */
export const inviteLinksQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: inviteLinksQueryKey(bookingId),
    queryFn: async () => (await api.get<InviteLinkListResponse>(`${base(bookingId)}/invite-links`)).data.data,
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
      (await api.post<InviteLinkResponse>(`${base(bookingId)}/invite-links`, body)).data.data,
    onSuccess: refresh,
  });
}

export function useRevokeInviteLink(bookingId: string) {
  const refresh = useRefreshParticipants(bookingId);
  return useMutation({
    mutationFn: async (linkId: string) =>
      (await api.delete<InviteLinkResponse>(`${base(bookingId)}/invite-links/${encodeURIComponent(linkId)}`)).data,
    onSuccess: refresh,
  });
}

/** DELETE /v1/customer-booking-requests/{id}/participants/{participantId} (SPEC.md §7). */
export function useRemoveParticipant(bookingId: string) {
  const refresh = useRefreshParticipants(bookingId);
  return useMutation({
    mutationFn: async (participantId: string) =>
      (await api.delete<MessageResponse>(`${base(bookingId)}/participants/${encodeURIComponent(participantId)}`)).data,
    onSuccess: refresh,
  });
}
