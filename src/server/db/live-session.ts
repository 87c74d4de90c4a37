import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** What a session table has (db/schema/columns.ts, `sessionTable`). */
interface SessionColumns {
  tokenHash: PgColumn;
  expiresAt: PgColumn;
  revokedAt: PgColumn;
}

/**
 * The one rule of a live session, for customers' and staff's alike (their tables stay apart,
 * docs/decisions.md): this token, not revoked, not expired by the database's clock, and its
 * owner's account (joined by the caller) still active.
 */
export function liveSessionWhere(session: SessionColumns, ownerStatus: PgColumn, tokenHash: string): SQL | undefined {
  return and(
    eq(session.tokenHash, tokenHash),
    isNull(session.revokedAt),
    gt(session.expiresAt, sql`now()`),
    eq(ownerStatus, 'active'),
  );
}

/**
 * The sliding expiry's write, for both session tables: (db, id, expiresAt) notes the session's use
 * and pushes its expiry back. The cast only restates for a generic table what drizzle infers for a
 * concrete one.
 */
export function sessionToucher<T extends PgTable & { id: PgColumn }>(table: T) {
  return async (db: Db, id: string, expiresAt: Date) => {
    const values = { lastUsedAt: new Date(), expiresAt } as PgUpdateSetSource<T>;
    await db.update(table).set(values).where(eq(table.id, id));
  };
}
