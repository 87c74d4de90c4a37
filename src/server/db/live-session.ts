import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** What a session table has (db/schema/columns.ts, `sessionLifetimeColumns`, plus its token hash). */
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
