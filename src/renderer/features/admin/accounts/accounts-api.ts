import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffCalls } from '@shared/api/staff.contract';
import type { StaffAccountCreateBody, StaffAccountUpdateBody } from '@shared/api/staff.schema';
import { callApi } from '../../../shared/api/call-api';
import { staffApi } from '../session/staff-client';
import { queryKeys } from '../../../shared/api/query-keys';

const accountsKey = queryKeys.staff.accounts();

export function useStaffAccounts() {
  return useQuery({
    queryKey: accountsKey,
    queryFn: async () => (await callApi(staffApi, staffCalls.accounts, {})).data,
  });
}

export function useCreateStaffAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffAccountCreateBody) => callApi(staffApi, staffCalls.createAccount, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
  });
}

export function useUpdateStaffAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: StaffAccountUpdateBody }) =>
      callApi(staffApi, staffCalls.updateAccount, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
  });
}
