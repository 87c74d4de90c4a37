import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { liveSessionWhere, sessionToucher } from '../../db/live-session';
import { staffAccounts, staffSessions } from '../../db/schema';

export type StaffRow = typeof staffAccounts.$inferSelect;
export type StaffSessionRow = typeof staffSessions.$inferSelect;

export async function findLiveStaffSession(db: Db, tokenHash: string) {
  const rows = await db
    .select({ session: staffSessions, staff: staffAccounts })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(liveSessionWhere(staffSessions, staffAccounts.status, tokenHash));
  return rows[0];
}

export const touchStaffSession = sessionToucher(staffSessions);

export async function insertStaffSession(db: Db, values: typeof staffSessions.$inferInsert) {
  const rows = await db.insert(staffSessions).values(values).returning();
  return rows[0]!;
}
