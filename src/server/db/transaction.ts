import type { Db } from './client';

/**
 * Runs `work` in one transaction and hands it the transaction as a plain `Db`, so repositories
 * and services take the same type in or out of a transaction (drizzle's PgTransaction is a
 * PgDatabase). Throwing inside rolls everything back.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx));
}
