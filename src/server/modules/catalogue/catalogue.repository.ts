import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { catalogueItems, timeSlots } from '../../db/schema';

export type CatalogueItemRow = typeof catalogueItems.$inferSelect;
export type TimeSlotRow = typeof timeSlots.$inferSelect;
export type CatalogueKind = CatalogueItemRow['kind'];

export async function listItems(
  db: Db,
  filter: { establishmentId: string; kind: CatalogueKind; isActive?: boolean },
): Promise<CatalogueItemRow[]> {
  const conditions = [
    eq(catalogueItems.establishmentId, filter.establishmentId),
    eq(catalogueItems.kind, filter.kind),
  ];
  if (filter.isActive !== undefined) conditions.push(eq(catalogueItems.isActive, filter.isActive));
  return db
    .select()
    .from(catalogueItems)
    .where(and(...conditions))
    .orderBy(asc(catalogueItems.sortOrder), asc(catalogueItems.name));
}

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
