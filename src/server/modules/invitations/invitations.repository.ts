import type { Tx } from '../../db/transaction';
import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookingItems, customers, inviteLinks } from '../../db/schema';
import { firstRowWhere } from '../../db/first-row';

export type InviteLinkRow = typeof inviteLinks.$inferSelect;

export async function insertInviteLink(db: Db, values: typeof inviteLinks.$inferInsert) {
  const rows = await db.insert(inviteLinks).values(values).returning();
  return rows[0]!;
}

/** The shareable links of a booking (personal invitations are not listed), newest first, with their creator. */
export async function listBookingLinks(db: Db, bookingId: string) {
  return db
    .select({ link: inviteLinks, creatorFirstName: customers.firstName, creatorLastName: customers.lastName })
    .from(inviteLinks)
    .leftJoin(customers, eq(customers.id, inviteLinks.createdByCustomerId))
    .where(and(eq(inviteLinks.bookingId, bookingId), eq(inviteLinks.kind, 'link')))
    .orderBy(sql`${inviteLinks.createdAt} desc`);
}

/**
 * How many of a booking's shareable links are active (not revoked, not expired, uses left): read
 * under the booking row's lock, so concurrent creations count one after another.
 */
export async function countActiveLinks(db: Tx, bookingId: string): Promise<number> {
  const rows = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(inviteLinks)
    .where(
      and(
        eq(inviteLinks.bookingId, bookingId),
        eq(inviteLinks.kind, 'link'),
        eq(inviteLinks.isActive, true),
        or(isNull(inviteLinks.maxUses), lt(inviteLinks.usedCount, inviteLinks.maxUses)),
        or(isNull(inviteLinks.expiresAt), gt(inviteLinks.expiresAt, sql`now()`)),
      ),
    );
  return Number(rows[0]?.count ?? 0);
}

export async function findLinkByToken(db: Db, token: string) {
  return firstRowWhere(db, inviteLinks, eq(inviteLinks.token, token));
}

export async function findBookingLink(db: Db, bookingId: string, linkId: string) {
  return firstRowWhere(
    db,
    inviteLinks,
    and(eq(inviteLinks.id, linkId), eq(inviteLinks.bookingId, bookingId), eq(inviteLinks.kind, 'link')),
  );
}

/**
 * Claims one use of a link with ONE conditional UPDATE (CONVENTIONS.md 7): it succeeds only while
 * the link is active, not expired and below its maximum. Concurrent claims queue on the row and
 * each re-checks the condition, so a link with maxUses k is claimed k times at most.
 */
export async function claimLinkUse(db: Tx, linkId: string) {
  const rows = await db
    .update(inviteLinks)
    .set({ usedCount: sql`${inviteLinks.usedCount} + 1` })
    .where(
      and(
        eq(inviteLinks.id, linkId),
        eq(inviteLinks.isActive, true),
        or(isNull(inviteLinks.maxUses), lt(inviteLinks.usedCount, inviteLinks.maxUses)),
        or(isNull(inviteLinks.expiresAt), gt(inviteLinks.expiresAt, sql`now()`)),
      ),
    )
    .returning();
  return rows[0];
}

/** Revokes an active link; undefined when it was not active (already revoked). */
export async function revokeLink(db: Db, linkId: string) {
  const rows = await db
    .update(inviteLinks)
    .set({ isActive: false, revokedAt: new Date() })
    .where(and(eq(inviteLinks.id, linkId), eq(inviteLinks.isActive, true)))
    .returning();
  return rows[0];
}

/** A removed or re-invited participant's personal links stop working at once. */
export async function revokePersonalLinksOf(db: Db, participantId: string) {
  await db
    .update(inviteLinks)
    .set({ isActive: false, revokedAt: new Date() })
    .where(and(eq(inviteLinks.participantId, participantId), eq(inviteLinks.isActive, true)));
}

/**
 * The invited person joined (by any link): their personal invitations are spent, so that nobody
 * else can use them and the page says the link was used.
 */
export async function spendPersonalLinksOf(db: Db, participantId: string) {
  await db
    .update(inviteLinks)
    .set({ usedCount: sql`greatest(${inviteLinks.usedCount}, coalesce(${inviteLinks.maxUses}, 1))` })
    .where(
      and(
        eq(inviteLinks.participantId, participantId),
        eq(inviteLinks.kind, 'personal'),
        eq(inviteLinks.isActive, true),
      ),
    );
}

/**
 * A deleted account's links stop working: those it created (shared links and personal
 * invitations it sent) and the personal invitations sent for its participant rows.
 */
export async function revokeLinksOfPerson(db: Db, creatorId: string, participantIds: string[]) {
  const mine = eq(inviteLinks.createdByCustomerId, creatorId);
  await db
    .update(inviteLinks)
    .set({ isActive: false, revokedAt: new Date() })
    .where(
      and(
        eq(inviteLinks.isActive, true),
        participantIds.length > 0 ? or(mine, inArray(inviteLinks.participantId, participantIds)) : mine,
      ),
    );
}

// The booking row; locked, joins and invitations of one booking queue. A join moves its lastModified
// (bookings/booking-rows.service.ts `touchBooking`).
export { findBookingRow as findBooking, lockBookingRow as lockBooking } from '../../db/booking-row';

export { findCustomerContact as findPersonName } from '../../db/customer-contact';

export async function listBookingActivities(db: Db, bookingId: string) {
  return db
    .select({ name: bookingItems.name, date: bookingItems.scheduledDate, kind: bookingItems.kind })
    .from(bookingItems)
    .where(eq(bookingItems.bookingId, bookingId))
    .orderBy(asc(bookingItems.scheduledDate), asc(bookingItems.sortOrder));
}

/** Data retention: the booking's invitation links deleted. */
export async function deleteLinksOfBooking(db: Db, bookingId: string) {
  await db.delete(inviteLinks).where(eq(inviteLinks.bookingId, bookingId));
}
