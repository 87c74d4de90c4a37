import type { z } from 'zod';
import {
  BOOKING_EDIT_MESSAGES,
  type bookingListQuery,
  type InvitationListItem,
} from '../../../shared/api/customer-booking.schema';
import { STATUS_MOVE_MESSAGES } from '../../../shared/booking-status';
import { canEditBooking } from '../../../shared/editing-rule';
import type { BookingStatus } from '../../../shared/labels';
import { isUuid } from '../../../shared/validation';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { ServiceDeps } from '../../deps';
import { changedFields, customerActor, recordAudit } from '../audit/audit.service';
import type { SessionContext } from '../auth/sessions.service';
import { onConfirmed } from './booking-rows.service';
import { markParticipantConnected } from './participant-list.public';
import { bookingNotFound, customerAccess, customerAccessOf, editStateOf } from './booking-access.public';
import { buildDetail, customerDetailOf, type DetailPayment } from './booking-detail.public';
import { findBookingParts } from './booking-detail.repository';
import { scheduleEditCall } from './booking-schedule.service';
import { scheduleOf } from './schedule-audit.public';
import { toBookingSummary } from './bookings.mapper';
import {
  findBooking,
  listInvitedBookings,
  listItemsOfBookings,
  listOwnBookings,
  setBookingFields as writeBookingFields,
} from './bookings.repository';

/**
 * The customer's calls on their requests (SPEC.md §7): list, invitations, detail, edit, validation.
 * Access, the detail, the schedule and the participants have their own files beside this one.
 */

// The row types other modules name; what they read and write of a booking is booking-rows.service.ts.
export type { BookingItemRow, BookingRequestRow } from './bookings.repository';

/** The customer's calls' deps: the detail's payment part is payments' (booking-detail.public.ts). */
export interface CustomerBookingDeps extends ServiceDeps {
  detailPayment: DetailPayment;
}

/**
 * Sets fields of a booking (the customer's validation, the staff actions). A status it sets must be
 * a move the lifecycle table allows from the row's status, or the status the row already has
 * (src/shared/booking-status.ts): otherwise nothing is written and the move is refused (409),
 * whatever the caller checked before. Undefined when there is no booking `id`.
 */
export async function setBookingFields(db: Db, id: string, values: Parameters<typeof writeBookingFields>[2]) {
  const row = await writeBookingFields(db, id, values);
  // A booking confirmed, or a confirmed one whose dates moved: its completion at its last day (and
  // its cancellation terms kept, once).
  if (row?.status === 'confirmed') await onConfirmed(db, row.id, row.endDate);
  if (!row && values.status !== undefined && (await findBooking(db, id))) {
    throw AppError.of('INVALID_TRANSITION', STATUS_MOVE_MESSAGES[values.status]);
  }
  return row;
}

const locked = () => AppError.of('BOOKING_LOCKED', BOOKING_EDIT_MESSAGES.locked);

export async function listCustomerBookings(
  deps: ServiceDeps,
  session: SessionContext,
  query: z.output<typeof bookingListQuery>,
) {
  const { rows, total } = await listOwnBookings(deps.db, session.customerId, query);
  // One query for the lines of the whole page, not one per booking.
  const items = await listItemsOfBookings(
    deps.db,
    rows.map((row) => row.id),
  );
  const bookingRequests = rows.map((row) => toBookingSummary(row, items.get(row.id) ?? [], new Map()));
  return {
    bookingRequests,
    pagination: { page: query.page, limit: query.limit, total, pages: Math.max(1, Math.ceil(total / query.limit)) },
    nextCursor: rows.length === query.limit ? rows[rows.length - 1]!.id : null,
  };
}

