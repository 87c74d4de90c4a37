import type { Db } from './client';

declare const inTransactionBrand: unique symbol;

/**
 * A `Db` that is a transaction: only `inTransaction` hands one. Locks and claims (a row locked
 * FOR UPDATE, a counter or a limit claimed) take a `Tx`, so calling one outside a transaction does
 * not compile; a `Tx` is still a `Db` for every read and write (docs/architecture.md, "How a call flows").
 */
export type Tx = Db & { readonly [inTransactionBrand]: true };

/**
 * The options of a look-up that may lock the row it reads: `forUpdate` is accepted only when the
 * look-up runs on a `Tx`, so a lock outside a transaction does not compile.
 */
export type LookupOptions<D extends Db> = D extends Tx ? { forUpdate?: boolean } : { forUpdate?: false };

/**
 * Runs `work` in one transaction and hands it the transaction as a `Tx` (drizzle's PgTransaction
 * is a PgDatabase, the brand exists only in the types). Throwing inside rolls everything back.
 */
export function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Tx));
}
