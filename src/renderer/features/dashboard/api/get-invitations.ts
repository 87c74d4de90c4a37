import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationListResponse } from '@shared/api/customer-booking.schema';
import { api } from '../../../shared/api/client';
import { CUSTOMER_BOOKINGS_KEY } from '../../../shared/api/query-keys';

/** GET /v1/customer-booking-requests/invitations (SPEC.md §7): bookings the customer takes part in. */
export async function getInvitations() {
  const { data } = await api.get<InvitationListResponse>('/v1/customer-booking-requests/invitations', {
    params: { page: 1, limit: 100 },
  });
  return data.data.invitations;
}

export const invitationsQueryOptions = () =>
  queryOptions({
    queryKey: [CUSTOMER_BOOKINGS_KEY, 'invitations'],
    queryFn: getInvitations,
  });

export function useInvitations() {
  return useQuery(invitationsQueryOptions());
}
