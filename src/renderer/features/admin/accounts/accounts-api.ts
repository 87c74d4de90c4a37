import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  StaffAccountCreateBody,
  StaffAccountResponse,
  StaffAccountsResponse,
  StaffAccountUpdateBody,
} from '@shared/api/staff.schema';
import { STAFF_KEY, staffApi } from '../session/staff-client';

const accountsKey = [STAFF_KEY, 'accounts'] as const;

export function useStaffAccounts() {
  return useQuery({
    queryKey: accountsKey,
    queryFn: async () => (await staffApi.get<StaffAccountsResponse>('/v1/staff/accounts')).data.data,
  });
}

export function useCreateStaffAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: StaffAccountCreateBody) =>
      (await staffApi.post<StaffAccountResponse>('/v1/staff/accounts', body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
  });
}

export function useUpdateStaffAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: StaffAccountUpdateBody }) =>
      (await staffApi.put<StaffAccountResponse>(`/v1/staff/accounts/${encodeURIComponent(id)}`, body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
  });
}
