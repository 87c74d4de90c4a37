import type { Tx } from '../../db/transaction';
import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { CancellationTerms } from '../../../shared/refund-policy';
import { checkedMoves, STATUSES_HOLDING_PLACES, statusesMovingTo } from '../../../shared/booking-status';
import { rowsOf, type Db } from '../../db/client';
import { joinedParticipants, participantRowsOfPerson, type ErasedPerson } from '../../db/participation';
import {
  bookingItems,
  bookingParticipants,
  bookingRequests,
  catalogueItems,
  customers,
  timeSlots,
} from '../../db/schema';
import { selectWithBooking, selectWithOrganizer } from '../../db/booking-joins';

export type BookingRequestRow = typeof bookingRequests.$inferSelect;
export type BookingItemRow = typeof bookingItems.$inferSelect;
export type CatalogueRow = typeof catalogueItems.$inferSelect;

/**
 * A booking row's next lastModified: now, and always after the one it had, so that two changes in
 * the same millisecond still differ (the `lastModified` guard). Every write of the row sets it
 * with this, here and in booking-sweeps.repository.ts.
 */
export function nextUpdatedAt(): SQL {
  return sql`greatest(now(), ${bookingRequests.updatedAt} + interval '1 millisecond')`;
}

/** A change of the booking's participant list or links moves its lastModified, as any other change does. */
export async function touchBooking(db: Db, id: string) {
  await db.update(bookingRequests).set({ updatedAt: nextUpdatedAt() }).where(eq(bookingRequests.id, id));
}

/** The booking's status and payment state after a payment (payments/payment-effects.ts `settle`). */
export async function setPaymentState(db: Db, id: string, values: Pick<BookingRequestRow, 'status' | 'paymentStatus'>) {
  const [row] = await db
    .update(bookingRequests)
    .set({ ...values, updatedAt: nextUpdatedAt() })
    .where(eq(bookingRequests.id, id))
    .returning({ status: bookingRequests.status, endDate: bookingRequests.endDate });
  return row;
}

/**
 * Keeps the cancellation terms in force with a booking that is confirmed, once: a booking confirmed
 * again (or whose dates moved) keeps its first copy (docs/decisions.md, "Payments").
 */
export async function freezeCancellationTerms(db: Db, id: string, terms: CancellationTerms) {
  await db
    .update(bookingRequests)
    .set({ cancellationTerms: terms })
    .where(
      and(
        eq(bookingRequests.id, id),
        eq(bookingRequests.status, 'confirmed'),
        isNull(bookingRequests.cancellationTerms),
      ),
    );
}

/** The booking a contract's file name `contrat-{reference}.pdf` names. */
export async function findBookingIdByReference(db: Db, reference: string) {
  const [row] = await db
    .select({ id: bookingRequests.id })
    .from(bookingRequests)
    .where(eq(bookingRequests.reference, reference));
  return row?.id;
}

export async function nextReferenceNumber(db: Db): Promise<number> {
  const result = await db.execute<{ value: string | number }>(sql`select nextval('booking_reference_seq') as value`);
  const rows = rowsOf<{ value: string | number }>(result);
  return Number(rows[0]!.value);
}

export async function findCatalogueRows(db: Db, ids: string[]): Promise<CatalogueRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(catalogueItems).where(inArray(catalogueItems.id, ids));
}

export async function insertBookingRequest(db: Db, values: typeof bookingRequests.$inferInsert) {
  const rows = await db.insert(bookingRequests).values(values).returning();
  return rows[0]!;
}

export async function insertBookingItems(db: Db, values: (typeof bookingItems.$inferInsert)[]) {
  if (values.length === 0) return [];
  return db.insert(bookingItems).values(values).returning();
}

export async function listBookingItems(db: Db, bookingId: string): Promise<BookingItemRow[]> {
  return db
    .select()
    .from(bookingItems)
    .where(eq(bookingItems.bookingId, bookingId))
    .orderBy(asc(bookingItems.scheduledDate), asc(bookingItems.sortOrder));
}

/** The lines of several bookings in one query (a list page), by booking id, each in its detail order. */
export async function listItemsOfBookings(db: Db, bookingIds: string[]): Promise<Map<string, BookingItemRow[]>> {
  const byBooking = new Map<string, BookingItemRow[]>(bookingIds.map((id) => [id, []]));
  if (bookingIds.length === 0) return byBooking;
  const rows = await itemsOfBookingsQuery(db, bookingIds);
  for (const row of rows) byBooking.get(row.bookingId)?.push(row);
  return byBooking;
}

