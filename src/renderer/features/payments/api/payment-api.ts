import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { paymentCalls } from '@shared/api/payments.contract';
import type { PaymentIntentView } from '@shared/api/payments.schema';
import { callApi } from '../../../shared/api/call-api';
import { api } from '../../../shared/api/client';
import { queryKeys } from '../../../shared/api/query-keys';

/** SPEC.md §7 'Payments' (under /v1/customer-booking-requests) and the test provider's card call. */

export const stripeConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.public.stripeConfig(),
    queryFn: async () => (await callApi(api, paymentCalls.stripeConfig, {})).data,
    staleTime: 5 * 60 * 1000,
  });

export function useStripeConfig() {
  return useQuery(stripeConfigQueryOptions());
}

export const paymentKey = queryKeys.bookings.payment;

export function useNextSteps(bookingId: string) {
  return useQuery({
    queryKey: paymentKey(bookingId, 'next-steps'),
    queryFn: async () => (await callApi(api, paymentCalls.nextSteps, { params: { id: bookingId } })).data.steps,
  });
}

export function useCollectiveStatus(bookingId: string, enabled: boolean) {
  return useQuery({
    queryKey: paymentKey(bookingId, 'collective'),
    queryFn: async () => (await callApi(api, paymentCalls.collectiveStatus, { params: { id: bookingId } })).data,
    enabled,
  });
}

export interface DepositStatus {
  authorization_created: boolean;
  authorization_confirmed: boolean;
  amount: number;
  client_secret: string | null;
  intentId: string | null;
  status: 'none' | 'pending' | 'authorized' | 'captured' | 'released';
  availableFrom: string;
  canAuthorizeNow: boolean;
}

export function useDepositStatus(bookingId: string, enabled: boolean) {
  return useQuery({
    queryKey: paymentKey(bookingId, 'deposit'),
    queryFn: async (): Promise<DepositStatus> =>
      (await callApi(api, paymentCalls.depositStatus, { params: { id: bookingId } })).data,
    enabled,
    retry: false,
  });
}

/** Who pays: the organizer (full, partial, deposit) or one participant's own share (collective). */
export type Payer = { kind: 'organizer' } | { kind: 'participant'; participantId: string };

export async function createIntent(bookingId: string, payer: Payer): Promise<PaymentIntentView> {
  const answer =
    payer.kind === 'organizer'
      ? await callApi(api, paymentCalls.organizerIntent, { params: { id: bookingId }, body: {} })
      : await callApi(api, paymentCalls.participantIntent, {
          params: { id: bookingId, participantId: payer.participantId },
          body: {},
        });
  return answer.data;
}

export async function confirmPayment(bookingId: string, intentId: string, participantId?: string) {
  return callApi(api, paymentCalls.stripeConfirm, {
    params: { id: bookingId },
    body: { intentId, ...(participantId ? { participantId } : {}) },
  });
}

export async function completeDepositAuthorization(bookingId: string, intentId: string) {
  return callApi(api, paymentCalls.completeDeposit, { params: { id: bookingId }, body: { intentId } });
}

export interface TestCardResult {
  intentId: string;
  status: PaymentIntentView['status'];
  error: string | null;
}

export async function submitTestCard(
  bookingId: string,
  body: { intentId: string; cardNumber: string; authentication?: 'approve' | 'refuse' },
) {
  return (await callApi(api, paymentCalls.testCard, { params: { id: bookingId }, body })).data;
}

/** After a payment every view of the booking (detail, steps, collective card, dashboard) is stale. */
export function useRefreshBooking() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all });
}
