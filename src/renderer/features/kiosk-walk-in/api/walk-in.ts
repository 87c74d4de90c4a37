import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { onsiteCalls } from '@shared/api/onsite.contract';
import type { WalkInBody, WalkInPaymentBody } from '@shared/api/onsite.schema';
import { callApi } from '@renderer/shared/api/call-api';
import { api } from '@renderer/shared/api/client';
import { queryKeys } from '@renderer/shared/api/query-keys';

/** GET /v1/kiosk/today (docs/decisions.md, "Walk-ins"): today's slots with free places. */
export async function getKioskToday() {
  return (await callApi(api, onsiteCalls.kioskToday, {})).data;
}

export const kioskTodayQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.public.kioskToday(), queryFn: getKioskToday, refetchInterval: 60_000 });

export function useKioskToday() {
  return useQuery(kioskTodayQueryOptions());
}

export function createWalkIn(body: WalkInBody) {
  return callApi(api, onsiteCalls.walkIn, { body });
}

export function useCreateWalkIn() {
  return useMutation({ mutationFn: createWalkIn });
}

/** Who joined and paid: polled while the kiosk shows the group's QR code. */
export async function getWalkInStatus(bookingId: string, token: string) {
  return (await callApi(api, onsiteCalls.walkInStatus, { params: { id: bookingId }, query: { token } })).data;
}

export function useWalkInStatus(bookingId: string, token: string) {
  return useQuery({
    queryKey: queryKeys.public.walkIn(bookingId),
    queryFn: () => getWalkInStatus(bookingId, token),
    refetchInterval: 3_000,
  });
}

/** « Qui règle ? »: the organizer at the kiosk or each member from their phone (docs/decisions.md, "Walk-ins"). */
export function chooseWalkInPayment(bookingId: string, body: WalkInPaymentBody) {
  return callApi(api, onsiteCalls.walkInPayment, { params: { id: bookingId }, body });
}

export function useChooseWalkInPayment(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WalkInPaymentBody) => chooseWalkInPayment(bookingId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.public.walkIn(bookingId) }),
  });
}
