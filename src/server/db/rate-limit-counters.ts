import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from './client';

/**
 * Fixed-window counters in the `rate_limits` table: the HTTP limits of @fastify/rate-limit
 * (plugins/rate-limit-store.ts) and the services' own throttles (failed logins per account).
 * In db/ so that modules and plugins both use them without depending on each other.
 */

/**
 * One fixed-window counter in the database, claimed by a single upsert so that several server
 * instances share it (docs/decisions.md, "Data"). Returns the count in the window and the ms left in it.
 */
export async function hitCounter(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const result = await db.execute<{ count: number; reset_at: string | Date }>(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning count, reset_at`);
  const rows = rowsOf<{ count: number; reset_at: string | Date }>(result);
  const row = rows[0];
  if (!row) throw new Error('rate limit counter not returned');
  return { current: Number(row.count), ttl: Math.max(0, new Date(row.reset_at).getTime() - Date.now()) };
}

export async function readCounter(db: Db, key: string): Promise<number> {
  const result = await db.execute<{ count: number }>(
    sql`select count from rate_limits where key = ${key} and reset_at > now()`,
  );
  const rows = rowsOf<{ count: number }>(result);
  return rows[0] ? Number(rows[0].count) : 0;
}

export async function clearCounter(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/**
 * Deletes the counters whose window is over (they count nothing any more). Exported for the
 * periodic sweeps; the app also runs it on a timer.
 */
export async function purgeExpiredRateLimits(db: Db): Promise<number> {
  const result = await db.execute<{ key: string }>(sql`delete from rate_limits where reset_at <= now() returning key`);
  return rowsOf<{ key: string }>(result).length;
}
