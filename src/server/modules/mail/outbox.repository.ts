import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';

export type OutboxInsert = typeof outbox.$inferInsert;

export async function insertOutboxMail(db: Db, values: OutboxInsert): Promise<string> {
  const [row] = await db.insert(outbox).values(values).returning({ id: outbox.id });
  return row!.id;
}

/** Counts one more delivery attempt of a pending mail and returns it; undefined once it is not pending. */
export async function claimPendingMail(db: Db, id: string) {
  const [row] = await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1` })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')))
    .returning();
  return row;
}

/** The end of a pending mail's delivery: sent, failed for good, or kept as the record (no transport). */
export async function settleMail(
  db: Db,
  id: string,
  outcome: { status: 'sent' | 'failed' | 'recorded'; at: Date; error?: string },
): Promise<void> {
  await db
    .update(outbox)
    .set({
      status: outcome.status,
      sentAt: outcome.status === 'sent' ? outcome.at : null,
      lastError: outcome.error ?? null,
      unsent: null,
    })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
}

/** A failed attempt of a mail that will be tried again. */
export async function recordMailError(db: Db, id: string, error: string): Promise<void> {
  await db.update(outbox).set({ lastError: error }).where(eq(outbox.id, id));
}
