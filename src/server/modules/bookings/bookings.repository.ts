import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookingItems, bookingRequests, catalogueItems } from '../../db/schema';

export type BookingRequestRow = typeof bookingRequests.$inferSelect;
export type BookingItemRow = typeof bookingItems.$inferSelect;
export type CatalogueRow = typeof catalogueItems.$inferSelect;

export async function nextReferenceNumber(db: Db): Promise<number> {
  const result = await db.execute<{ value: string | number }>(sql`select nextval('booking_reference_seq') as value`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { value: string | number }[] }).rows) as {
    value: string | number;
  }[];
  return Number(rows[0]!.value);
}

export async function findCatalogueRows(db: Db, ids: string[]): Promise<CatalogueRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(catalogueItems).where(inArray(catalogueItems.id, ids));
}

export async function insertBookingRequest(db: Db, values: typeof bookingRequests.$inferInsert) {
  const rows = await db.insert(bookingRequests).values(values).returning();
  return rows[0]!;
}

export async function insertBookingItems(db: Db, values: (typeof bookingItems.$inferInsert)[]) {
  if (values.length === 0) return [];
  return db.insert(bookingItems).values(values).returning();
}

export async function listBookingItems(db: Db, bookingId: string): Promise<BookingItemRow[]> {
  return db
    .select()
    .from(bookingItems)
    .where(eq(bookingItems.bookingId, bookingId))
    .orderBy(asc(bookingItems.scheduledDate), asc(bookingItems.sortOrder));
}
