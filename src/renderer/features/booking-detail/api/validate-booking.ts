import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerBookingCalls } from '@shared/api/customer-bookings.contract';
import { callApi } from '@renderer/shared/api/call-api';
import { api } from '@renderer/shared/api/client';
import { failureMessage } from '@renderer/shared/api/error-message';
import { queryKeys } from '@renderer/shared/api/query-keys';

export const VALIDATION_ERROR = 'Erreur lors de la validation de la demande';

/** POST /v1/customer-booking-requests/{id}/validate (SPEC.md §7): the organizer's irreversible validation. */
export async function validateBooking(bookingId: string) {
  return callApi(api, customerBookingCalls.validate, { params: { id: bookingId } });
}

/** SPEC.md §7 reads this call's error text from the response's `error` field. */
export function validationErrorMessage(error: unknown): string {
  return failureMessage(error, { prefer: 'error', fallback: VALIDATION_ERROR });
}

export function useValidateBooking(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => validateBooking(bookingId),
    // The detail (now locked) and the dashboard lists all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all }),
  });
}