export async function listCustomerInvitations(deps: ServiceDeps, session: SessionContext) {
  const rows = await listInvitedBookings(deps.db, session.customerId);
  const invitations: InvitationListItem[] = rows.map(({ booking, participant, organizer }) => ({
    _id: booking.id,
    bookingRequestId: booking.reference,
    status: booking.status as BookingStatus,
    userRole: 'participant',
    bookingType: booking.bookingType,
    type: booking.type,
    startDate: booking.startDate,
    endDate: booking.endDate,
    participants: booking.participants,
    organizer: { firstName: organizer.firstName, lastName: organizer.lastName, email: organizer.email },
    note: booking.note,
    mainContact: booking.mainContact,
    participationStatus: participant.invitationStatus,
    hasConnected: participant.hasConnected,
    joinedAt: participant.joinedAt?.toISOString() ?? null,
    participantId: participant.id,
  }));
  return { invitations, pagination: { page: 1, limit: invitations.length, total: invitations.length, pages: 1 } };
}

/** The detail in one query (docs/decisions.md, "One query per detail"): the access rule applied to what it loaded. */
export async function getCustomerBooking(deps: CustomerBookingDeps, session: SessionContext, bookingId: string) {
  const parts = isUuid(bookingId) ? await findBookingParts(deps.db, bookingId) : undefined;
  if (!parts) throw bookingNotFound();
  const access = customerAccessOf(parts.booking, session.customerId, parts.participants);
  // A participant's first visit marks them connected: the detail shows the updated row.
  const participation = await markParticipantConnected(deps.db, access);
  access.participation = participation;
  const participants = parts.participants.map((row) => (row.id === participation?.id ? participation : row));
  return customerDetailOf(deps.db, { ...parts, participants }, access, session.customerId, deps.detailPayment);
}

/**
 * PUT of SPEC.md §7: a partial update under the editing rule of SPEC.md §4, applied only if
 * nobody changed the request since `lastModified` (409 otherwise), in one transaction, with its
 * audit entry (the fields it changed, before → after; none when it changed nothing).
 */
export const updateCustomerBooking = scheduleEditCall(
  (deps: CustomerBookingDeps, session: SessionContext, bookingId, edit) =>
    inTransaction(deps.db, async (db) => {
      const access = await customerAccess(db, bookingId, session.customerId, { forUpdate: true });
      if (!canEditBooking(editStateOf(access))) throw locked();
      const before = await scheduleOf(db, access.booking);
      const updated = await edit(db, access.booking);
      const changes = changedFields(before, await scheduleOf(db, updated));
      if (changes) {
        const actor = await customerActor(db, session.customerId, 'Organisateur');
        await recordAudit(db, { ...actor, bookingId: updated.id, action: 'client_edit', ...changes });
      }
      return buildDetail(db, { ...access, booking: updated }, session.customerId, deps.detailPayment);
    }),
);

/** The organizer's validation (SPEC.md §4): irreversible; the participant list is then frozen. */
export async function validateCustomerBooking(deps: CustomerBookingDeps, session: SessionContext, bookingId: string) {
  return inTransaction(deps.db, async (db) => {
    const access = await customerAccess(db, bookingId, session.customerId, { forUpdate: true });
    if (access.role !== 'organizer') throw AppError.of('FORBIDDEN', BOOKING_EDIT_MESSAGES.onlyOrganizerValidates);
    if (access.booking.clientValidation === 'validated') {
      throw AppError.of('ALREADY_VALIDATED', BOOKING_EDIT_MESSAGES.alreadyValidated);
    }
    if (access.booking.status !== 'draft') throw AppError.of('NOT_DRAFT', BOOKING_EDIT_MESSAGES.notDraft);
    const updated = await setBookingFields(db, access.booking.id, { clientValidation: 'validated' });
    // The team sees in the audit trail when the organizer committed to the request.
    await recordAudit(db, {
      ...(await customerActor(db, session.customerId, 'Organisateur')),
      bookingId: access.booking.id,
      action: 'client_validate',
      before: { clientValidation: 'pending' },
      after: { clientValidation: 'validated' },
    });
    return buildDetail(db, { ...access, booking: updated! }, session.customerId, deps.detailPayment);
  });
}
