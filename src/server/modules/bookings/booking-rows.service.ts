import type { Db } from '../../db/client';
import { CURRENT_CANCELLATION_TERMS } from '../../../shared/refund-policy';
import { scheduleBookingCompletion } from './booking-completion.public';
import * as sweeps from './booking-sweeps.repository';
import * as repo from './bookings.repository';

/**
 * What other modules write and read of a booking's row (docs/architecture.md, "Modules"): the
 * bookings module owns the table, so every write of it is one of bookings' repositories, and every
 * write moves lastModified the same way (bookings.repository.ts `nextUpdatedAt`).
 */

/** Participants and invitations: a change of the list or the links moves the booking's lastModified. */
export function touchBooking(db: Db, bookingId: string) {
  return repo.touchBooking(db, bookingId);
}

/**
 * Payments: the status and payment state a payment settles (a move the caller checked). A
 * confirmed booking's completion is scheduled in the same transaction.
 */
export async function setPaymentState(
  db: Db,
  bookingId: string,
  values: Pick<repo.BookingRequestRow, 'status' | 'paymentStatus'>,
) {
  const row = await repo.setPaymentState(db, bookingId, values);
  if (row?.status === 'confirmed') await onConfirmed(db, bookingId, row.endDate);
}

/**
 * What follows a booking being (or staying) confirmed, in its transaction: its completion job at
 * its last day, and the cancellation terms of the day kept with it (docs/decisions.md, "Payments").
 */
export async function onConfirmed(db: Db, bookingId: string, endDate: string) {
  await scheduleBookingCompletion(db, bookingId, endDate);
  await repo.freezeCancellationTerms(db, bookingId, CURRENT_CANCELLATION_TERMS);
}

/** Sweeps: every unpaid option whose due date passed, canceled (each once). */
export function releaseExpiredOptions(db: Db, now: Date) {
  return sweeps.releaseExpiredOptions(db, now);
}

/** Sweeps: confirmed bookings whose last day is before `today`, completed (each once). */
export function completeFinishedBookings(db: Db, today: string) {
  return sweeps.completeFinishedBookings(db, today);
}

/** Contracts: the booking a `contrat-{reference}.pdf` file names. */
export function findBookingIdByReference(db: Db, reference: string) {
  return repo.findBookingIdByReference(db, reference);
}

/** Staff, payments, contracts: the organizer's name and contact. */
export function findCustomerSummary(db: Db, customerId: string) {
  return repo.findCustomerSummary(db, customerId);
}

/** Staff, payments, contracts: the booking's lines. */
export function listBookingItems(db: Db, bookingId: string) {
  return repo.listBookingItems(db, bookingId);
}

/** The deadline catch-up: confirmed bookings' last days and unpaid options' due dates. */
export function listOpenDeadlines(db: Db) {
  return sweeps.listOpenDeadlines(db);
}

/** Payments: the organizer's cancellation (a move the caller checked under the row lock). */
export function setCanceled(db: Db, bookingId: string, reason: string, at: Date) {
  return repo.setBookingFields(db, bookingId, { status: 'canceled', cancelReason: reason, canceledAt: at });
}
