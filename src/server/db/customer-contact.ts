import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { customers } from './schema';

/**
 * A customer's name and address, for the texts and mails that name them (several modules' repositories
 * re-export it under their own name). Undefined without an id or for an unknown one.
 */
export async function findCustomerContact(db: Db, customerId: string | null) {
  if (!customerId) return undefined;
  const rows = await db
    .select({ email: customers.email, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(eq(customers.id, customerId));
  return rows[0];
}
