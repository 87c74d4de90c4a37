import { canMove, STATUS_MOVE_MESSAGES, type BookingStatusValue } from '../../../shared/booking-status';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { inTransaction, type Tx } from '../../db/transaction';
import { queueMail, type ServiceDeps } from '../../deps';
import type { StaffSessionContext } from './staff-auth.service';
import { accessBooking } from '../bookings/booking-access.public';
import { findCustomerSummary } from '../bookings/booking-rows.service';
import { setBookingFields, type BookingRequestRow } from '../bookings/customer-bookings.service';
import type { MailMessage } from '../mail/mailer.public';
import type { MailContext } from '../mail/templates.public';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { stateOf } from './booking-snapshot';
import { buildStaffDetail, staffActor } from './staff-requests.service';

/*
 * The frame of every staff action on a request (staff-actions.service.ts): the booking locked for
 * the transaction, the lifecycle check, the fields set with their audit row, the organizer's mail.
 */

export function auditActor(staff: StaffSessionContext): AuditActor {
  return { actorType: 'staff', actorId: staff.staffId, actorName: staff.name };
}

export const statusOf = (booking: BookingRequestRow) => booking.status as BookingStatusValue;

/** Refuses a status change the lifecycle table does not allow (src/shared/booking-status.ts). */
export function requireMove(booking: BookingRequestRow, to: BookingStatusValue) {
  if (!canMove(statusOf(booking), to)) throw AppError.of('INVALID_TRANSITION', STATUS_MOVE_MESSAGES[to]);
}

/**
 * One staff action: the booking row locked (SELECT … FOR UPDATE) for the whole transaction, so two
 * concurrent actions on one booking run one after the other and the second sees the first's result.
 */
export async function locked<T>(
  deps: ServiceDeps,
  staff: StaffSessionContext,
  bookingId: string,
  work: (db: Tx, booking: BookingRequestRow) => Promise<T>,
): Promise<T> {
  return inTransaction(deps.db, async (db) => {
    const { booking } = await accessBooking(db, bookingId, staffActor(staff), { forUpdate: true });
    return work(db, booking);
  });
}

export async function organizerOf(db: Db, booking: BookingRequestRow) {
  const organizer = await findCustomerSummary(db, booking.customerId);
  return {
    email: organizer?.email ?? booking.mainContact.email,
    firstName: organizer?.firstName ?? booking.mainContact.firstName,
  };
}

/** A staff action whose answer is the booking's staff detail once the transaction is over. */
export async function lockedDetail(
  deps: ServiceDeps,
  staff: StaffSessionContext,
  bookingId: string,
  work: (db: Tx, booking: BookingRequestRow) => Promise<BookingRequestRow>,
) {
  return buildStaffDetail(deps.db, await locked(deps, staff, bookingId, work));
}

/** A change of the booking's fields, audited as `action`; `audit` adds to the state before and after. */
export interface Move {
  action: string;
  fields: Parameters<typeof setBookingFields>[2];
  audit?: { before?: Record<string, unknown>; after?: Record<string, unknown> };
}

/**
 * The usual end of an action: the booking's fields set, and the audit row with the state before
 * and after (plus what the action adds to each side).
 */
export async function moveAndAudit(
  db: Tx,
  staff: StaffSessionContext,
  booking: BookingRequestRow,
  { action, fields, audit = {} }: Move,
): Promise<BookingRequestRow> {
  const after = (await setBookingFields(db, booking.id, fields))!;
  await recordAudit(db, {
    ...auditActor(staff),
    bookingId: booking.id,
    action,
    before: { ...stateOf(booking), ...audit.before },
    after: { ...stateOf(after), ...audit.after },
  });
  return after;
}

/**
 * A transition that only sets fields: `refuse` throws when the booking may not take it, then the
 * move is made; the answer is the staff detail.
 */
export function fieldsTransition(move: Move, refuse: (booking: BookingRequestRow) => void) {
  return (deps: ServiceDeps, staff: StaffSessionContext, bookingId: string) =>
    lockedDetail(deps, staff, bookingId, async (db, booking) => {
      refuse(booking);
      return moveAndAudit(db, staff, booking, move);
    });
}

/** What every mail of an action says of the booking. */
export type MailBase = { firstName: string; reference: string; bookingId: string };

/**
 * A transition that e-mails the organizer in its transaction (docs/decisions.md, "E-mail"): `work`
 * checks and writes what the action adds, then gives its move and what the mail needs (`mailed`),
 * or undefined when the action changes nothing (no move, no audit, no mail); the organizer is read
 * after the move, and every such mail names the booking the same way.
 */
export async function mailedTransition<T>(
  deps: ServiceDeps,
  staff: StaffSessionContext,
  bookingId: string,
  work: (db: Tx, booking: BookingRequestRow) => Promise<(Move & { mailed: T }) | undefined>,
  mail: (mailed: T, context: MailContext, to: string, base: MailBase) => MailMessage,
): Promise<{ booking: BookingRequestRow; mailed: T | undefined }> {
  return locked(deps, staff, bookingId, async (db, current) => {
    const move = await work(db, current);
    if (!move) return { booking: current, mailed: undefined };
    const booking = await moveAndAudit(db, staff, current, move);
    const organizer = await organizerOf(db, booking);
    await queueMail(deps, db, (context) =>
      mail(move.mailed, context, organizer.email, {
        firstName: organizer.firstName,
        reference: booking.reference,
        bookingId: booking.id,
      }),
    );
    return { booking, mailed: move.mailed };
  });
}
