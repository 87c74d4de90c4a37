import type { InferSelectModel, SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/**
 * The first row of `table` where `where` holds (undefined when there is none), whole. The cast only
 * restates for a generic table what drizzle infers for a concrete one. A missing condition (an
 * `and()` of nothing) is refused: it would read any row, past the owner's or the park's check.
 */
export async function firstRowWhere<T extends PgTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
): Promise<InferSelectModel<T> | undefined> {
  if (!where) throw new Error('firstRowWhere : condition manquante');
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .limit(1);
  return (rows as InferSelectModel<T>[])[0];
}
