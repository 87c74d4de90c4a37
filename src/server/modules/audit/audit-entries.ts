import type { Db } from '../../db/client';
import { customerNameOf, type AuditActor } from './audit.repository';

/** The system's own name in the audit trail (sweeps, the payment provider's events). */
export const SYSTEM_ACTOR: AuditActor = {
  actorType: 'system',
  actorId: null,
  actorName: 'Système (tâche automatique)',
};

/** A customer as the author of an entry: their id and name ('Léa Martin'), `fallback` when unknown. */
export async function customerActor(db: Db, customerId: string, fallback = 'Client'): Promise<AuditActor> {
  return { actorType: 'customer', actorId: customerId, actorName: (await customerNameOf(db, customerId)) || fallback };
}

/**
 * The fields of `after` that differ from `before` (compared as JSON), each side reduced to them;
 * null when nothing changed: an edit that leaves the booking as it was writes no entry.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  if (keys.length === 0) return null;
  const pick = (side: Record<string, unknown>) =>
    Object.fromEntries(keys.filter((key) => Object.hasOwn(side, key)).map((key) => [key, side[key]]));
  return { before: pick(before), after: pick(after) };
}

/**
 * What the trail keeps of a participant: the row's id (account deletion erases the name by it,
 * `renameParticipantsInAudit`) and their name, never their e-mail or phone.
 */
export function participantTrace(row: { id: string; firstName: string; lastName: string }) {
  return { participantId: row.id, participant: `${row.firstName} ${row.lastName}`.trim() };
}
