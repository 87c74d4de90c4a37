import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JoinInvitationBody } from '@shared/api/invitation.schema';
import { invitationCalls } from '@shared/api/invitations.contract';
import { callApi } from '../../../shared/api/call-api';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** GET /v1/invitations/{token} (SPEC.md §7). */
export async function getInvitation(token: string) {
  const answer = await callApi(api, invitationCalls.invitation, { params: { token } });
  return answer.data;
}

export const invitationQueryOptions = (token: string) =>
  queryOptions({
    // 'public': kept when the session changes (joining may log the person in).
    queryKey: queryKeys.public.invitation(token),
    queryFn: () => getInvitation(token),
    // The page counts and offers its own retries (SPEC.md §2: 'Tentative n / 3').
    retry: false,
  });

/** `onFailure` hears each failed load (the page counts them). */
export function useInvitation(token: string, onFailure: (error: unknown) => void) {
  return useQuery({
    ...invitationQueryOptions(token),
    queryFn: async () => {
      try {
        return await getInvitation(token);
      } catch (error) {
        onFailure(error);
        throw error;
      }
    },
  });
}

/** POST /v1/invitations/{token}/join (SPEC.md §7). */
export async function joinInvitation(token: string, body: JoinInvitationBody) {
  return callApi(api, invitationCalls.join, { params: { token }, body });
}

export function useJoinInvitation(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: JoinInvitationBody) => joinInvitation(token, body),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.bookings.all }),
  });
}
