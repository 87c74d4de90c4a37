import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JoinInvitationBody } from '@shared/api/invitation.schema';
import { invitationCalls } from '@shared/api/invitations.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { api } from '@renderer/shared/api/client';
import { queryKeys } from '@renderer/shared/api/query-keys';

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
