import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { catalogueItems, timeSlots } from '../../db/schema';

export type CatalogueItemRow = typeof catalogueItems.$inferSelect;
export type TimeSlotRow = typeof timeSlots.$inferSelect;
export type CatalogueKind = CatalogueItemRow['kind'];

export async function findItem(
  db: Db,
  filter: { establishmentId: string; kind: CatalogueKind; id: string },
): Promise<CatalogueItemRow | undefined> {
  const rows = await db
    .select()
    .from(catalogueItems)
    .where(
      and(
        eq(catalogueItems.id, filter.id),
        eq(catalogueItems.establishmentId, filter.establishmentId),
        eq(catalogueItems.kind, filter.kind),
      ),
    );
  return rows[0];
}

export async function listSlots(db: Db, itemIds: string[]): Promise<TimeSlotRow[]> {
  if (itemIds.length === 0) return [];
  return db
    .select()
    .from(timeSlots)
    .where(inArray(timeSlots.itemId, itemIds))
    .orderBy(asc(timeSlots.startTime));
}

/**
 * Items with their slots in one round trip: the slots come back as one JSON array per item
 * rather than as hundreds of rows (the public catalogue is the most requested call).
 */
export async function listItemsWithSlots(
  db: Db,
  filter: { establishmentId: string; kind: CatalogueKind; isActive?: boolean },
): Promise<{ item: CatalogueItemRow; slots: TimeSlotRow[] }[]> {
  const conditions = [
    eq(catalogueItems.establishmentId, filter.establishmentId),
    eq(catalogueItems.kind, filter.kind),
  ];
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

