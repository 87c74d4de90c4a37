import { eq } from 'drizzle-orm';
import type {
  PgColumn,
  PgSelect,
  PgSelectBase,
  PgSelectDynamic,
  PgSelectJoin,
  PgTable,
  SelectedFields,
} from 'drizzle-orm/pg-core';
import type { Db } from './client';
import { bookingRequests, customers } from './schema';

/**
 * The joins several modules' queries share (a module may not read another module's repository, so
 * they live here): rows that belong to a booking (its lines, participants, payments, payment
 * config), read with their booking request and, where needed, its organizer.
 */

/** A table whose rows name their booking request. */
type BookingRowsTable = PgTable & { bookingId: PgColumn };

/** What drizzle infers for `db.select(fields).from(table).$dynamic()` joined with `booking_requests`. */
type WithBooking<F extends SelectedFields, T extends BookingRowsTable> = PgSelectJoin<
  PgSelectDynamic<PgSelectBase<T['_']['name'], F, 'partial'>>,
  true,
  'inner',
  typeof bookingRequests
>;

/**
 * `fields` of `table`'s rows, each with its booking request: a dynamic select, to be filtered. The
 * casts only restate for a generic table what drizzle infers for a concrete one.
 */
export function selectWithBooking<F extends SelectedFields, T extends BookingRowsTable>(
  db: Db,
  fields: F,
  table: T,
): WithBooking<F, T> {
  const rows = db
    .select(fields)
    .from(table as PgTable)
    .$dynamic() as unknown as PgSelect;
  return rows.innerJoin(bookingRequests, eq(bookingRequests.id, table.bookingId)) as unknown as WithBooking<F, T>;
}

/** `selectWithBooking`, and each booking's organizer (the customer who made it) with it. */
export function selectWithOrganizer<F extends SelectedFields, T extends BookingRowsTable>(db: Db, fields: F, table: T) {
  return selectWithBooking(db, fields, table).innerJoin(customers, eq(customers.id, bookingRequests.customerId));
}
