import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';

/**
 * One fixed-window counter in the database, claimed by a single upsert so that several server
 * instances share it (DESIGN.md §1). Returns the count in the window and the ms left in it.
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

/** A store for @fastify/rate-limit backed by `hitCounter`, namespaced per route. */
export function databaseRateLimitStore(db: Db) {
  class DatabaseStore {
    constructor(private readonly namespace = 'global') {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      hitCounter(db, `http:${this.namespace}:${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    /** @fastify/rate-limit passes the route under `routeInfo`: each limited route counts on its own. */
    child(options: { routeInfo?: { method?: string | string[]; url?: string } }) {
      const route = options.routeInfo ?? {};
      const method = Array.isArray(route.method) ? route.method.join(',') : (route.method ?? '');
      return new DatabaseStore(`${method}:${route.url ?? ''}`);
    }
  }
  return DatabaseStore;
}
