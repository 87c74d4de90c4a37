import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { onsiteCalls } from '@shared/api/onsite.contract';
import type { OnSiteWaiverBody } from '@shared/api/onsite.schema';
import { callApi } from '@renderer/shared/api/call-api';
import { staffQueryKeys } from '@renderer/shared/api/staff-query-keys';
import { staffApi } from '@renderer/admin/session/staff-client';

/**
 * The day's groups and who arrived (docs/decisions.md, "Check-in"). Without a date, the server's
 * today (its clock, the one check-in goes by), never the reception computer's.
 */
export async function getCheckInBoard(date?: string) {
  return (await callApi(staffApi, onsiteCalls.board, { query: date ? { date } : {} })).data;
}

/** Polled: the board follows the other reception desks' scans. */
export const checkInBoardQueryOptions = (date?: string) =>
  queryOptions({
    queryKey: staffQueryKeys.checkInBoard(date ?? 'today'),
    queryFn: () => getCheckInBoard(date),
    refetchInterval: 15_000,
  });

export function useCheckInBoard(date?: string) {
  return useQuery(checkInBoardQueryOptions(date));
}

export function checkIn(code: string) {
  return callApi(staffApi, onsiteCalls.checkIn, { body: { code } });
}

export function signWaiverOnSite(body: OnSiteWaiverBody) {
  return callApi(staffApi, onsiteCalls.onSiteWaiver, { body });
}

export function checkOut(bookingId: string) {
  return callApi(staffApi, onsiteCalls.checkOut, { params: { id: bookingId } });
}

/** A check-in, an on-site waiver or a check-out: the board is read again after each. */
export function useOnsiteAction<A, R>(action: (input: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSettled: () => client.invalidateQueries({ queryKey: [...staffQueryKeys.all, 'check-in-board'] }),
  });
}
