import type { LookupOptions, Tx } from './transaction';
import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { bookingRequests } from './schema';

/**
 * A booking request's row (several modules' repositories re-export it). `forUpdate` locks it for
 * the rest of the transaction: the changes of one booking queue behind each other.
 */
export async function findBookingRow<D extends Db>(db: D, id: string, options?: LookupOptions<D>) {
  const query = db.select().from(bookingRequests).where(eq(bookingRequests.id, id));
  const rows = options?.forUpdate ? await query.for('update') : await query;
  return rows[0];
}

/** The booking request's row, locked for the rest of the transaction. */
export function lockBookingRow(db: Tx, id: string) {
  return findBookingRow(db, id, { forUpdate: true });
}