/** The query of `listItemsOfBookings`, unrun (its plan is checked by tests/api/query-plans.test.ts). */
export function itemsOfBookingsQuery(db: Db, bookingIds: string[]) {
  return db
    .select()
    .from(bookingItems)
    .where(inArray(bookingItems.bookingId, bookingIds))
    .orderBy(asc(bookingItems.scheduledDate), asc(bookingItems.sortOrder));
}

export async function listOwnBookings(
  db: Db,
  customerId: string,
  filter: { status?: BookingRequestRow['status']; page: number; limit: number; cursor?: string },
) {
  const rows = await ownBookingsQuery(db, customerId, filter);
  // A first page not full is every row: no count to ask for (most customers have a few requests).
  if (!filter.cursor && filter.page === 1 && rows.length < filter.limit) return { rows, total: rows.length };
  const conditions = [eq(bookingRequests.customerId, customerId)];
  if (filter.status) conditions.push(eq(bookingRequests.status, filter.status));
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(bookingRequests)
    .where(and(...conditions));
  return { rows, total: Number(total) };
}

/** A request's columns but its search words (a tsvector the lists never show). */
const { search: _searchWords, ...listedColumns } = getTableColumns(bookingRequests);

/** The page query of `listOwnBookings`, unrun (its plan is checked by tests/api/query-plans.test.ts). */
export function ownBookingsQuery(
  db: Db,
  customerId: string,
  filter: { status?: BookingRequestRow['status']; page: number; limit: number; cursor?: string },
) {
  const conditions = [eq(bookingRequests.customerId, customerId)];
  if (filter.status) conditions.push(eq(bookingRequests.status, filter.status));
  // Keyset paging: the rows after the cursor's row, read from the index (docs/decisions.md, "Volume and indexes").
  if (filter.cursor) {
    conditions.push(
      sql`(${bookingRequests.createdAt}, ${bookingRequests.id}) < (select c.created_at, c.id from booking_requests c
        where c.id = ${filter.cursor} and c.customer_id = ${customerId})`,
    );
  }
  return db
    .select(listedColumns)
    .from(bookingRequests)
    .where(and(...conditions))
    .orderBy(desc(bookingRequests.createdAt), desc(bookingRequests.id))
    .limit(filter.limit)
    .offset(filter.cursor ? 0 : (filter.page - 1) * filter.limit);
}

/** Requests where the customer is an active participant but not the organizer. */
export async function listInvitedBookings(db: Db, customerId: string) {
  const fields = { booking: bookingRequests, participant: bookingParticipants, organizer: customers };
  return selectWithOrganizer(db, fields, bookingParticipants)
    .where(
      and(
        eq(bookingParticipants.customerId, customerId),
        joinedParticipants(),
        ne(bookingRequests.customerId, customerId),
      ),
    )
    .orderBy(asc(bookingRequests.startDate));
}

export { findBookingRow as findBooking } from '../../db/booking-row';

export async function findCustomerSummary(db: Db, id: string) {
  const rows = await db
    .select({
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      phone: customers.phone,
    })
    .from(customers)
    .where(eq(customers.id, id));
  return rows[0];
}

export async function listSlotsOf(db: Db, itemIds: string[]) {
  if (itemIds.length === 0) return [];
  return db.select().from(timeSlots).where(inArray(timeSlots.itemId, itemIds)).orderBy(asc(timeSlots.startTime));
}

/** Locks a slot row so that two bookings cannot both take its last places. */
export async function lockSlot(db: Tx, slotId: string) {
  await db.select({ id: timeSlots.id }).from(timeSlots).where(eq(timeSlots.id, slotId)).for('update');
}

/**
 * Participants already booked on an item's slot on a date, over the requests other than
 * `exceptBookingId` that hold places (src/shared/booking-status.ts `STATUSES_HOLDING_PLACES`).
 */
export async function bookedOnSlot(
  db: Db,
  slot: { itemId: string; date: string; startTime: string },
  exceptBookingId: string,
): Promise<number> {
  const fields = { total: sql<string>`coalesce(sum(${bookingItems.participants}), 0)` };
  const [row] = await selectWithBooking(db, fields, bookingItems).where(
    and(
      eq(bookingItems.catalogueItemId, slot.itemId),
      eq(bookingItems.scheduledDate, slot.date),
      eq(bookingItems.startTime, slot.startTime),
      ne(bookingItems.bookingId, exceptBookingId),
      inArray(bookingRequests.status, STATUSES_HOLDING_PLACES),
    ),
  );
  return Number(row?.total ?? 0);
}

