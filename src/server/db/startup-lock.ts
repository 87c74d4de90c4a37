import type pg from 'pg';

/**
 * One key for every schema change an instance makes at start-up (the app's migrations, the job
 * engine's own schema). docs/decisions.md, "Data": instances that start together take turns.
 */
const STARTUP_LOCK_KEY = 'parc:schema-start-up';

/**
 * Runs `work` while this process holds the database's start-up lock, a session advisory lock held
 * by a connection of its own: a second instance starting at the same moment waits here, then finds
 * the schema already there. Without it both create the same schema and one of them stops (two
 * `CREATE SCHEMA IF NOT EXISTS` at once fail on the catalogue's unique index).
 */
export async function underStartupLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [STARTUP_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [STARTUP_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
