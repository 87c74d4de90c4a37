import type { Db } from '../db/client';
import { hitCounter } from '../db/rate-limit-counters';

/**
 * The counters moved to db/rate-limit-counters.ts (modules use them without importing a plugin);
 * re-exported here for code written before the move.
 */
export { clearCounter, hitCounter, readCounter, purgeExpiredRateLimits } from '../db/rate-limit-counters';

/** A store for @fastify/rate-limit backed by `hitCounter`, namespaced per route. */
export function databaseRateLimitStore(db: Db) {
  class DatabaseStore {
    constructor(private readonly namespace = 'global') {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
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
