import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateBookingRequestBody } from '@shared/api/booking-request.schema';
import { customerBookingCalls } from '@shared/api/customer-bookings.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { loadApi } from '@renderer/shared/api/load-api';

/** POST /v1/public-booking-requests (SPEC.md §7). */
export async function createBookingRequest(body: CreateBookingRequestBody) {
  const answer = await callApi(await loadApi(), customerBookingCalls.create, { body });
  return answer.data;
}

export function useCreateBookingRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBookingRequest,
    // The customer's lists (dashboard) now hold one more request; public data is unchanged.
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== 'public' && query.queryKey[0] !== 'session',
      }),
  });
}
