import { eq, type InferInsertModel, type InferSelectModel } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** A table whose rows have an `id` and an `updatedAt` stamp. */
type StampedTable = PgTable & { id: PgColumn; updatedAt: PgColumn };

/**
 * Updates the row with this id, stamping `updatedAt`, and returns it (undefined when there is no
 * such row). The casts only restate for a generic table what drizzle infers for a concrete one.
 */
export async function updateStampedRow<T extends StampedTable>(
  db: Db,
  table: T,
  id: string,
  values: Partial<InferInsertModel<T>>,
): Promise<InferSelectModel<T> | undefined> {
  const rows = await db
    .update(table)
    .set({ ...values, updatedAt: new Date() } as PgUpdateSetSource<T>)
    .where(eq(table.id, id))
    .returning();
  return (rows as InferSelectModel<T>[])[0];
}
