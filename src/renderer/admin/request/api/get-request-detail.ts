import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffCalls } from '@shared/api/staff.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { httpStatus } from '@renderer/shared/api/error-message';
import { staffQueryKeys } from '@renderer/shared/api/staff-query-keys';
import { staffApi } from '@renderer/admin/session/staff-client';

export const requestDetailKey = staffQueryKeys.request;

/** One request as the team sees it: the booking, its payments, its audit trail. */
export async function getRequestDetail(id: string) {
  return (await callApi(staffApi, staffCalls.request, { params: { id } })).data;
}

export const requestDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: requestDetailKey(id),
    queryFn: () => getRequestDetail(id),
    retry: (failures, error) => httpStatus(error) !== 404 && failures < 1,
  });

export function useRequestDetail(id: string) {
  return useQuery(requestDetailQueryOptions(id));
}
