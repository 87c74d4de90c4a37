import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from './client';
import { catalogueItems, establishments, timeSlots } from './schema';
import { CATALOGUE_SEED, ESTABLISHMENT_SEED, FEATURED_SLUGS } from './seed-data';

/**
 * Seeds the park and its catalogue. Safe to run at every start: existing rows are left as
 * they are (staff edits are never overwritten), missing ones are added.
 */
export async function seedDatabase(db: Db): Promise<{ insertedItems: number }> {
  return db.transaction(async (tx) => {
    await tx.insert(establishments).values(ESTABLISHMENT_SEED).onConflictDoNothing();
    let insertedItems = 0;
    for (const [index, item] of CATALOGUE_SEED.entries()) {
      const inserted = await tx
        .insert(catalogueItems)
        .values({
          establishmentId: ESTABLISHMENT_SEED.id,
          kind: item.kind,
          slug: item.slug,
          name: item.name,
          category: item.category,
          description: item.description,
          basePriceCents: item.basePriceCents,
          pricingType: item.pricingType,
          durationMinutes: item.durationMinutes,
          imageUrl: `/uploads/catalogue/${item.slug}.svg`,
          isFeatured: FEATURED_SLUGS.includes(item.slug),
          sortOrder: index,
        })
        .onConflictDoNothing()
        .returning({ id: catalogueItems.id });
      const created = inserted[0];
      if (!created) continue;
      insertedItems += 1;
      const slotRows = item.slots.flatMap((slot) =>
        slot.days.map((day) => ({
          itemId: created.id,
          day,
          startTime: slot.startTime,
          endTime: slot.endTime,
          capacity: slot.capacity,
        })),
      );
      if (slotRows.length > 0) await tx.insert(timeSlots).values(slotRows);
    }
    // A database seeded before the featured mark existed gets SPEC.md §2's three, once: as soon
    // as any item is featured, the park's own choice is left alone.
    await tx
      .update(catalogueItems)
      .set({ isFeatured: true })
      .where(
        and(
          eq(catalogueItems.establishmentId, ESTABLISHMENT_SEED.id),
          inArray(catalogueItems.slug, [...FEATURED_SLUGS]),
          sql`not exists (select 1 from catalogue_items where establishment_id = ${ESTABLISHMENT_SEED.id} and is_featured)`,
        ),
      );
    return { insertedItems };
  });
}

/** Used by tests to check the seed's result without knowing its ids. */
export async function findSeededItemId(db: Db, slug: string): Promise<string | undefined> {
  const rows = await db
    .select({ id: catalogueItems.id })
    .from(catalogueItems)
    .where(and(eq(catalogueItems.establishmentId, ESTABLISHMENT_SEED.id), eq(catalogueItems.slug, slug)));
  return rows[0]?.id;
}
