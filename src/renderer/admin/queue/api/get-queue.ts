import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { staffCalls } from '@shared/api/staff.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { staffQueryKeys } from '@renderer/shared/api/staff-query-keys';
import { staffApi } from '@renderer/admin/session/staff-client';
import { queueApiQuery, type QueueFilters } from '../queue-filters';

/** Every query of the request list starts with this key: an action on a request invalidates them all. */
export const QUEUE_KEY = staffQueryKeys.queue();

export async function getQueue(filters: QueueFilters, cursor?: string) {
  return (await callApi(staffApi, staffCalls.queue, { query: queueApiQuery(filters, cursor) })).data;
}

/** The queue's pages, each after the previous one's `nextCursor` (« Afficher plus »). */
export const queueQueryOptions = (filters: QueueFilters) =>
  infiniteQueryOptions({
    queryKey: [...QUEUE_KEY, filters],
    queryFn: ({ pageParam }) => getQueue(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // The table keeps the previous view on screen while the next one loads (no flash, no layout jump).
    placeholderData: keepPreviousData,
    // New requests arrive while the team keeps the queue open.
    refetchInterval: 60_000,
  });

export function useQueue(filters: QueueFilters) {
  return useInfiniteQuery(queueQueryOptions(filters));
}
