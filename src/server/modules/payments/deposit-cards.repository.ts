import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { depositCards, payments } from '../../db/schema';

// The saved card of a booking's deposit holds and the holds' ends (docs/decisions.md, "Card holds on a saved card").

/** The card saved for a booking's deposit holds (docs/decisions.md, "Card holds"). */
export async function findDepositCard(db: Db, bookingId: string) {
  const rows = await db.select().from(depositCards).where(eq(depositCards.bookingId, bookingId));
  return rows[0];
}

/** The setup of the booking's card, once: a second call finds the first one's. */
export async function claimDepositCard(
  db: Db,
  values: {
    bookingId: string;
    setupIntentId: string;
    providerCustomerId: string;
    guaranteeSettlement?: 'refund' | 'self';
  },
) {
  await db.insert(depositCards).values(values).onConflictDoNothing({ target: depositCards.bookingId });
  return (await findDepositCard(db, values.bookingId))!;
}

/** The organizer's choice for later payers, while the guarantee card is not saved yet. */
export async function setGuaranteeSettlement(db: Db, bookingId: string, settlement: 'refund' | 'self') {
  await db
    .update(depositCards)
    .set({ guaranteeSettlement: settlement, updatedAt: new Date() })
    .where(and(eq(depositCards.bookingId, bookingId), sql`${depositCards.paymentMethodId} is null`));
}

/** The confirmed setup's payment method, kept once (a replayed confirmation changes nothing). */
export async function saveDepositCard(db: Db, bookingId: string, setupIntentId: string, paymentMethodId: string) {
  const rows = await db
    .update(depositCards)
    .set({ paymentMethodId, savedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(depositCards.bookingId, bookingId),
        eq(depositCards.setupIntentId, setupIntentId),
        sql`${depositCards.paymentMethodId} is null`,
      ),
    )
    .returning();
  return rows[0];
}

/** A hold's end as the provider said it. */
export async function setHoldCaptureBefore(db: Db, id: string, captureBefore: Date) {
  await db.update(payments).set({ holdCaptureBefore: captureBefore }).where(eq(payments.id, id));
}

export async function findPayment(db: Db, id: string) {
  const rows = await db.select().from(payments).where(eq(payments.id, id));
  return rows[0];
}
