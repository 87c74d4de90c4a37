import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCalls } from '@shared/api/staff.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { staffQueryKeys } from '@renderer/shared/api/staff-query-keys';
import { staffApi } from '@renderer/admin/session/staff-client';

/** A failed mail put back in the delivery queue; the outbox pages are read again. */
export async function resendMail(id: string) {
  return callApi(staffApi, staffCalls.resendMail, { params: { id } });
}

export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendMail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKeys.outbox({}).slice(0, 2) }),
  });
}
