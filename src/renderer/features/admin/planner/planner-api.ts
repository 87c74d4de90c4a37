import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffCalls } from '@shared/api/staff.contract';
import { callApi } from '../../../shared/api/call-api';
import { staffApi } from '../session/staff-client';
import { queryKeys } from '../../../shared/api/query-keys';

export const plannerQueryOptions = (date: string) =>
  queryOptions({
    queryKey: queryKeys.staff.planner(date),
    queryFn: async () => (await callApi(staffApi, staffCalls.planner, { query: { date } })).data,
  });

export function usePlanner(date: string) {
  return useQuery(plannerQueryOptions(date));
}

export function useWeeklyStats() {
  return useQuery({
    queryKey: queryKeys.staff.weeklyStats(),
    queryFn: async () => (await callApi(staffApi, staffCalls.weeklyStats, {})).data.weeks,
    staleTime: 5 * 60_000,
  });
}