export async function deleteBookingItems(db: Db, bookingId: string, kind: 'activity' | 'service') {
  await db.delete(bookingItems).where(and(eq(bookingItems.bookingId, bookingId), eq(bookingItems.kind, kind)));
}

export async function updateBookingItemDates(db: Db, bookingId: string, shiftDays: number) {
  await db
    .update(bookingItems)
    .set({ scheduledDate: sql`${bookingItems.scheduledDate} + ${shiftDays}::int` })
    .where(eq(bookingItems.bookingId, bookingId));
}

type BookingFields = Partial<typeof bookingRequests.$inferInsert>;

/**
 * The condition a write of `values` carries on the row's status: none when it sets no status;
 * otherwise the row's status must be one the lifecycle table lets move to the new one
 * (src/shared/booking-status.ts), or already be it (a write that keeps the status, as a payment
 * configuration edited on a prebooked booking). A move the table refuses changes no row.
 */
function statusMayBecome(values: BookingFields): SQL | undefined {
  const to = values.status;
  if (to === undefined) return undefined;
  return inArray(bookingRequests.status, [...statusesMovingTo(to), to]);
}

/** Writes only when nobody changed the request since `lastModified` was read (no lost update). */
export async function updateBookingIfUnchanged(db: Db, id: string, lastModified: Date, values: BookingFields) {
  const rows = await db
    .update(bookingRequests)
    .set({ ...values, updatedAt: nextUpdatedAt() })
    .where(
      and(
        eq(bookingRequests.id, id),
        sql`date_trunc('milliseconds', ${bookingRequests.updatedAt}) = ${lastModified.toISOString()}::timestamptz`,
        statusMayBecome(values),
      ),
    )
    .returning();
  return rows[0];
}

/** Sets fields of a booking; a status it sets keeps to the lifecycle table (`statusMayBecome`). */
export async function setBookingFields(db: Db, id: string, values: BookingFields) {
  const rows = await db
    .update(bookingRequests)
    .set({ ...values, updatedAt: nextUpdatedAt() })
    .where(and(eq(bookingRequests.id, id), statusMayBecome(values)))
    .returning();
  return rows[0];
}

export async function setBookingItemParticipants(db: Db, id: string, participants: number) {
  await db.update(bookingItems).set({ participants }).where(eq(bookingItems.id, id));
}

export async function deleteBookingItemsById(db: Db, ids: string[]) {
  if (ids.length === 0) return;
  await db.delete(bookingItems).where(inArray(bookingItems.id, ids));
}

// ---------------------------------------------------------------- account deletion (account-erasure.public.ts)

export type { ErasedPerson };

/**
 * Locks, in id order, every booking the person organizes or appears in, before their rows are
 * written: joins, edits and payments lock the booking row first too, so none of them interleaves
 * with the erasure and no two lock in opposite orders.
 */
export async function lockBookingsOfPerson(db: Tx, person: ErasedPerson) {
  const involved = db
    .select({ id: bookingParticipants.bookingId })
    .from(bookingParticipants)
    .where(participantRowsOfPerson(person));
  return db
    .select({ id: bookingRequests.id })
    .from(bookingRequests)
    .where(or(eq(bookingRequests.customerId, person.id), inArray(bookingRequests.id, involved)))
    .orderBy(asc(bookingRequests.id))
    .for('update');
}

/** The main contact of every booking the customer organizes, replaced (updatedAt kept: nothing of the booking moved). */
export async function replaceMainContactsOf(
  db: Db,
  customerId: string,
  contact: (typeof bookingRequests.$inferSelect)['mainContact'],
) {
  await db.update(bookingRequests).set({ mainContact: contact }).where(eq(bookingRequests.customerId, customerId));
}

/** The statuses account deletion cancels: drafts only, a move the lifecycle table allows. */
const DRAFTS_ONLY = checkedMoves(['draft'], 'canceled');

/** Cancels the customer's bookings still in draft; returns their ids. */
export async function cancelDraftsOf(db: Db, customerId: string, reason: string) {
  return db
    .update(bookingRequests)
    .set({
      status: 'canceled',
      cancelReason: reason,
      canceledAt: new Date(),
      updatedAt: nextUpdatedAt(),
    })
    .where(and(eq(bookingRequests.customerId, customerId), inArray(bookingRequests.status, DRAFTS_ONLY)))
    .returning({ id: bookingRequests.id });
}
