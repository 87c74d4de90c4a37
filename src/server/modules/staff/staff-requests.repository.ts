import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox, paymentConfigs, payments } from '../../db/schema';
import { firstRowWhere } from '../../db/first-row';

export type PaymentConfigRow = typeof paymentConfigs.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;

export async function findPaymentConfig(db: Db, bookingId: string): Promise<PaymentConfigRow | undefined> {
  return firstRowWhere(db, paymentConfigs, eq(paymentConfigs.bookingId, bookingId));
}

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

export function listPayments(db: Db, bookingId: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(asc(payments.createdAt));
}

export async function insertPayment(db: Db, values: typeof payments.$inferInsert) {
  const rows = await db.insert(payments).values(values).onConflictDoNothing().returning();
  return rows[0];
}

export interface OutboxFilter {
  /** The recipient's address, any case. */
  to?: string;
  /** The reference of the booking the e-mails are about. */
  reference?: string;
}

/**
 * An e-mail is about a booking when its subject names the booking's reference: every booking
 * template puts it there (docs/decisions.md, "E-mails about a booking"). The address is
 * no link (one organizer has several bookings and account e-mails), nor is the body (a chat
 * excerpt may quote another reference). The reference must stand alone: GRP-2026-00044 is not
 * found in GRP-2026-000441.
 */
function subjectNames(reference: string) {
  const escaped = reference.replace(/[.*+?^${}()|[\]\\]/g, (char) => `\\${char}`);
  return sql`${outbox.subject} ~ ${`(^|[^0-9A-Za-z])${escaped}($|[^0-9A-Za-z])`}`;
}

function outboxWhere(filter: OutboxFilter) {
  return and(
    filter.to ? sql`lower(${outbox.to}) = ${filter.to.toLowerCase()}` : undefined,
    filter.reference ? subjectNames(filter.reference) : undefined,
  );
}

/** The e-mails about one booking, newest first (the staff detail). */
export function listOutboxAbout(db: Db, reference: string, limit = 100): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outbox)
    .where(outboxWhere({ reference }))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit);
}

/** One page of the outbox, newest first, each row with the total of the filter (none past the end). */
export async function listOutboxPage(db: Db, filter: OutboxFilter & { page: number; limit: number }) {
  return db
    .select({ mail: outbox, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(outbox)
    .where(outboxWhere(filter))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
}

/** The total of a page beyond its last row (an empty page still needs it). */
export async function countOutbox(db: Db, filter: OutboxFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(outbox)
    .where(outboxWhere(filter));
  return row?.n ?? 0;
}
