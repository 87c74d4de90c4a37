import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { staffCalls } from '@shared/api/staff.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { staffQueryKeys } from '@renderer/shared/api/staff-query-keys';
import { staffApi } from '@renderer/admin/session/staff-client';

const PAGE_SIZE = 50;

export interface OutboxFilters {
  to: string;
  bookingId: string;
  page: number;
}

/** What the product sent, newest first, secrets masked by the server. */
export async function getOutbox({ to, bookingId, page }: OutboxFilters) {
  return (
    await callApi(staffApi, staffCalls.outbox, {
      query: { to: to || undefined, bookingId: bookingId || undefined, page, limit: PAGE_SIZE },
    })
  ).data;
}

export const outboxQueryOptions = (filters: OutboxFilters) =>
  queryOptions({
    queryKey: staffQueryKeys.outbox(filters),
    queryFn: () => getOutbox(filters),
    placeholderData: keepPreviousData,
  });

export function useOutbox(filters: OutboxFilters) {
  return useQuery(outboxQueryOptions(filters));
}
