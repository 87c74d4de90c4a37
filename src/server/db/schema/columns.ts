/** Column shapes several tables share (not a table: `db/schema.ts` does not re-export this file). */
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** A generated UUID primary key. */
export const idColumn = () => uuid('id').primaryKey().defaultRandom();

/** When the row was written (set by the database). */
export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** `created_at` and `updated_at`, both set by the database on insert. */
export const timestampColumns = () => ({
  createdAt: createdAtColumn(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
