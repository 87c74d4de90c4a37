import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCalls } from '@shared/api/staff.contract';
import type { CancelBody, PaymentConfigBody, StaffBookingDetail } from '@shared/api/staff.schema';
import { callApi } from '@renderer/shared/api/call-api';
import { staffQueryKeys } from '@renderer/shared/api/staff-query-keys';
import { staffApi } from '@renderer/admin/session/staff-client';
import { requestDetailKey } from './get-request-detail';

export type RequestAction =
  | { kind: 'validate' }
  | { kind: 'payment-config'; body: PaymentConfigBody }
  | { kind: 'cheque-received' }
  | { kind: 'cancel'; body: CancelBody }
  | { kind: 'complete' };

export interface ActionResult {
  message: string;
  detail: StaffBookingDetail;
}

/** The actions without a body, by kind. */
const SIMPLE_ACTIONS = {
  validate: staffCalls.validate,
  'cheque-received': staffCalls.chequeReceived,
  complete: staffCalls.complete,
} as const;

export async function runRequestAction(id: string, action: RequestAction): Promise<ActionResult> {
  const params = { id };
  switch (action.kind) {
    case 'payment-config': {
      const answer = await callApi(staffApi, staffCalls.paymentConfig, { params, body: action.body });
      return { message: answer.message, detail: answer.data };
    }
    case 'cancel': {
      const answer = await callApi(staffApi, staffCalls.cancel, { params, body: action.body });
      return { message: answer.message, detail: answer.data.booking };
    }
    default: {
      const answer = await callApi(staffApi, SIMPLE_ACTIONS[action.kind], { params });
      return { message: answer.message, detail: answer.data };
    }
  }
}

/** Every action answers the updated detail: it replaces the cache, and the queue reloads when next shown. */
export function useRequestAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: RequestAction) => runRequestAction(id, action),
    onSuccess: ({ detail }) => {
      queryClient.setQueryData(requestDetailKey(id), detail);
      void queryClient.invalidateQueries({
        queryKey: staffQueryKeys.all,
        predicate: (query) => query.queryKey[1] !== 'request' && query.queryKey[1] !== 'session',
      });
    },
  });
}
