import { and, eq, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookingParticipants, bookingRequests } from '../../db/schema';

/** Data retention's reads and writes of the booking rows (docs/decisions.md, "Data retention"). */

// Written with qualified names: drizzle leaves a column unqualified in a one-table query, and
// `booking_id = id` inside a sub-select would then compare the sub-select's own columns.

/** The last activity of a booking: its row's last change, its last message, its last payment change. */
const lastActivity = sql<Date>`greatest(
  "booking_requests"."updated_at",
  coalesce((select max(m.created_at) from messages m where m.booking_id = "booking_requests"."id"), "booking_requests"."updated_at"),
  coalesce((select max(p.updated_at) from payments p where p.booking_id = "booking_requests"."id"), "booking_requests"."updated_at")
)`;

/** A payment row or a contract: an accounting record the law keeps (Code de commerce L123-22). */
const hasAccountingRecord = sql<boolean>`(exists (select 1 from payments p where p.booking_id = "booking_requests"."id")
  or exists (select 1 from payment_configs c where c.booking_id = "booking_requests"."id" and c.contract_filename is not null))`;

/** Bookings not yet anonymised whose last activity is before `cutoff`, with whether they hold an accounting record. */
export function listBookingsToAnonymise(db: Db, cutoff: Date, limit: number) {
  return db
    .select({ id: bookingRequests.id, accounting: hasAccountingRecord })
    .from(bookingRequests)
    .where(and(isNull(bookingRequests.anonymisedAt), lt(lastActivity, cutoff)))
    .limit(limit);
}

/** Anonymised bookings whose last activity is before `cutoff` (the accounting period is over). */
export function listAnonymisedBookingsBefore(db: Db, cutoff: Date, limit: number) {
  return db
    .select({ id: bookingRequests.id })
    .from(bookingRequests)
    .where(and(isNotNull(bookingRequests.anonymisedAt), lt(lastActivity, cutoff)))
    .limit(limit);
}

/**
 * Claims the booking for anonymisation (one conditional UPDATE: a second run or instance finds it
 * done): the contact's e-mail and phone, the notes go; the contracting party's name, the dates,
 * lines and amounts stay. `updated_at` is left as it was: the 10 years count from the last activity.
 */
export async function anonymiseBookingRow(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(bookingRequests)
    .set({
      mainContact: sql`jsonb_set(jsonb_set(${bookingRequests.mainContact}, '{email}', '""'::jsonb), '{phone}', 'null'::jsonb)`,
      note: '',
      hiddenNotes: '',
      anonymisedAt: now,
    })
    .where(and(eq(bookingRequests.id, id), isNull(bookingRequests.anonymisedAt)))
    .returning({ id: bookingRequests.id });
  return rows.length > 0;
}

/**
 * Participants: everyone's e-mail and phone go and their account link; the participants' names go,
 * the organizer's (the contracting party) stays. Their payment state and amounts stay.
 */
export async function anonymiseParticipantsOf(db: Db, bookingId: string, emailDomain: string): Promise<string[]> {
  await db
    .update(bookingParticipants)
    .set({
      email: sql`'anonyme-' || ${bookingParticipants.id} || ${`@${emailDomain}`}`,
      phone: null,
      customerId: null,
    })
    .where(eq(bookingParticipants.bookingId, bookingId));
  const renamed = await db
    .update(bookingParticipants)
    .set({ firstName: 'Participant', lastName: 'anonymisé' })
    .where(and(eq(bookingParticipants.bookingId, bookingId), ne(bookingParticipants.role, 'Organisateur')))
    .returning({ id: bookingParticipants.id });
  return renamed.map((row) => row.id);
}

/** Deletes the booking and, by the foreign keys, every row that belongs to it. */
export async function deleteBookingRow(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(bookingRequests).where(eq(bookingRequests.id, id)).returning({ id: bookingRequests.id });
  return rows.length > 0;
}
