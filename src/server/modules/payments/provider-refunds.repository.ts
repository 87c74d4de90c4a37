import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments, providerRefunds } from '../../db/schema';

// Refunds sent to the provider, followed to their end (docs/decisions.md, "Refunds followed to their end").

export type ProviderRefundRow = typeof providerRefunds.$inferSelect;

/** A refund the provider accepted, kept to follow it to its end (once per provider id). */
export async function recordProviderRefund(db: Db, values: typeof providerRefunds.$inferInsert) {
  await db.insert(providerRefunds).values(values).onConflictDoNothing({ target: providerRefunds.id });
}

/** A refund the provider refused, kept failed for the team; true when this call wrote it (once per id). */
export async function recordRefusedRefund(db: Db, values: typeof providerRefunds.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(providerRefunds)
    .values(values)
    .onConflictDoNothing({ target: providerRefunds.id })
    .returning({ id: providerRefunds.id });
  return rows.length > 0;
}

export async function findProviderRefund(db: Db, id: string) {
  const rows = await db.select().from(providerRefunds).where(eq(providerRefunds.id, id));
  return rows[0];
}

export function listProviderRefunds(db: Db, bookingId: string) {
  return db
    .select()
    .from(providerRefunds)
    .where(eq(providerRefunds.bookingId, bookingId))
    .orderBy(asc(providerRefunds.createdAt));
}

/** Moves a provider refund only from one of `from` (a replayed or reordered event changes nothing). */
export async function moveProviderRefund(
  db: Db,
  id: string,
  from: ProviderRefundRow['status'][],
  values: Partial<typeof providerRefunds.$inferInsert> & { status: ProviderRefundRow['status'] },
) {
  const rows = await db
    .update(providerRefunds)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(providerRefunds.id, id), inArray(providerRefunds.status, from)))
    .returning();
  return rows[0];
}

/**
 * A refund that failed gave nothing back: its amount leaves the payment's refunded total (a payment
 * refunded in full by the team is `completed` again; one refused on arrival keeps its status).
 */
export async function takeBackRefunded(db: Db, id: string, cents: number) {
  await db
    .update(payments)
    .set({
      refundedCents: sql`greatest(${payments.refundedCents} - ${cents}, 0)`,
      status: sql`case when ${payments.status} = 'refunded' and ${payments.failureMessage} is null
        and ${payments.refundedCents} - ${cents} < ${payments.capturedCents} then 'completed' else ${payments.status} end`,
      updatedAt: new Date(),
    })
    .where(eq(payments.id, id));
}
