import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { firstRowWhere } from '../../db/first-row';
import { joinedParticipants, participantRowsOfPerson, type ErasedPerson } from '../../db/participation';
import { bookingParticipants, bookingRequests, customers } from '../../db/schema';

/** The rows of `booking_participants`: every query of the booking's participant list (participant-list.public.ts; docs/architecture.md, "Modules"). */

export type ParticipantRow = typeof bookingParticipants.$inferSelect;
export type NewParticipantRow = typeof bookingParticipants.$inferInsert;

/** The active participants of a booking (joined or invited, not removed), oldest first. */
export async function listParticipants(db: Db, bookingId: string) {
  return db
    .select()
    .from(bookingParticipants)
    .where(and(eq(bookingParticipants.bookingId, bookingId), eq(bookingParticipants.isActive, true)))
    .orderBy(asc(bookingParticipants.createdAt));
}

/** The customer's row in a booking, once they accepted their invitation and while they are not removed. */
export async function findActiveParticipation(db: Db, bookingId: string, customerId: string) {
  return firstRowWhere(
    db,
    bookingParticipants,
    and(
      eq(bookingParticipants.bookingId, bookingId),
      eq(bookingParticipants.customerId, customerId),
      joinedParticipants(),
    ),
  );
}

/** Active people who joined through the given links (the links list's participants). */
export async function participantsOfLinks(db: Db, linkIds: string[]) {
  if (linkIds.length === 0) return [];
  return db
    .select()
    .from(bookingParticipants)
    .where(and(inArray(bookingParticipants.inviteLinkId, linkIds), eq(bookingParticipants.isActive, true)))
    .orderBy(asc(bookingParticipants.joinedAt));
}

/** The rows that take a place in the list: joined or invited, not removed. */
export async function countActiveParticipants(db: Db, bookingId: string) {
  const [row] = await db
    .select({ total: count() })
    .from(bookingParticipants)
    .where(and(eq(bookingParticipants.bookingId, bookingId), eq(bookingParticipants.isActive, true)));
  return Number(row?.total ?? 0);
}

/** One participant row of a booking (active or not) matching `condition`. */
async function findParticipantWhere(db: Db, bookingId: string, condition: SQL) {
  return firstRowWhere(db, bookingParticipants, and(eq(bookingParticipants.bookingId, bookingId), condition));
}

export function findParticipant(db: Db, bookingId: string, participantId: string) {
  return findParticipantWhere(db, bookingId, eq(bookingParticipants.id, participantId));
}

export function findParticipantByEmail(db: Db, bookingId: string, email: string) {
  return findParticipantWhere(db, bookingId, eq(bookingParticipants.email, email));
}

/** Every row of a booking (active or removed) that is this person's: by their account, or their e-mail. */
export async function findRowsOfPerson(db: Db, bookingId: string, email: string, customerId: string | null) {
  const byEmail = eq(bookingParticipants.email, email);
  return db
    .select()
    .from(bookingParticipants)
    .where(
      and(
        eq(bookingParticipants.bookingId, bookingId),
        customerId ? or(byEmail, eq(bookingParticipants.customerId, customerId)) : byEmail,
      ),
    )
    .orderBy(asc(bookingParticipants.createdAt));
}

export async function insertParticipant(db: Db, values: typeof bookingParticipants.$inferInsert) {
  const rows = await db.insert(bookingParticipants).values(values).returning();
  return rows[0]!;
}

/** The row as written, or undefined when there is no row `id`. */
export async function updateParticipant(db: Db, id: string, values: Partial<typeof bookingParticipants.$inferInsert>) {
  const rows = await db.update(bookingParticipants).set(values).where(eq(bookingParticipants.id, id)).returning();
  return rows[0];
}

/**
 * Replaces the name, address and phone of a deleted person's participant rows. The address becomes
 * `supprime-<row id>@<emailDomain>`: the column is unique per booking, so it cannot simply be
 * emptied. Invitations they had not accepted leave the list; the rows of their account stay as
 * they are (a paid share, a joined count). Returns the ids of the rows.
 */
/**
 * Payments: a participant's share paid, once (a share already paid is not written again). On a row
 * reopened by a new split, the amount adds to what was paid before (docs/decisions.md, "Group shares").
 */
export async function markSharePaid(db: Db, participantId: string, amountCents: number, paidAt: Date) {
  const rows = await db
    .update(bookingParticipants)
    .set({
      paymentStatus: 'paid',
      paymentAmountCents: sql`coalesce(${bookingParticipants.paymentAmountCents}, 0) + ${amountCents}`,
      paidAt,
    })
    .where(and(eq(bookingParticipants.id, participantId), sql`${bookingParticipants.paymentStatus} <> 'paid'`))
    .returning();
  return rows[0];
}

/** Payments: the shares of a collective payment, on the rows not paid yet. */
export async function setShareAmounts(db: Db, shares: Map<string, number>) {
  for (const [id, cents] of shares) {
    await db
      .update(bookingParticipants)
      .set({ paymentAmountCents: cents })
      .where(and(eq(bookingParticipants.id, id), sql`${bookingParticipants.paymentStatus} <> 'paid'`));
  }
}

export async function eraseParticipantRowsOf(
  db: Db,
  person: ErasedPerson,
  name: { firstName: string; lastName: string },
  emailDomain: string,
) {
  return db
    .update(bookingParticipants)
    .set({
      firstName: name.firstName,
      lastName: name.lastName,
      email: sql`'supprime-' || ${bookingParticipants.id}::text || '@' || ${emailDomain}::text`,
      phone: null,
      isActive: sql`${bookingParticipants.customerId} is not null and ${bookingParticipants.isActive}`,
    })
    .where(participantRowsOfPerson(person))
    .returning({ id: bookingParticipants.id });
}

// A change of the list moves the booking's lastModified.

export { findCustomerContact as findPersonName } from '../../db/customer-contact';

/**
 * Payments: the claim of a share reminder, one conditional UPDATE: the row takes `now` only when
 * its share is unpaid and its last reminder is older than `notAfter` (two clicks at once: one wins).
 */
export async function claimShareReminder(db: Db, participantId: string, now: Date, notAfter: Date) {
  const rows = await db
    .update(bookingParticipants)
    .set({ lastRemindedAt: now })
    .where(
      and(
        eq(bookingParticipants.id, participantId),
        eq(bookingParticipants.paymentStatus, 'pending'),
        sql`(${bookingParticipants.lastRemindedAt} is null or ${bookingParticipants.lastRemindedAt} <= ${notAfter.toISOString()})`,
      ),
    )
    .returning();
  return rows[0];
}

/**
 * Whether `email` (their invitation address or their account's) is a guest of honour of the
 * booking while it is in surprise mode (docs/decisions.md, "Group shares").
 */
export async function isGuestKeptInSurprise(db: Db, bookingId: string, email: string): Promise<boolean> {
  const address = email.trim().toLowerCase();
  const rows = await db
    .select({ id: bookingParticipants.id })
    .from(bookingParticipants)
    .innerJoin(bookingRequests, eq(bookingRequests.id, bookingParticipants.bookingId))
    .leftJoin(customers, eq(customers.id, bookingParticipants.customerId))
    .where(
      and(
        eq(bookingParticipants.bookingId, bookingId),
        eq(bookingParticipants.guestOfHonour, true),
        eq(bookingRequests.surprise, true),
        or(sql`lower(${bookingParticipants.email}) = ${address}`, sql`lower(${customers.email}) = ${address}`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
