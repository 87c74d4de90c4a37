import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentCalls } from '@shared/api/payments.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { api } from '@renderer/shared/api/client';
import { queryKeys } from '@renderer/shared/api/query-keys';

/** GET /v1/customer-booking-requests/stripe-config (SPEC.md §7 'Payments'): the card provider's public settings. */
export async function getStripeConfig() {
  return (await callApi(api, paymentCalls.stripeConfig, {})).data;
}

export const stripeConfigQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.public.stripeConfig(), queryFn: getStripeConfig, staleTime: 5 * 60 * 1000 });

export function useStripeConfig() {
  return useQuery(stripeConfigQueryOptions());
}
