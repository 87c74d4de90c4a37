import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditActor {
  actorType: AuditRow['actorType'];
  actorId: string | null;
  actorName: string;
}

/** The system's own name in the audit trail (sweeps). */
export const SYSTEM_ACTOR: AuditActor = {
  actorType: 'system',
  actorId: null,
  actorName: 'Système (tâche automatique)',
};

/** One audit entry: who, what, the state before and after (the row's created_at is the when). */
export async function recordAudit(
  db: Db,
  entry: AuditActor & {
    bookingId: string | null;
    action: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  },
) {
  await db.insert(auditLog).values(entry);
}

export function listAudit(db: Db, bookingId: string): Promise<AuditRow[]> {
  return db.select().from(auditLog).where(eq(auditLog.bookingId, bookingId)).orderBy(asc(auditLog.createdAt));
}
