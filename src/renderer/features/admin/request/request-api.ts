import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActionResponse,
  CancelBody,
  CancelResponse,
  PaymentConfigBody,
  StaffBookingDetail,
  StaffBookingDetailResponse,
} from '@shared/api/staff.schema';
import { httpStatus } from '../../../shared/api/error-message';
import { STAFF_KEY, staffApi } from '../session/staff-client';

const base = (id: string) => `/v1/staff/booking-requests/${encodeURIComponent(id)}`;

export const requestDetailKey = (id: string) => [STAFF_KEY, 'request', id] as const;

export const requestDetailQueryOptions = (id: string) =>
  queryOptions({
    queryKey: requestDetailKey(id),
    queryFn: async () => (await staffApi.get<StaffBookingDetailResponse>(base(id))).data.data,
    retry: (failures, error) => httpStatus(error) !== 404 && failures < 1,
  });

export function useRequestDetail(id: string) {
  return useQuery(requestDetailQueryOptions(id));
}

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

export async function runRequestAction(id: string, action: RequestAction): Promise<ActionResult> {
  switch (action.kind) {
    case 'payment-config': {
      const { data } = await staffApi.put<ActionResponse>(`${base(id)}/payment-config`, action.body);
      return { message: data.message, detail: data.data };
    }
    case 'cancel': {
      const { data } = await staffApi.post<CancelResponse>(`${base(id)}/cancel`, action.body);
      return { message: data.message, detail: data.data.booking };
    }
    default: {
      const { data } = await staffApi.post<ActionResponse>(`${base(id)}/${action.kind}`);
      return { message: data.message, detail: data.data };
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
        queryKey: [STAFF_KEY],
        predicate: (query) => query.queryKey[1] !== 'request' && query.queryKey[1] !== 'session',
      });
    },
  });
}
