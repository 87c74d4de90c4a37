import { and, eq, isNull, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { liveSessionWhere, sessionToucher } from '../../db/live-session';
import { updateStampedRow } from '../../db/update-row';
import { customers, sessions } from '../../db/schema';
import { firstRowWhere } from '../../db/first-row';
import { activeCustomerWhere, activeCustomerWithEmail } from '../../db/active-customer';

export type CustomerRow = typeof customers.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export async function findCustomerByEmail(db: Db, establishmentId: string, email: string) {
  return firstRowWhere(db, customers, activeCustomerWithEmail(establishmentId, email));
}

export async function findCustomerById(db: Db, id: string) {
  return firstRowWhere(db, customers, activeCustomerWhere(eq(customers.id, id)));
}

/** Inserts unless the address is taken; returns undefined on conflict (no check-then-insert race). */
export async function insertCustomer(db: Db, values: typeof customers.$inferInsert) {
  const rows = await db.insert(customers).values(values).onConflictDoNothing().returning();
  return rows[0];
}

export function updateCustomer(db: Db, id: string, values: Partial<typeof customers.$inferInsert>) {
  return updateStampedRow(db, customers, id, values);
}

/** The password hashes a write expects to find, as they were when the password was checked. */
export interface PasswordProof {
  passwordHash: string | null;
  /** Only when the temporary password was the one checked. */
  temporaryPasswordHash?: string | null;
}

const sameHash = (
  column: typeof customers.passwordHash | typeof customers.temporaryPasswordHash,
  expected: string | null,
) => (expected === null ? isNull(column) : eq(column, expected));

/**
 * Updates an active account only if its password hashes are still those `proof` names: a
 * compare-and-swap, so that of two writes checked against the same password (two password
 * changes, a change and a deletion) the second finds the hash moved and writes nothing.
 * Returns the row, or undefined when it did not apply.
 */
export async function updateCustomerIfPassword(
  db: Db,
  id: string,
  proof: PasswordProof,
  values: Partial<typeof customers.$inferInsert>,
) {
  const conditions = [sameHash(customers.passwordHash, proof.passwordHash)];
  if (proof.temporaryPasswordHash !== undefined) {
    conditions.push(sameHash(customers.temporaryPasswordHash, proof.temporaryPasswordHash));
  }
  const rows = await db
    .update(customers)
    .set({ ...values, updatedAt: new Date() })
    .where(activeCustomerWhere(eq(customers.id, id), ...conditions))
    .returning();
  return rows[0];
}

/**
 * The active account of an id, share-locked for the rest of the caller's transaction: an account
 * deletion (which updates the row) then either committed first, and the account is not found, or
 * waits for the caller to commit, and then sees what the caller wrote.
 */
export async function lockActiveCustomer(db: Db, id: string) {
  const rows = await db
    .select()
    .from(customers)
    .where(activeCustomerWhere(eq(customers.id, id)))
    .for('share');
  return rows[0];
}

/**
 * Marks the temporary password used, if it was not yet and `proof` still holds: true for the one
 * caller that did (single use, DESIGN.md §3), whatever runs concurrently.
 */
async function claimTemporaryAccess(
  db: Db,
  id: string,
  proof: SQL,
  values: Partial<typeof customers.$inferInsert> = {},
) {
  const rows = await db
    .update(customers)
    .set({ temporaryPasswordUsedAt: new Date(), ...values, updatedAt: new Date() })
    .where(and(eq(customers.id, id), proof, isNull(customers.temporaryPasswordUsedAt)))
    .returning({ id: customers.id });
  return rows.length === 1;
}

/** Claims the temporary password once: only one concurrent login can clear it. */
export function consumeTemporaryPassword(db: Db, id: string, expectedHash: string) {
  return claimTemporaryAccess(db, id, eq(customers.temporaryPasswordHash, expectedHash));
}

export async function insertSession(db: Db, values: typeof sessions.$inferInsert) {
  const rows = await db.insert(sessions).values(values).returning();
  return rows[0]!;
}

/** A live session of an active customer: only what every authenticated call reads (docs/decisions.md, performance rule 11). */
export async function findLiveSession(db: Db, tokenHash: string) {
  const rows = await db
    .select({
      session: {
        id: sessions.id,
        customerId: sessions.customerId,
        isTemporary: sessions.isTemporary,
        lastUsedAt: sessions.lastUsedAt,
        expiresAt: sessions.expiresAt,
      },
    })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(liveSessionWhere(sessions, customers.status, tokenHash));
  return rows[0];
}

export const touchSession = sessionToucher(sessions);

export async function revokeSession(db: Db, id: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

export async function markSessionPermanent(db: Db, id: string) {
  await db.update(sessions).set({ isTemporary: false }).where(eq(sessions.id, id));
}

/** Revokes every session of a customer, except `keepId` when given. */
export async function revokeCustomerSessions(db: Db, customerId: string, keepId?: string) {
  const conditions = [eq(sessions.customerId, customerId), isNull(sessions.revokedAt)];
  if (keepId) conditions.push(ne(sessions.id, keepId));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
}
