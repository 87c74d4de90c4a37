import type { DueChoice } from '../../../shared/api/guarantee.schema';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentConfigs, payments } from '../../db/schema';

/** The team's payment writes (payment-config.service.ts): the booking's config, a cheque received. */

/** Writes the booking's payment config (one per booking), replacing the previous one. */
export async function upsertPaymentConfig(db: Db, values: typeof paymentConfigs.$inferInsert) {
  const { bookingId: _bookingId, ...changes } = values;
  const rows = await db
    .insert(paymentConfigs)
    .values(values)
    .onConflictDoUpdate({ target: paymentConfigs.bookingId, set: { ...changes, updatedAt: new Date() } })
    .returning();
  return rows[0]!;
}

/** A payment written once per idempotency key (a second one changes nothing). */
export async function insertPaymentOnce(db: Db, values: typeof payments.$inferInsert) {
  const rows = await db.insert(payments).values(values).onConflictDoNothing().returning();
  return rows[0];
}

/** The organizer's D-2 choice, once (null clears it after a refused guarantee charge). */
export function setDueChoice(db: Db, bookingId: string, choice: DueChoice | null) {
  return db
    .update(paymentConfigs)
    .set({ dueChoice: choice, updatedAt: new Date() })
    .where(and(eq(paymentConfigs.bookingId, bookingId), choice ? isNull(paymentConfigs.dueChoice) : undefined))
    .returning();
}

/** The configs and the payments of several bookings (the day's board), in two reads. */
export async function listMoneyOf(db: Db, bookingIds: string[]) {
  if (bookingIds.length === 0) return { configs: [], rows: [] };
  const [configs, rows] = await Promise.all([
    db.select().from(paymentConfigs).where(inArray(paymentConfigs.bookingId, bookingIds)),
    db.select().from(payments).where(inArray(payments.bookingId, bookingIds)).orderBy(asc(payments.createdAt)),
  ]);
  return { configs, rows };
}
