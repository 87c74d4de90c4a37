import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { joinedParticipants } from '../../db/participation';
import { bookingParticipants, bookingRequests } from '../../db/schema';

/** A scalar value read in the access's statement (`accessFactsWith`), written by its module's repository. */
export type Alongside<T> = SQL<T>;

/**
 * What the access rule reads of a booking (its establishment, organizer, surprise mode), whether
 * `customerId` joined it (their row's `guest_of_honour`, null for no joined row) and `alongside`
 * (a scalar value another module reads with the access: the chat's version), in ONE statement of
 * scalar columns and subqueries, so that a poll costs one round trip (docs/decisions.md, "Volume
 * and indexes", the chat polls). No row: no such booking. Returned unawaited so that its plan can
 * be checked (query-plans.test.ts).
 */
export function accessFactsQuery<T>(db: Db, bookingId: string, customerId: string | null, alongside: Alongside<T>) {
  const joined = customerId
    ? sql<boolean | null>`(select ${bookingParticipants.guestOfHonour} from ${bookingParticipants} where ${and(
        eq(bookingParticipants.bookingId, bookingRequests.id),
        eq(bookingParticipants.customerId, customerId),
        joinedParticipants(),
      )} limit 1)`
    : sql<boolean | null>`null::boolean`;
  return db
    .select({
      establishmentId: bookingRequests.establishmentId,
      customerId: bookingRequests.customerId,
      surprise: bookingRequests.surprise,
      guestOfHonour: joined,
      alongside,
    })
    .from(bookingRequests)
    .where(eq(bookingRequests.id, bookingId));
}
