import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/transaction';
import { updateStampedRow } from '../../db/update-row';
import { establishments, staffAccounts, staffSessions, staffSetupTokens } from '../../db/schema';
import type { StaffRow } from './staff-sessions.repository';
import { firstRowWhere } from '../../db/first-row';

export async function findStaffByEmail(db: Db, establishmentId: string, email: string): Promise<StaffRow | undefined> {
  return firstRowWhere(
    db,
    staffAccounts,
    and(eq(staffAccounts.establishmentId, establishmentId), eq(staffAccounts.email, email)),
  );
}

export async function findStaffById(db: Db, id: string): Promise<StaffRow | undefined> {
  return firstRowWhere(db, staffAccounts, eq(staffAccounts.id, id));
}

export async function countStaff(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(staffAccounts);
  return Number(row?.n ?? 0);
}

/** Inserts an account; undefined when the address is taken (unique index), never a duplicate. */
export async function insertStaff(db: Db, values: typeof staffAccounts.$inferInsert): Promise<StaffRow | undefined> {
  const rows = await db.insert(staffAccounts).values(values).onConflictDoNothing().returning();
  return rows[0];
}

export async function revokeStaffSession(db: Db, id: string) {
  await db.update(staffSessions).set({ revokedAt: new Date() }).where(eq(staffSessions.id, id));
}

/**
 * Adds a setup link beside the others: every link printed while no staff account exists stays
 * usable for its own 24 h (two servers on one database, or a restart, each print one). They are
 * all deleted when the first admin is created (`voidSetupTokens`).
 */
export async function addSetupToken(db: Db, tokenHash: string, expiresAt: Date) {
  await db.insert(staffSetupTokens).values({ tokenHash, expiresAt });
}

export async function isSetupTokenLive(db: Db, tokenHash: string): Promise<boolean> {
  const rows = await db
    .select({ id: staffSetupTokens.id })
    .from(staffSetupTokens)
    .where(
      and(
        eq(staffSetupTokens.tokenHash, tokenHash),
        isNull(staffSetupTokens.usedAt),
        gt(staffSetupTokens.expiresAt, sql`now()`),
      ),
    );
  return rows.length > 0;
}

/**
 * Locks the establishment's row until the end of the transaction (FOR NO KEY UPDATE: rows that
 * reference it can still be inserted): first-admin setups run one after the other, so a setup
 * that waited sees the account the first one created.
 */
export async function lockFirstAdminSetup(db: Db, establishmentId: string) {
  await db
    .select({ id: establishments.id })
    .from(establishments)
    .where(eq(establishments.id, establishmentId))
    .for('no key update');
}

/** Claims a live setup token once (single use even under concurrent calls). */
export async function claimSetupToken(db: Db, tokenHash: string): Promise<boolean> {
  const rows = await db
    .update(staffSetupTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(staffSetupTokens.tokenHash, tokenHash),
        isNull(staffSetupTokens.usedAt),
        gt(staffSetupTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: staffSetupTokens.id });
  return rows.length > 0;
}

/** Deletes the setup links still unused, expired or not (the first admin exists: none is needed any more). */
export async function voidSetupTokens(db: Db) {
  await db.delete(staffSetupTokens).where(isNull(staffSetupTokens.usedAt));
}

export function listStaff(db: Db, establishmentId: string): Promise<StaffRow[]> {
  return db
    .select()
    .from(staffAccounts)
    .where(eq(staffAccounts.establishmentId, establishmentId))
    .orderBy(staffAccounts.lastName, staffAccounts.firstName);
}

export async function lockActiveAdmins(db: Tx, establishmentId: string): Promise<StaffRow[]> {
  return db
    .select()
    .from(staffAccounts)
    .where(
      and(
        eq(staffAccounts.establishmentId, establishmentId),
        eq(staffAccounts.role, 'admin'),
        eq(staffAccounts.status, 'active'),
      ),
    )
    .for('update');
}

export function updateStaff(db: Db, id: string, values: Partial<typeof staffAccounts.$inferInsert>) {
  return updateStampedRow(db, staffAccounts, id, values);
}

export async function revokeAllStaffSessions(db: Db, staffId: string) {
  await db
    .update(staffSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
}
