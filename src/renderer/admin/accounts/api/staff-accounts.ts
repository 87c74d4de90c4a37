import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffCalls } from '@shared/api/staff.contract';
import type { StaffAccountCreateBody, StaffAccountUpdateBody } from '@shared/api/staff.schema';
import { callApi } from '@renderer/shared/api/call-api';
import { staffQueryKeys } from '@renderer/shared/api/staff-query-keys';
import { staffApi } from '@renderer/admin/session/staff-client';

/** The team's accounts, one resource: list, create, update (admins only). */
const accountsKey = staffQueryKeys.accounts();

export async function getStaffAccounts() {
  return (await callApi(staffApi, staffCalls.accounts, {})).data;
}

export const staffAccountsQueryOptions = () => queryOptions({ queryKey: accountsKey, queryFn: getStaffAccounts });

export function useStaffAccounts() {
  return useQuery(staffAccountsQueryOptions());
}

export async function createStaffAccount(body: StaffAccountCreateBody) {
  return callApi(staffApi, staffCalls.createAccount, { body });
}

export function useCreateStaffAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStaffAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
  });
}

export async function updateStaffAccount({ id, body }: { id: string; body: StaffAccountUpdateBody }) {
  return callApi(staffApi, staffCalls.updateAccount, { params: { id }, body });
}

export function useUpdateStaffAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStaffAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
  });
}
