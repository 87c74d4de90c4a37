import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { staffCalls } from '@shared/api/staff.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { queryKeys } from '@renderer/shared/api/query-keys';
import { staffApi } from '@renderer/admin/session/staff-client';
import { queueApiQuery, type QueueFilters } from '../queue-filters';

/** Every query of the request list starts with this key: an action on a request invalidates them all. */
export const QUEUE_KEY = queryKeys.staff.queue();

export async function getQueue(filters: QueueFilters) {
  return (await callApi(staffApi, staffCalls.queue, { query: queueApiQuery(filters) })).data;
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
