import { and, eq, inArray, sql } from 'drizzle-orm';
import type { IntentStatus } from '../../../shared/api/payments.schema';
import type { Db } from '../../db/client';
import { testProviderIntents } from '../../db/schema';

/** The test provider's intents, in the `test_provider_intents` table (test-provider.ts). */

export type IntentRow = typeof testProviderIntents.$inferSelect;

/** A new intent, or undefined when one with the same idempotency key exists. */
export async function insertIntent(db: Db, values: typeof testProviderIntents.$inferInsert) {
  const [created] = await db
    .insert(testProviderIntents)
    .values(values)
    .onConflictDoNothing({ target: testProviderIntents.idempotencyKey })
    .returning();
  return created;
}

export async function findIntentByKey(db: Db, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(testProviderIntents)
    .where(eq(testProviderIntents.idempotencyKey, idempotencyKey));
  return row;
}

export async function findIntent(db: Db, id: string) {
  const [row] = await db.select().from(testProviderIntents).where(eq(testProviderIntents.id, id));
  return row;
}

/** Moves the intent only from one of `from`; undefined when it was not in one of them. */
export async function moveIntent(
  db: Db,
  id: string,
  from: IntentStatus[],
  values: Partial<Pick<IntentRow, 'status' | 'lastError' | 'amountReceivedCents'>>,
) {
  const [row] = await db
    .update(testProviderIntents)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(testProviderIntents.id, id), inArray(testProviderIntents.status, from)))
    .returning();
  return row;
}

/** Records a refund once per key; undefined when the key was already recorded. */
export async function addRefund(db: Db, id: string, idempotencyKey: string, refund: object) {
  const [row] = await db
    .update(testProviderIntents)
    .set({
      refunds: sql`${testProviderIntents.refunds} || jsonb_build_object(${idempotencyKey}::text, ${JSON.stringify(refund)}::jsonb)`,
      updatedAt: new Date(),
    })
    .where(and(eq(testProviderIntents.id, id), sql`not (${testProviderIntents.refunds} ? ${idempotencyKey})`))
    .returning();
  return row;
}
