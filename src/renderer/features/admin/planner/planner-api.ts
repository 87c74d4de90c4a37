import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffCalls } from '@shared/api/staff.contract';
import { callApi } from '../../../shared/api/call-api';
import { STAFF_KEY, staffApi } from '../session/staff-client';

export const plannerQueryOptions = (date: string) =>
  queryOptions({
    queryKey: [STAFF_KEY, 'planner', date],
    queryFn: async () => (await callApi(staffApi, staffCalls.planner, { query: { date } })).data,
  });

export function usePlanner(date: string) {
  return useQuery(plannerQueryOptions(date));
}

export function useWeeklyStats() {
  return useQuery({
    queryKey: [STAFF_KEY, 'stats', 'weekly'],
    queryFn: async () => (await callApi(staffApi, staffCalls.weeklyStats, {})).data.weeks,
    staleTime: 5 * 60_000,
  });
}
