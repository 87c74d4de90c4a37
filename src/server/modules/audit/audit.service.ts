/**
 * The audit trail of bookings (who, when, what, before → after): every change of a booking writes
 * one entry in the transaction that makes it (docs/decisions.md, "Audit trail"): the staff
 * actions, the sweeps, the organizer's edits, links and participant list, a participant joining,
 * and the card payments the provider reports (payment-audit.ts). Read in the staff detail.
 */
export {
  latestAudit,
  listAudit,
  recordAudit,
  anonymiseAuditOfBooking,
  renameCustomerInAudit,
  renameParticipantsInAudit,
  SYSTEM_ACTOR,
  type AuditActor,
  type AuditRow,
} from './audit.repository';
export { changedFields, customerActor, participantTrace } from './audit-entries';
export { auditLateRefund, auditPaymentMove, auditPaymentRefused } from './payment-audit';
