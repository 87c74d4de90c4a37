import type { BookingItemRow, BookingRequestRow } from '../bookings/customer-bookings.service';

/** The part of a booking the audit trail records before and after each change. */
export function stateOf(booking: BookingRequestRow): Record<string, unknown> {
  return {
    status: booking.status,
    clientValidation: booking.clientValidation,
    adminValidation: booking.adminValidation,
    paymentStatus: booking.paymentStatus,
  };
}

/** The estimate of the lines in cents (src/shared/pricing.ts's rule): the default quote total. */
export function estimateOf(items: BookingItemRow[]): number {
  return items.reduce(
    (sum, item) =>
      sum +
      (item.pricingType === 'per_person' ? item.basePriceCents * Math.max(0, item.participants) : item.basePriceCents),
    0,
  );
}
