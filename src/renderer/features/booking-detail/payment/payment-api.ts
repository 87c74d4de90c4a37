import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StripeConfigResponse } from '@shared/api/establishment.schema';
import type { CollectiveStatus, NextStepItem, PaymentIntentView, PaymentOutcome } from '@shared/api/payments.schema';
import { api } from '../../../shared/api/client';
import { CUSTOMER_BOOKINGS_KEY } from '../../../shared/api/query-keys';

/** SPEC.md §7 'Payments' (under /v1/customer-booking-requests) and the test provider's card call. */

const BASE = '/v1/customer-booking-requests';
const paymentPath = (bookingId: string, path: string) =>
  `${BASE}/${encodeURIComponent(bookingId)}/booking-payment/${path}`;

export const stripeConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['stripe-config'],
    queryFn: async () => (await api.get<StripeConfigResponse>(`${BASE}/stripe-config`)).data.data,
    staleTime: 5 * 60 * 1000,
  });

export function useStripeConfig() {
  return useQuery(stripeConfigQueryOptions());
}

export const paymentKey = (bookingId: string, part: string) =>
  [CUSTOMER_BOOKINGS_KEY, 'payment', bookingId, part] as const;

export function useNextSteps(bookingId: string) {
  return useQuery({
    queryKey: paymentKey(bookingId, 'next-steps'),
    queryFn: async () =>
      (await api.get<{ data: { steps: NextStepItem[] } }>(`${BASE}/${encodeURIComponent(bookingId)}/next-steps`)).data
        .data.steps,
  });
}

export function useCollectiveStatus(bookingId: string, enabled: boolean) {
  return useQuery({
    queryKey: paymentKey(bookingId, 'collective'),
    queryFn: async () =>
      (await api.get<{ data: CollectiveStatus }>(paymentPath(bookingId, 'collective-status'))).data.data,
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
    queryFn: async () =>
      (await api.get<{ data: DepositStatus }>(paymentPath(bookingId, 'deposit-authorization-status'))).data.data,
    enabled,
    retry: false,
  });
}

/** Who pays: the organizer (full, partial, deposit) or one participant's own share (collective). */
export type Payer = { kind: 'organizer' } | { kind: 'participant'; participantId: string };

export async function createIntent(bookingId: string, payer: Payer): Promise<PaymentIntentView> {
  const path =
    payer.kind === 'organizer'
      ? paymentPath(bookingId, 'organizer-stripe-intent')
      : paymentPath(bookingId, `participant-stripe-intent/${encodeURIComponent(payer.participantId)}`);
  return (await api.post<{ data: PaymentIntentView }>(path, {})).data.data;
}

export async function confirmPayment(bookingId: string, intentId: string, participantId?: string) {
  return (
    await api.post<{ data: PaymentOutcome; message: string }>(paymentPath(bookingId, 'stripe-confirm'), {
      intentId,
      ...(participantId ? { participantId } : {}),
    })
  ).data;
}

export async function completeDepositAuthorization(bookingId: string, intentId: string) {
  return (
    await api.post<{ data: PaymentOutcome; message: string }>(
      paymentPath(bookingId, 'complete-deposit-authorization'),
      {
        intentId,
      },
    )
  ).data;
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
  return (await api.post<{ data: TestCardResult }>(paymentPath(bookingId, 'test-card'), body)).data.data;
}

/** After a payment every view of the booking (detail, steps, collective card, dashboard) is stale. */
export function useRefreshBooking() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [CUSTOMER_BOOKINGS_KEY] });
}
