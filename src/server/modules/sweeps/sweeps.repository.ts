import { and, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import { checkedMoves } from '../../../shared/booking-status';
import type { Db } from '../../db/client';
import { bookingRequests, messages, paymentConfigs, payments } from '../../db/schema';

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
      updatedAt: sql`greatest(now(), ${bookingRequests.updatedAt} + interval '1 millisecond')`,
    })
    .from(paymentConfigs)
    .where(
      and(
        eq(paymentConfigs.bookingId, bookingRequests.id),
        inArray(bookingRequests.status, RELEASED_OPTIONS),
        eq(bookingRequests.paymentStatus, 'unpaid'),
        lt(paymentConfigs.dueAt, now),
        // Money in or a hold placed (even if the status is not updated yet): the team decides.
        notExists(
          db
            .select({ one: sql`1` })
            .from(payments)
            .where(
              and(eq(payments.bookingId, bookingRequests.id), inArray(payments.status, ['completed', 'authorized'])),
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
      updatedAt: sql`greatest(now(), ${bookingRequests.updatedAt} + interval '1 millisecond')`,
    })
    .where(and(inArray(bookingRequests.status, FINISHED_BOOKINGS), lt(bookingRequests.endDate, today)))
    .returning({ id: bookingRequests.id, reference: bookingRequests.reference, endDate: bookingRequests.endDate });
}

export { findCustomerContact as findOrganizer } from '../../db/customer-contact';

/** A line in the booking's chat written as the team (the chat shows it as 'Équipe'). */
export async function insertTeamMessage(db: Db, bookingId: string, content: string) {
  await db.insert(messages).values({ bookingId, authorType: 'team', authorName: 'Équipe', content });
}
