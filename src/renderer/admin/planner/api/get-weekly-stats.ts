import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffCalls } from '@shared/api/staff.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { staffQueryKeys } from '@renderer/shared/api/staff-query-keys';
import { staffApi } from '@renderer/admin/session/staff-client';

/** The weekly counts the planner charts. */
export async function getWeeklyStats() {
  return (await callApi(staffApi, staffCalls.weeklyStats, {})).data.weeks;
}

export const weeklyStatsQueryOptions = () =>
  queryOptions({ queryKey: staffQueryKeys.weeklyStats(), queryFn: getWeeklyStats, staleTime: 5 * 60_000 });

export function useWeeklyStats() {
  return useQuery(weeklyStatsQueryOptions());
}
