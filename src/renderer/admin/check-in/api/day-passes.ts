import { queryOptions, useQuery } from '@tanstack/react-query';
import { onsiteCalls } from '@shared/api/onsite.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { staffQueryKeys } from '@renderer/shared/api/staff-query-keys';
import { staffApi } from '@renderer/admin/session/staff-client';

/** A day's passes and contracts, printed in one batch (docs/decisions.md, "On site"). */
export async function getDayPasses(date: string) {
  return (await callApi(staffApi, onsiteCalls.dayPasses, { params: { date } })).data;
}

export const dayPassesQueryOptions = (date: string) =>
  queryOptions({
    queryKey: staffQueryKeys.dayPasses(date),
    queryFn: () => getDayPasses(date),
  });

export function useDayPasses(date: string, enabled = true) {
  return useQuery({ ...dayPassesQueryOptions(date), enabled });
}
