import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/**
 * A change to a booking's participants or their invitation links (removing a participant: the
 * booking detail; creating or revoking a link: the invitation feature): both lists are fetched
 * again once it succeeds.
 */
export function useParticipantsMutation<Variables, Answer>(
  bookingId: string,
  mutationFn: (variables: Variables) => Promise<Answer>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.bookings.inviteLinks(bookingId) }),
        client.invalidateQueries({ queryKey: queryKeys.bookings.detail(bookingId) }),
      ]),
  });
}
