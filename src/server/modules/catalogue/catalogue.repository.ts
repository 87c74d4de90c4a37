import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { updateStampedRow } from '../../db/update-row';
import { catalogueItems, timeSlots } from '../../db/schema';
import { firstRowWhere } from '../../db/first-row';

export type CatalogueItemRow = typeof catalogueItems.$inferSelect;
export type TimeSlotRow = typeof timeSlots.$inferSelect;
export type CatalogueKind = CatalogueItemRow['kind'];

export async function findItem(
  db: Db,
  filter: { establishmentId: string; kind: CatalogueKind; id: string },
): Promise<CatalogueItemRow | undefined> {
  return firstRowWhere(
    db,
    catalogueItems,
    and(
      eq(catalogueItems.id, filter.id),
      eq(catalogueItems.establishmentId, filter.establishmentId),
      eq(catalogueItems.kind, filter.kind),
    ),
  );
}

export async function listSlots(db: Db, itemIds: string[]): Promise<TimeSlotRow[]> {
  if (itemIds.length === 0) return [];
  return db.select().from(timeSlots).where(inArray(timeSlots.itemId, itemIds)).orderBy(asc(timeSlots.startTime));
}

/** The items of one list, in the park's order (the public catalogue is the most requested call). */
export async function listItems(
  db: Db,
  filter: { establishmentId: string; kind: CatalogueKind; isActive?: boolean },
): Promise<CatalogueItemRow[]> {
  const conditions = [eq(catalogueItems.establishmentId, filter.establishmentId), eq(catalogueItems.kind, filter.kind)];
  if (filter.isActive !== undefined) conditions.push(eq(catalogueItems.isActive, filter.isActive));
  return db
    .select()
    .from(catalogueItems)
    .where(and(...conditions))
    .orderBy(asc(catalogueItems.sortOrder), asc(catalogueItems.name));
}

export async function insertItem(db: Db, values: typeof catalogueItems.$inferInsert): Promise<CatalogueItemRow> {
  const rows = await db.insert(catalogueItems).values(values).returning();
  return rows[0]!;
}

export function updateItem(db: Db, id: string, values: Partial<typeof catalogueItems.$inferInsert>) {
  return updateStampedRow(db, catalogueItems, id, values);
}

export async function nextSortOrder(db: Db, establishmentId: string, kind: CatalogueKind): Promise<number> {
  const [row] = await db
    .select({ max: sql<number>`coalesce(max(${catalogueItems.sortOrder}), 0)`.mapWith(Number) })
    .from(catalogueItems)
    .where(and(eq(catalogueItems.establishmentId, establishmentId), eq(catalogueItems.kind, kind)));
  return (row?.max ?? 0) + 1;
}

export interface SlotValues {
  day: string;
  startTime: string;
  endTime: string;
  isActive: boolean;
  capacity: number | null;
}

/**
 * Makes an item's weekly slots exactly `slots`: a slot keeps its row (and id) when its day and start
 * stay, so that a capacity check running at the same time still locks the same row.
 */
export async function replaceSlots(db: Db, itemId: string, slots: SlotValues[]) {
  const existing = await db.select().from(timeSlots).where(eq(timeSlots.itemId, itemId));
  const key = (slot: { day: string; startTime: string }) => `${slot.day} ${slot.startTime}`;
  const wanted = new Set(slots.map(key));
  const gone = existing.filter((slot) => !wanted.has(key(slot))).map((slot) => slot.id);
  if (gone.length > 0) await db.delete(timeSlots).where(inArray(timeSlots.id, gone));
  for (const slot of slots) {
    await db
      .insert(timeSlots)
      .values({ itemId, ...slot })
      .onConflictDoUpdate({
        target: [timeSlots.itemId, timeSlots.day, timeSlots.startTime],
        set: { endTime: slot.endTime, isActive: slot.isActive, capacity: slot.capacity },
      });
  }
}

/** Items with their slots in one query (the back-office list). */
export async function listItemsWithSlots(
  db: Db,
  filter: { establishmentId: string; kind: CatalogueKind; isActive?: boolean },
): Promise<{ item: CatalogueItemRow; slots: TimeSlotRow[] }[]> {
  const conditions = [eq(catalogueItems.establishmentId, filter.establishmentId), eq(catalogueItems.kind, filter.kind)];
  if (filter.isActive !== undefined) conditions.push(eq(catalogueItems.isActive, filter.isActive));
  const rows = await db
    .select({
      item: catalogueItems,
      slots: sql<TimeSlotRow[] | string>`coalesce(json_agg(json_build_object(
        'id', ${timeSlots.id}, 'itemId', ${timeSlots.itemId}, 'day', ${timeSlots.day},
        'startTime', ${timeSlots.startTime}, 'endTime', ${timeSlots.endTime},
        'isActive', ${timeSlots.isActive}, 'capacity', ${timeSlots.capacity}
      ) order by ${timeSlots.startTime}) filter (where ${timeSlots.id} is not null), '[]'::json)`,
    })
    .from(catalogueItems)
    .leftJoin(timeSlots, eq(timeSlots.itemId, catalogueItems.id))
    .where(and(...conditions))
    .groupBy(catalogueItems.id)
    .orderBy(asc(catalogueItems.sortOrder), asc(catalogueItems.name));
  return rows.map((row) => ({
    item: row.item,
    slots: (typeof row.slots === 'string' ? (JSON.parse(row.slots) as TimeSlotRow[]) : row.slots) as TimeSlotRow[],
  }));
}
