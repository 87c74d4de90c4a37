import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
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

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** E-mails about a booking: sent to its organizer or contact, or naming its reference. */
export function listOutboxAbout(db: Db, addresses: string[], reference: string, limit = 100): Promise<OutboxRow[]> {
  const byAddress = addresses.filter(Boolean).map((address) => sql`lower(${outbox.to}) = ${address.toLowerCase()}`);
  return db
    .select()
    .from(outbox)
    .where(or(...byAddress, ilike(outbox.subject, likePattern(reference)), ilike(outbox.text, likePattern(reference))))
    .orderBy(desc(outbox.createdAt))
    .limit(limit);
}

export async function listOutboxPage(
  db: Db,
  filter: { to?: string; about?: { addresses: string[]; reference: string }; page: number; limit: number },
) {
  const where = [];
  if (filter.to) where.push(sql`lower(${outbox.to}) = ${filter.to.toLowerCase()}`);
  if (filter.about) {
    const { addresses, reference } = filter.about;
    where.push(
      or(
        ...addresses.filter(Boolean).map((address) => sql`lower(${outbox.to}) = ${address.toLowerCase()}`),
        ilike(outbox.subject, likePattern(reference)),
        ilike(outbox.text, likePattern(reference)),
      ),
    );
  }
  const rows = await db
    .select({ mail: outbox, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(outbox)
    .where(and(...where))
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit);
  return rows;
}
