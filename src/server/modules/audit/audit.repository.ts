import type { Tx } from '../../db/transaction';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findCustomerContact } from '../../db/customer-contact';
import { auditLog, bookingRequests } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditActor {
  actorType: AuditRow['actorType'];
  actorId: string | null;
  actorName: string;
}

/**
 * One audit entry: who, what, the state before and after. Its time is the clock's at the insert,
 * not the transaction's start, so that two entries of one transaction (a payment and the
 * confirmation it brings) read in the order they were written.
 */
export async function recordAudit(
  db: Tx,
  entry: AuditActor & {
    bookingId: string | null;
    action: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  },
) {
  await db.insert(auditLog).values({ ...entry, createdAt: sql`clock_timestamp()` });
}

/** The latest entry of `action` for a booking (e.g. its cancellation), or undefined. */
export async function latestAudit(db: Db, bookingId: string, action: string): Promise<AuditRow | undefined> {
  const [row] = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.bookingId, bookingId), eq(auditLog.action, action)))
    .orderBy(desc(auditLog.createdAt))
    .limit(1);
  return row;
}

export function listAudit(db: Db, bookingId: string): Promise<AuditRow[]> {
  return db.select().from(auditLog).where(eq(auditLog.bookingId, bookingId)).orderBy(asc(auditLog.createdAt));
}

/** A customer's name as the trail shows it ('Léa Martin'), or undefined for an unknown id. */
export async function customerNameOf(db: Db, customerId: string | null): Promise<string | undefined> {
  const contact = await findCustomerContact(db, customerId);
  return contact ? `${contact.firstName} ${contact.lastName}`.trim() : undefined;
}

/** The booking's status and payment status as they stand (in the caller's transaction). */
export async function bookingStateOf(db: Db, bookingId: string) {
  const rows = await db
    .select({ status: bookingRequests.status, paymentStatus: bookingRequests.paymentStatus })
    .from(bookingRequests)
    .where(eq(bookingRequests.id, bookingId));
  return rows[0];
}

/**
 * Account deletion: the name written in the entries about the participant rows `participantIds`
 * (`participantId` beside `participant`, before or after) becomes `name`.
 */
/** The name a customer's entries in the bookings' audit trail carry (the entries stay). */
export async function renameCustomerInAudit(db: Db, customerId: string, actorName: string) {
  await db
    .update(auditLog)
    .set({ actorName })
    .where(and(eq(auditLog.actorType, 'customer'), eq(auditLog.actorId, customerId)));
}

export async function renameParticipantsInAudit(db: Db, participantIds: string[], name: string) {
  if (participantIds.length === 0) return;
  const renamed = (column: typeof auditLog.before | typeof auditLog.after) =>
    sql`case when ${column} ->> 'participantId' in (${sql.join(
      participantIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and jsonb_exists(${column}, 'participant') then jsonb_set(${column}, '{participant}', to_jsonb(${name}::text)) else ${column} end`;
  await db
    .update(auditLog)
    .set({ before: renamed(auditLog.before), after: renamed(auditLog.after) })
    .where(
      or(
        inArray(sql`${auditLog.before} ->> 'participantId'`, participantIds),
        inArray(sql`${auditLog.after} ->> 'participantId'`, participantIds),
      ),
    );
}

/** Entries that name the participants or the organizer's edited contact: deleted at anonymisation. */
const PERSONAL_ACTIONS = [
  'client_edit',
  'invite_link_created',
  'invite_link_revoked',
  'participant_invited',
  'participant_removed',
  'participant_joined',
];

/**
 * Data retention (docs/decisions.md, "Data retention"): the booking's entries about people are
 * deleted, the others (moves, payments) stay with the customers' names replaced by `actorName`.
 */
export async function anonymiseAuditOfBooking(db: Db, bookingId: string, actorName: string) {
  await db.delete(auditLog).where(and(eq(auditLog.bookingId, bookingId), inArray(auditLog.action, PERSONAL_ACTIONS)));
  await db
    .update(auditLog)
    .set({ actorName, actorId: null })
    .where(and(eq(auditLog.bookingId, bookingId), eq(auditLog.actorType, 'customer')));
}
