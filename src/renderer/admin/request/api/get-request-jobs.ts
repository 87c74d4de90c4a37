import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffCalls } from '@shared/api/staff.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { staffQueryKeys } from '@renderer/shared/api/staff-query-keys';
import { staffApi } from '@renderer/admin/session/staff-client';

/** The durable jobs planned for one request, and those that ran or failed. */
export async function getRequestJobs(id: string) {
  return (await callApi(staffApi, staffCalls.requestJobs, { params: { id } })).data;
}

export const requestJobsQueryOptions = (id: string) =>
  queryOptions({ queryKey: staffQueryKeys.requestJobs(id), queryFn: () => getRequestJobs(id) });

export function useRequestJobs(id: string) {
  return useQuery(requestJobsQueryOptions(id));
}
