/** Column shapes several tables share, and the builder of the two session tables (`db/schema.ts` does not re-export this file). */
import { sql, type SQL } from 'drizzle-orm';
import { ACCENTED, PLAIN } from '../search-words';
import {
  customType,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core';

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

/** A required text column taking one of `values` (checked by the types, not the database), `initial` by default. */
export const enumColumn = <const T extends readonly [string, ...string[]]>(
  name: string,
  values: T,
  initial: T[number],
) => text(name, { enum: values }).notNull().default(initial);

/**
 * Who an account is, the same for customers and staff (their tables stay apart, docs/decisions.md):
 * its park, its e-mail address (trimmed and lower-cased: one account per address and park) and its
 * names. `establishmentId` is lazy, like drizzle's own `references`.
 */
export const accountColumns = (establishmentId: () => AnyPgColumn) => ({
  establishmentId: foreignIdColumn('establishment_id', establishmentId),
  email: text('email').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
});

/**
 * An opaque-token session table, the same for customers and staff (their tables stay apart,
 * docs/decisions.md): its owner (`owner`, a parent id, indexed as `<table>_<owner>`), the SHA-256
 * of its token (the token itself is never stored, unique), `extra` columns, then its life: opened,
 * last used, expiry (pushed back on use), revocation. `db/live-session.ts` reads it.
 */
export function sessionTable<
  TName extends string,
  TOwnerKey extends string,
  TOwner extends PgColumnBuilderBase,
  TExtra extends Record<string, PgColumnBuilderBase> = Record<never, never>,
>(name: TName, owner: { key: TOwnerKey; column: TOwner; index: string }, extra = {} as TExtra) {
  return pgTable(
    name,
    {
      id: idColumn(),
      ...({ [owner.key]: owner.column } as Record<TOwnerKey, TOwner>),
      tokenHash: text('token_hash').notNull(),
      ...extra,
      createdAt: createdAtColumn(),
      lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
      expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
      revokedAt: timestamp('revoked_at', { withTimezone: true }),
    },
    (table) => [
      uniqueIndex(`${name}_token_hash`).on(table.tokenHash),
      index(`${name}_${owner.index}`).on(table[owner.key]),
    ],
  );
}

/** A `tsvector` column (the staff search's words). */
export const searchVector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The words of `text` (unaccented, lower-case, split on anything but letters and digits) as a tsvector. */
export function searchVectorOf(text: string): SQL {
  return sql.raw(
    `to_tsvector('simple'::regconfig, regexp_replace(translate(lower(${text}), '${ACCENTED}', '${PLAIN}'), '[^a-z0-9]+', ' ', 'g'))`,
  );
}
