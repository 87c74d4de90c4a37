/**
 * The audit trail of bookings (who, when, what, before → after), written by the staff actions, the
 * sweeps and the organizer's own decisive steps; read in the staff detail.
 */
export { listAudit, recordAudit, SYSTEM_ACTOR, type AuditActor, type AuditRow } from './audit.repository';
