import { and, eq, type SQL } from 'drizzle-orm';
import { customers } from './schema';

/**
 * Conditions on `customers` that several modules' queries share (a module may not read another
 * module's repository, so they live here).
 */

/**
 * `conditions` on an account that was not deleted: a deleted account stays, emptied, only for the
 * bookings it made, and no login, invitation or e-mail finds it again.
 */
export function activeCustomerWhere(...conditions: (SQL | undefined)[]): SQL {
  return and(...conditions, eq(customers.status, 'active'))!;
}

/** The account of this address in this park (one at most), unless it was deleted. */
export function activeCustomerWithEmail(establishmentId: string, email: string): SQL {
  return activeCustomerWhere(eq(customers.establishmentId, establishmentId), eq(customers.email, email));
}
