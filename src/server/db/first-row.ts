import type { InferSelectModel, SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * The first row of `table` where `where` holds (undefined when there is none), whole. The cast only
 * restates for a generic table what drizzle infers for a concrete one.
 */
export async function firstRowWhere<T extends PgTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
): Promise<InferSelectModel<T> | undefined> {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(where);
  return (rows as InferSelectModel<T>[])[0];
}
