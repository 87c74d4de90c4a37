import type { TimeSlot } from '../../../shared/api/catalogue.schema';
import type { BookingDetail } from '../../../shared/api/customer-booking.schema';
import { canEditBooking, canManageParticipants } from '../../../shared/editing-rule';
import type { Weekday } from '../../../shared/labels';
import type { Db } from '../../db/client';
import { toParticipant, visibleParticipant } from './participant-list.public';
import { editStateOf, keptInSurprise, type BookingAccess, type CustomerAccess } from './booking-access.public';
import { type toBookingLine, toBookingSummary } from './bookings.mapper';
import { findBookingParts, type BookingParts } from './booking-detail.repository';

/** The booking detail as the customer and the team read it (docs/architecture.md, "Modules"). */

/**
 * What everyone allowed to see a booking sees (lines with their slots, organizer, participants);
 * the customer detail adds the caller's role and permissions, the staff detail the team's data.
 * Read in one query (booking-detail.repository.ts); `booking` is the caller's copy (it may hold
 * an update the same transaction just wrote).
 */
export async function buildBookingView(db: Db, booking: BookingAccess['booking']) {
  const parts = await findBookingParts(db, booking.id);
  return bookingViewOf({ ...(parts ?? emptyParts(booking)), booking });
}

function emptyParts(booking: BookingAccess['booking']): BookingParts {
  return {
    booking,
    items: [],
    catalogue: [],
    slots: [],
    participants: [],
    organizer: undefined,
    paymentConfig: undefined,
  };
}

/** The shared view from a booking's loaded parts (no query). */
export function bookingViewOf(parts: BookingParts) {
  const { booking, items, slots } = parts;
  const catalogue = new Map(
    parts.catalogue.map((row) => [row.id, { description: row.description, imageUrl: row.imageUrl }]),
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
    organizer: parts.organizer ?? { firstName: '', lastName: '', email: '', phone: null },
    bookingParticipants: parts.participants.map(toParticipant),
    activities: items.map((item) => ({ name: item.name, date: item.scheduledDate })),
  };
}

/**
 * The detail's payment part from what the detail loaded, composed by payments
 * (payments/payment-view.public.ts `paymentForDetailOf`, handed in by app.ts): bookings does not
 * depend on payments, which depends on bookings (docs/architecture.md, "Boundaries").
 */
export type DetailPayment = (
  db: Db,
  access: CustomerAccess,
  config: BookingParts['paymentConfig'],
  participants: BookingParts['participants'],
) => Promise<{ payment: BookingDetail['payment']; canPay: boolean }>;

/**
 * The customer's detail from the booking's parts and the caller's access: the shared view, the
 * caller's role and permissions, the payment state (`detailPayment`).
 */
export async function customerDetailOf(
  db: Db,
  parts: BookingParts,
  access: CustomerAccess,
  customerId: string,
  detailPayment: DetailPayment,
): Promise<BookingDetail> {
  const view = bookingViewOf({ ...parts, booking: access.booking });
  const payment = await detailPayment(db, access, parts.paymentConfig, parts.participants);
  const state = editStateOf(access);
  const editable = canEditBooking(state);
  const detail: BookingDetail = {
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
    surprise: access.booking.surprise,
    programmeHidden: false,
  };
  return keptInSurprise(access) ? surpriseDetailOf(detail) : detail;
}

/**
 * What a guest of honour of a surprise reads: the date, the place and « surprise », no activity,
 * service, schedule, price or note, stripped here so that no client can show it
 * (docs/decisions.md, "Group shares").
 */
function surpriseDetailOf(detail: BookingDetail): BookingDetail {
  return {
    ...detail,
    note: '',
    estimatedTotal: 0,
    bookingActivities: [],
    bookingServices: [],
    activities: [],
    permissions: { canModify: false, canModifyActivities: false, canAddParticipants: false, canPay: false },
    payment: { config: null, status: detail.payment.status, totalAmount: null, collective: null },
    programmeHidden: true,
  };
}

/** The customer's detail of a booking already accessed (after an edit: read again, in one query). */
export async function buildDetail(
  db: Db,
  access: CustomerAccess,
  customerId: string,
  detailPayment: DetailPayment,
): Promise<BookingDetail> {
  const parts = await findBookingParts(db, access.booking.id);
  return customerDetailOf(db, parts ?? emptyParts(access.booking), access, customerId, detailPayment);
}
