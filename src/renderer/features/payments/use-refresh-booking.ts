import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@renderer/shared/api/query-keys';

/** After a payment every view of the booking (detail, steps, collective card, dashboard) is stale. */
export function useRefreshBooking() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all });
}
