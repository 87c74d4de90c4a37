import { eq } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { bookingRequests, customers } from './schema';

/**
 * The joins several modules' queries share (a module may not read another module's repository, so
 * they live here). They take a dynamic select (`.$dynamic()`) and give it back joined.
 */

/** Each row with its booking request: `bookingId` is the row's column that names it. */
export function joinBooking<T extends PgSelect>(query: T, bookingId: PgColumn) {
  return query.innerJoin(bookingRequests, eq(bookingRequests.id, bookingId));
}

/** A query that already reaches `booking_requests`, with the booking's organizer (the customer who made it). */
export function joinOrganizer<T extends PgSelect>(query: T) {
  return query.innerJoin(customers, eq(customers.id, bookingRequests.customerId));
}
