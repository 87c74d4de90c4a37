import { and, eq, inArray, lt, ne, notExists, sql } from 'drizzle-orm';
import { checkedMoves } from '../../../shared/booking-status';
import type { Db } from '../../db/client';
import { bookingRequests, paymentConfigs, payments } from '../../db/schema';
import { nextUpdatedAt } from './bookings.repository';

/** The sweeps' writes of the booking row (sweeps/sweeps.service.ts calls them through booking-rows.service.ts). */

export const OPTION_RELEASED_REASON = 'Option libérée : paiement non reçu à l’échéance';

// The sweeps' moves, each checked against the lifecycle table when this module loads
// (src/shared/booking-status.ts): options are released, not every booking that may be canceled.
const RELEASED_OPTIONS = checkedMoves(['prebooked'], 'canceled');
const FINISHED_BOOKINGS = checkedMoves(['confirmed'], 'completed');

/**
 * Cancels, in one statement, every unpaid option whose due date passed. The row-level WHERE is
 * re-checked by PostgreSQL after waiting on a row another instance is changing, so with several
 * instances sweeping at once each option is released exactly once (by whoever got it first).
 */
export function releaseExpiredOptions(db: Db, now: Date) {
  return db
    .update(bookingRequests)
    .set({
      status: 'canceled',
      cancelReason: OPTION_RELEASED_REASON,
      canceledAt: now,
      updatedAt: nextUpdatedAt(),
    })
    .from(paymentConfigs)
    .where(
      and(
        eq(paymentConfigs.bookingId, bookingRequests.id),
        inArray(bookingRequests.status, RELEASED_OPTIONS),
        eq(bookingRequests.paymentStatus, 'unpaid'),
        lt(paymentConfigs.dueAt, now),
        // The organizer chose to pay the rest on site: the team decides (docs/decisions.md, "The organizer's guarantee").
        sql`${paymentConfigs.dueChoice} is distinct from 'on_site'`,
        // A guarantee card saved: its charge at the due date confirms the booking, or its refusal
        // is the team's to decide ('Garantie refusée'); the option is never released before it.
        sql`not exists (select 1 from deposit_cards d where d.booking_id = ${bookingRequests.id}
          and d.guarantee_settlement is not null and d.payment_method_id is not null)`,
        // Money in or a hold placed (even if the status is not updated yet): the team decides. A
        // refund row is money given back, not kept: a payment refused and refunded does not count.
        notExists(
          db
            .select({ one: sql`1` })
            .from(payments)
            .where(
              and(
                eq(payments.bookingId, bookingRequests.id),
                inArray(payments.status, ['completed', 'authorized']),
                ne(payments.kind, 'refund'),
              ),
            ),
        ),
      ),
    )
    .returning({
      id: bookingRequests.id,
      reference: bookingRequests.reference,
      customerId: bookingRequests.customerId,
      dueAt: paymentConfigs.dueAt,
      mainContact: bookingRequests.mainContact,
    });
}

/** Confirmed bookings whose last day is before `today` become completed (one statement, each once). */
export function completeFinishedBookings(db: Db, today: string) {
  return db
    .update(bookingRequests)
    .set({
      status: 'completed',
      updatedAt: nextUpdatedAt(),
    })
    .where(and(inArray(bookingRequests.status, FINISHED_BOOKINGS), lt(bookingRequests.endDate, today)))
    .returning({ id: bookingRequests.id, reference: bookingRequests.reference, endDate: bookingRequests.endDate });
}

/** Completes one confirmed booking whose last day is before `today` (a replayed run finds nothing). */
export function completeFinishedBooking(db: Db, id: string, today: string) {
  return db
    .update(bookingRequests)
    .set({ status: 'completed', updatedAt: nextUpdatedAt() })
    .where(
      and(
        eq(bookingRequests.id, id),
        inArray(bookingRequests.status, FINISHED_BOOKINGS),
        lt(bookingRequests.endDate, today),
      ),
    )
    .returning({ id: bookingRequests.id, reference: bookingRequests.reference, endDate: bookingRequests.endDate });
}

/** The catch-up's reads: every confirmed booking's last day, every unpaid option's due date. */
export function listOpenDeadlines(db: Db) {
  return Promise.all([
    db
      .select({ id: bookingRequests.id, endDate: bookingRequests.endDate })
      .from(bookingRequests)
      .where(inArray(bookingRequests.status, FINISHED_BOOKINGS)),
    db
      .select({ id: bookingRequests.id, dueAt: paymentConfigs.dueAt })
      .from(bookingRequests)
      .innerJoin(paymentConfigs, eq(paymentConfigs.bookingId, bookingRequests.id))
      .where(and(inArray(bookingRequests.status, RELEASED_OPTIONS), eq(bookingRequests.paymentStatus, 'unpaid'))),
  ]).then(([confirmed, options]) => ({ confirmed, options }));
}
