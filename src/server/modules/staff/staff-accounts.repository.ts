import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { updateStampedRow } from '../../db/update-row';
import { staffAccounts, staffSessions, staffSetupTokens } from '../../db/schema';
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

/** Keeps at most one live setup link: a new one replaces the unused ones. */
export async function replaceSetupToken(db: Db, tokenHash: string, expiresAt: Date) {
  await db.transaction(async (tx) => {
    await tx.delete(staffSetupTokens).where(isNull(staffSetupTokens.usedAt));
    await tx.insert(staffSetupTokens).values({ tokenHash, expiresAt });
  });
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

export function listStaff(db: Db, establishmentId: string): Promise<StaffRow[]> {
  return db
    .select()
    .from(staffAccounts)
    .where(eq(staffAccounts.establishmentId, establishmentId))
    .orderBy(staffAccounts.lastName, staffAccounts.firstName);
}

export async function lockActiveAdmins(db: Db, establishmentId: string): Promise<StaffRow[]> {
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
