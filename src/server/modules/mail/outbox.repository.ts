import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';

/** The outbox table's reads and writes (the mail module owns it; docs/architecture.md, "Modules"). */

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
      // A failed mail keeps its secrets so that the team can resend it; purged with the row.
      ...(outcome.status === 'failed' ? {} : { unsent: null }),
    })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
}

/** A failed attempt of a mail that will be tried again. */
export async function recordMailError(db: Db, id: string, error: string): Promise<void> {
  await db.update(outbox).set({ lastError: error }).where(eq(outbox.id, id));
}

/** Deletes the mails stored before `limit` that are no longer waiting to be sent; returns how many. */
export async function deleteMailsBefore(db: Db, limit: Date): Promise<number> {
  const deleted = await db
    .delete(outbox)
    .where(and(lt(outbox.createdAt, limit), ne(outbox.status, 'pending')))
    .returning({ id: outbox.id });
  return deleted.length;
}

/** Deletes the mails sent to an address, any case; returns how many. */
export async function deleteMailsTo(db: Db, address: string): Promise<number> {
  const deleted = await db
    .delete(outbox)
    .where(sql`lower(${outbox.to}) = lower(${address})`)
    .returning({ id: outbox.id });
  return deleted.length;
}

/** Puts a failed mail back in the delivery queue (no attempt yet); undefined unless it had failed. */
export async function requeueFailedMail(db: Db, id: string) {
  const [row] = await db
    .update(outbox)
    .set({ status: 'pending', attempts: 0, lastError: null, sentAt: null })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'failed')))
    .returning();
  return row;
}

export async function findOutboxMail(db: Db, id: string) {
  const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
  return row;
}
