import { queryOptions, useQuery } from '@tanstack/react-query';
import { invitationCalls } from '@shared/api/invitations.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { api } from '@renderer/shared/api/client';
import { queryKeys } from '@renderer/shared/api/query-keys';

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
