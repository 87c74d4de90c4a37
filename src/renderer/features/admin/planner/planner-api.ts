import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlannerResponse, WeeklyStatsResponse } from '@shared/api/staff.schema';
import { STAFF_KEY, staffApi } from '../session/staff-client';

export const plannerQueryOptions = (date: string) =>
  queryOptions({
    queryKey: [STAFF_KEY, 'planner', date],
    queryFn: async () => (await staffApi.get<PlannerResponse>('/v1/staff/planner', { params: { date } })).data.data,
  });

export function usePlanner(date: string) {
  return useQuery(plannerQueryOptions(date));
}

export function useWeeklyStats() {
  return useQuery({
    queryKey: [STAFF_KEY, 'stats', 'weekly'],
    queryFn: async () => (await staffApi.get<WeeklyStatsResponse>('/v1/staff/stats/weekly')).data.data.weeks,
    staleTime: 5 * 60_000,
  });
}
