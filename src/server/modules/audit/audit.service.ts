import type { Db } from '../../db/client';
import type { Tx } from '../../db/transaction';
import * as repo from './audit.repository';
import type { AuditActor, AuditRow } from './audit.repository';

/**
 * The audit trail of bookings (who, when, what, before → after): every change of a booking writes
 * one entry in the transaction that makes it (docs/decisions.md, "Audit trail"): the staff
 * actions, the sweeps, the organizer's edits, links and participant list, a participant joining,
 * and the card payments the provider reports (payment-audit.ts). Read in the staff detail.
 */

export type { AuditActor, AuditRow } from './audit.repository';
export { changedFields, customerActor, participantTrace, SYSTEM_ACTOR } from './audit-entries';
export { auditLateRefund, auditPaymentMove, auditPaymentRefused } from './payment-audit';

/** What one entry records: its author, its booking (null for an account's own event), the change. */
export type AuditEntry = AuditActor & {
  bookingId: string | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

/** Writes one entry in the change's own transaction: the change and its trace commit together. */
export function recordAudit(tx: Tx, entry: AuditEntry): Promise<void> {
  return repo.recordAudit(tx, entry);
}

/** The latest entry of `action` for a booking (e.g. its cancellation), or undefined. */
export function latestAudit(db: Db, bookingId: string, action: string): Promise<AuditRow | undefined> {
  return repo.latestAudit(db, bookingId, action);
}

/** A booking's whole trail, oldest first (the staff detail's history). */
export function listAudit(db: Db, bookingId: string): Promise<AuditRow[]> {
  return repo.listAudit(db, bookingId);
}

/** Data retention: the booking's personal entries deleted, the others' author names replaced. */
export function anonymiseAuditOfBooking(db: Db, bookingId: string, actorName: string): Promise<void> {
  return repo.anonymiseAuditOfBooking(db, bookingId, actorName);
}

/** Account erasure: the customer's entries keep their place, under `actorName`. */
export function renameCustomerInAudit(db: Db, customerId: string, actorName: string): Promise<void> {
  return repo.renameCustomerInAudit(db, customerId, actorName);
}

/** Account erasure: the erased participants' names in the entries' before/after replaced by `name`. */
export function renameParticipantsInAudit(db: Db, participantIds: string[], name: string): Promise<void> {
  return repo.renameParticipantsInAudit(db, participantIds, name);
}
