import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentCalls } from '@shared/api/payments.contract';
import type { PaymentHistoryItem } from '@shared/api/payments.schema';
import { callApi } from '@renderer/shared/api/call-api';
import { api } from '@renderer/shared/api/client';
import { queryKeys } from '@renderer/shared/api/query-keys';

export interface PaymentHistory {
  payments: PaymentHistoryItem[];
  contracts: Array<{ bookingId: string; bookingRequestId: string; contractUrl: string }>;
}

/** GET /v1/customer-booking-requests/payments/history: the customer's payments and contracts. */
export async function getPaymentHistory(): Promise<PaymentHistory> {
  return (await callApi(api, paymentCalls.history, {})).data;
}

export const paymentHistoryQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.bookings.paymentHistory(), queryFn: getPaymentHistory });

export function usePaymentHistory() {
  return useQuery(paymentHistoryQueryOptions());
}
