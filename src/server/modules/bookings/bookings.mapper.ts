import type { BookingLine, BookingRequestSummary } from '../../../shared/api/booking-request.schema';
import type { BookingStatus, PricingType } from '../../../shared/labels';
import { lineTotal, estimateTotal } from '../../../shared/pricing';
import { centsToEuros } from '../../../shared/money';
import type { BookingItemRow, BookingRequestRow } from './bookings.repository';

export interface LineCatalogueData {
  description: string;
  imageUrl: string | null;
}

export function toBookingLine(row: BookingItemRow, catalogue?: LineCatalogueData): BookingLine {
  const pricing = { basePrice: centsToEuros(row.basePriceCents), pricingType: row.pricingType as PricingType };
  const slot = row.startTime && row.endTime ? { startTime: row.startTime, endTime: row.endTime } : null;
  return {
    _id: row.id,
    kind: row.kind,
    name: row.name,
    catalogActivityId: row.kind === 'activity' ? row.catalogueItemId : null,
    catalogServiceId: row.kind === 'service' ? row.catalogueItemId : null,
    category: row.category,
    description: catalogue?.description ?? '',
    scheduledDate: row.scheduledDate,
    scheduledTime: slot ? `${slot.startTime}-${slot.endTime}` : null,
    selectedTimeSlot: slot,
    customParticipants: row.participants,
    followsBookingCount: row.followsBookingCount,
    pricing,
    availability: { duration: row.durationMinutes },
    images: catalogue?.imageUrl ? [{ url: catalogue.imageUrl, isDefault: true }] : [],
    total: lineTotal({ pricing, participants: row.participants }),
  };
}

export function toBookingSummary(
  row: Omit<BookingRequestRow, 'search'>,
  items: BookingItemRow[],
  catalogue: Map<string, LineCatalogueData>,
): BookingRequestSummary {
  const lines = items.map((item) => toBookingLine(item, catalogue.get(item.catalogueItemId)));
  return {
    _id: row.id,
    bookingRequestId: row.reference,
    establishment_id: row.establishmentId,
    customerId: row.customerId,
    bookingType: row.bookingType,
    type: row.type,
    participants: row.participants,
    startDate: row.startDate,
    endDate: row.endDate,
    mainContact: row.mainContact,
    note: row.note,
    additionalEventData: row.eventData,
    status: row.status as BookingStatus,
    clientValidation: row.clientValidation,
    adminValidation: row.adminValidation,
    estimatedTotal: estimateTotal(
      lines.map((line) => ({ pricing: line.pricing, participants: line.customParticipants })),
    ),
    createdAt: row.createdAt.toISOString(),
    lastModified: row.updatedAt.toISOString(),
    bookingActivities: lines.filter((line) => line.kind === 'activity'),
    bookingServices: lines.filter((line) => line.kind === 'service'),
  };
}
