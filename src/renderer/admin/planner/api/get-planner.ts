import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffCalls } from '@shared/api/staff.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { staffQueryKeys } from '@renderer/shared/api/staff-query-keys';
import { staffApi } from '@renderer/admin/session/staff-client';

/** The planner of one day: its slots and the bookings on them. */
export async function getPlanner(date: string) {
  return (await callApi(staffApi, staffCalls.planner, { query: { date } })).data;
}

export const plannerQueryOptions = (date: string) =>
  queryOptions({ queryKey: staffQueryKeys.planner(date), queryFn: () => getPlanner(date) });

export function usePlanner(date: string) {
  return useQuery(plannerQueryOptions(date));
}
