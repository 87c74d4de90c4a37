import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffCalls } from '@shared/api/staff.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { queryKeys } from '@renderer/shared/api/query-keys';
import { staffApi } from '@renderer/admin/session/staff-client';

/** The weekly counts the planner charts. */
export async function getWeeklyStats() {
  return (await callApi(staffApi, staffCalls.weeklyStats, {})).data.weeks;
}

export const weeklyStatsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.staff.weeklyStats(), queryFn: getWeeklyStats, staleTime: 5 * 60_000 });

export function useWeeklyStats() {
  return useQuery(weeklyStatsQueryOptions());
}
