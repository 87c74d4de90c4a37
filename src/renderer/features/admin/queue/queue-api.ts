import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffQueueResponse } from '@shared/api/staff.schema';
import { STAFF_KEY, staffApi } from '../session/staff-client';
import { queueApiQuery, type QueueFilters } from './queue-filters';

/** Every query of the request list starts with this key: an action on a request invalidates them all. */
export const QUEUE_KEY = [STAFF_KEY, 'queue'] as const;

export async function getQueue(filters: QueueFilters) {
  const { data } = await staffApi.get<StaffQueueResponse>('/v1/staff/booking-requests', {
    params: queueApiQuery(filters),
  });
  return data.data;
}

export const queueQueryOptions = (filters: QueueFilters) =>
  queryOptions({
    queryKey: [...QUEUE_KEY, filters],
    queryFn: () => getQueue(filters),
    // The table keeps the previous page on screen while the next one loads (no flash, no layout jump).
    placeholderData: keepPreviousData,
    // New requests arrive while the team keeps the queue open.
    refetchInterval: 60_000,
  });

export function useQueue(filters: QueueFilters) {
  return useQuery(queueQueryOptions(filters));
}
