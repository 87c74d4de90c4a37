/** Column shapes several tables share (not a table: `db/schema.ts` does not re-export this file). */
import { timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** A generated UUID primary key. */
export const idColumn = () => uuid('id').primaryKey().defaultRandom();

/** When the row was written (set by the database). */
export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** `created_at` and `updated_at`, both set by the database on insert. */
export const timestampColumns = () => ({
  createdAt: createdAtColumn(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The id of the row this one belongs to (its booking, its staff account, its message...): required,
 * and the row is deleted with its parent. `parentId` is lazy, like drizzle's own `references`.
 */
export const parentIdColumn = <TName extends string>(name: TName, parentId: () => AnyPgColumn) =>
  uuid(name).notNull().references(parentId, { onDelete: 'cascade' });

/** The id of a row of another table that this one needs (the other row cannot be deleted while referenced). */
export const foreignIdColumn = <TName extends string>(name: TName, target: () => AnyPgColumn) =>
  uuid(name).notNull().references(target);

/**
 * The life of an opaque-token session, the same for customers and staff (their tables stay apart,
 * docs/decisions.md): opened, last used, expiry (pushed back on use), revocation.
 */
export const sessionLifetimeColumns = () => ({
  createdAt: createdAtColumn(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});
