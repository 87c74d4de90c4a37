import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/transaction';
import { bookingItems, participantOptOuts } from '../../db/schema';

/** Optional activity lines and the participants who opt out (docs/decisions.md, "Group shares"). */

export interface OptOutLineRow {
  id: string;
  name: string;
  scheduledDate: string;
  basePriceCents: number;
  pricingType: string;
  optional: boolean;
}

const lineColumns = {
  id: bookingItems.id,
  name: bookingItems.name,
  scheduledDate: bookingItems.scheduledDate,
  basePriceCents: bookingItems.basePriceCents,
  pricingType: bookingItems.pricingType,
  optional: bookingItems.optional,
};

/** The booking's activity lines, in the programme's order. */
export function listActivityLines(db: Db, bookingId: string): Promise<OptOutLineRow[]> {
  return db
    .select(lineColumns)
    .from(bookingItems)
    .where(and(eq(bookingItems.bookingId, bookingId), eq(bookingItems.kind, 'activity')))
    .orderBy(asc(bookingItems.scheduledDate), asc(bookingItems.sortOrder), asc(bookingItems.createdAt));
}

export function setLineOptional(tx: Tx, lineId: string, optional: boolean) {
  return tx.update(bookingItems).set({ optional }).where(eq(bookingItems.id, lineId));
}

export function listOptOuts(db: Db, bookingId: string) {
  return db
    .select({ participantId: participantOptOuts.participantId, lineId: participantOptOuts.lineId })
    .from(participantOptOuts)
    .where(eq(participantOptOuts.bookingId, bookingId))
    .orderBy(asc(participantOptOuts.createdAt));
}

export async function addOptOut(tx: Tx, bookingId: string, participantId: string, lineId: string) {
  await tx.insert(participantOptOuts).values({ bookingId, participantId, lineId }).onConflictDoNothing();
}

export async function removeOptOut(tx: Tx, participantId: string, lineId: string) {
  await tx
    .delete(participantOptOuts)
    .where(and(eq(participantOptOuts.participantId, participantId), eq(participantOptOuts.lineId, lineId)));
}

/** Every opt-out that lowers a share: of an optional, per-person line, with that line's price. */
export function shareOptOuts(db: Db, bookingId: string) {
  return db
    .select({
      participantId: participantOptOuts.participantId,
      lineId: participantOptOuts.lineId,
      perPersonCents: bookingItems.basePriceCents,
    })
    .from(participantOptOuts)
    .innerJoin(bookingItems, eq(bookingItems.id, participantOptOuts.lineId))
    .where(
      and(
        eq(participantOptOuts.bookingId, bookingId),
        eq(bookingItems.optional, true),
        eq(bookingItems.pricingType, 'per_person'),
      ),
    );
}
