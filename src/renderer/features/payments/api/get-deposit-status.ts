import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentCalls } from '@shared/api/payments.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { api } from '@renderer/shared/api/client';
import { queryKeys } from '@renderer/shared/api/query-keys';

export interface DepositStatus {
  authorization_created: boolean;
  authorization_confirmed: boolean;
  amount: number;
  client_secret: string | null;
  intentId: string | null;
  status: 'none' | 'pending' | 'authorized' | 'captured' | 'released';
  availableFrom: string;
  canAuthorizeNow: boolean;
  savedCard: 'unavailable' | 'none' | 'saved';
  failure: string | null;
}

/** GET the deposit's card hold (SPEC.md §7 'Payments'): whether it may be authorized now, and its state. */
export async function getDepositStatus(bookingId: string): Promise<DepositStatus> {
  return (await callApi(api, paymentCalls.depositStatus, { params: { id: bookingId } })).data;
}

export const depositStatusQueryOptions = (bookingId: string) =>
  queryOptions({
    queryKey: queryKeys.bookings.payment(bookingId, 'deposit'),
    queryFn: () => getDepositStatus(bookingId),
    retry: false,
  });

export function useDepositStatus(bookingId: string, enabled: boolean) {
  return useQuery({ ...depositStatusQueryOptions(bookingId), enabled });
}
