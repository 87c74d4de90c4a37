import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { joinedParticipants } from '../../db/participation';
import { bookingParticipants, bookingRequests } from '../../db/schema';

/** A scalar value read in the access's statement (`accessBookingWith`), written by its module's repository. */
export type Alongside<T> = SQL<T>;

/**
 * The booking's row, the caller's joined participation when `customerId` is given, and `alongside`
 * (a scalar value another module reads with the access: the chat's version) in ONE statement, so
 * that a poll costs one round trip (docs/decisions.md, "Volume and indexes", the chat polls). No
 * row: no such booking. Returned unawaited so that its plan can be checked (query-plans.test.ts).
 */
export function accessRowQuery<T>(db: Db, bookingId: string, customerId: string | null, alongside: Alongside<T>) {
  const participation = customerId
    ? and(
        eq(bookingParticipants.bookingId, bookingRequests.id),
        eq(bookingParticipants.customerId, customerId),
        joinedParticipants(),
      )
    : sql`false`;
  return db
    .select({ booking: bookingRequests, participation: bookingParticipants, alongside })
    .from(bookingRequests)
    .leftJoin(bookingParticipants, participation)
    .where(eq(bookingRequests.id, bookingId))
    .limit(1);
}
