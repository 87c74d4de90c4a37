import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import { queryUnreported } from './change-feed';
import type { Database, Db } from './client';

/** What the job engine (pg-boss) runs its own SQL through (docs/decisions.md, "Durable jobs"). */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** `$1`, `$2`… of a driver's statement as drizzle parameters; objects are sent as JSON text. */
function drizzleSql(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, index) => {
    if (index % 2 === 0) {
      if (part) chunks.push(sql.raw(part));
      return;
    }
    const value = values[Number(part) - 1];
    const isJson = value !== null && typeof value === 'object' && !(value instanceof Date);
    chunks.push(sql`${isJson ? JSON.stringify(value) : (value ?? null)}`);
  });
  return sql.join(chunks);
}

/**
 * Runs the engine's statements with `db`, a transaction included: a job scheduled with it exists
 * exactly when the caller's transaction commits.
 */
export function executorWithin(db: Db): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      return (await db.execute(drizzleSql(text, values))) as unknown as { rows: unknown[] };
    },
  };
}

/**
 * The engine's own connection: the pool on PostgreSQL; on PGlite, its single connection, where a
 * script of several statements (the engine's migrations and maintenance) is run with `exec` and
 * rolled back if it fails half-way, so the one connection never stays in an aborted transaction.
 */
export function engineExecutor(database: Database): SqlExecutor {
  const pool = postgresPool(database);
  if (pool) {
    return {
      // Not reported to the change feed: see `queryUnreported`.
      async executeSql(text, values) {
        const client = await pool.connect();
        try {
          const result = await queryUnreported(client, text, values);
          client.release();
          return result;
        } catch (error) {
          // As pool.query does: a connection a statement failed on is not reused.
          client.release(error instanceof Error ? error : true);
          throw error;
        }
      },
    };
  }
  const lite = (database.db as unknown as { $client: PGlite }).$client;
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return lite.query(text, values);
      try {
        const results = await lite.exec(text);
        return results.at(-1) ?? { rows: [] };
      } catch (error) {
        if (lite.isInTransaction()) await lite.exec('ROLLBACK');
        throw error;
      }
    },
  };
}

/** The connection pool of a PostgreSQL database; undefined on PGlite (one process, one connection). */
export function postgresPool(database: Database): pg.Pool | undefined {
  return database.kind === 'postgres' ? (database.db as unknown as { $client: pg.Pool }).$client : undefined;
}
