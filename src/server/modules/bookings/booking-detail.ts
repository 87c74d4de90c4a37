import type { TimeSlot } from '../../../shared/api/catalogue.schema';
import type { BookingDetail } from '../../../shared/api/customer-booking.schema';
import { canEditBooking, canManageParticipants } from '../../../shared/editing-rule';
import type { Weekday } from '../../../shared/labels';
import type { Db } from '../../db/client';
import { paymentForDetail } from '../payments/payment-view';
import { editStateOf, type BookingAccess, type CustomerAccess } from './booking-access';
import { visibleParticipant } from './booking-participants';
import { type toBookingLine, toBookingSummary, toParticipant } from './bookings.mapper';
import {
  findCatalogueRows,
  findCustomerSummary,
  listBookingItems,
  listParticipants,
  listSlotsOf,
} from './bookings.repository';

/** The booking detail as the customer and the team read it (docs/architecture.md, "Modules"). */

/**
 * What everyone allowed to see a booking sees (lines with their slots, organizer, participants);
 * the customer detail adds the caller's role and permissions, the staff detail the team's data.
 */
export async function buildBookingView(db: Db, booking: BookingAccess['booking']) {
  const items = await listBookingItems(db, booking.id);
  const itemIds = [...new Set(items.map((item) => item.catalogueItemId))];
  const [catalogueRows, slots, participants, organizer] = await Promise.all([
    findCatalogueRows(db, itemIds),
    listSlotsOf(db, itemIds),
    listParticipants(db, booking.id),
    findCustomerSummary(db, booking.customerId),
  ]);
  const catalogue = new Map(
    catalogueRows.map((row) => [row.id, { description: row.description, imageUrl: row.imageUrl }]),
  );
  const summary = toBookingSummary(booking, items, catalogue);
  const slotsOf = (itemId: string): TimeSlot[] =>
    slots
      .filter((slot) => slot.itemId === itemId)
      .map((slot) => ({
        _id: slot.id,
        day: slot.day as Weekday,
        startTime: slot.startTime,
        endTime: slot.endTime,
        isActive: slot.isActive,
        capacity: slot.capacity,
      }));
  const withSlots = (line: ReturnType<typeof toBookingLine>) => ({
    ...line,
    timeSlots: slotsOf(line.catalogActivityId ?? line.catalogServiceId ?? ''),
  });
  return {
    ...summary,
    bookingActivities: summary.bookingActivities.map(withSlots),
    bookingServices: summary.bookingServices.map(withSlots),
    organizer: organizer ?? { firstName: '', lastName: '', email: '', phone: null },
    bookingParticipants: participants.map(toParticipant),
    activities: items.map((item) => ({ name: item.name, date: item.scheduledDate })),
  };
}

/** The customer's detail: the shared view, the caller's role and permissions, the payment state. */
export async function buildDetail(db: Db, access: CustomerAccess, customerId: string): Promise<BookingDetail> {
  const [view, payment] = await Promise.all([buildBookingView(db, access.booking), paymentForDetail(db, access)]);
  const state = editStateOf(access);
  const editable = canEditBooking(state);
  return {
    ...view,
    organizer: { firstName: view.organizer.firstName, lastName: view.organizer.lastName, email: view.organizer.email },
    userRole: access.role,
    connectedUserId: customerId,
    permissions: {
      canModify: editable,
      canModifyActivities: editable,
      canAddParticipants: canManageParticipants(state),
      canPay: payment.canPay,
    },
    participantDetails: access.participation
      ? {
          status: access.participation.invitationStatus,
          hasConnected: access.participation.hasConnected,
          joinedAt: access.participation.joinedAt?.toISOString() ?? null,
        }
      : null,
    bookingParticipants: view.bookingParticipants.map((row) =>
      visibleParticipant(row, access, access.booking.customerId),
    ),
    payment: payment.payment,
  };
}
