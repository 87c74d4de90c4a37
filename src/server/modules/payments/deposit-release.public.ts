import type { AuditActor } from '../audit/audit.service';
import { releaseAtProvider, type ReleaseDeps } from './open-intents.public';
import { listBookingPayments } from './payments.repository';

/**
 * A booking's card deposit hold released now (the group's check-out, docs/decisions.md, "On
 * site"): the authorized deposit intents are canceled at the provider and the release is in the
 * audit trail. Returns how many holds were released (0 when there was none, or the provider
 * failed: the end-of-stay sweep releases it then).
 */
export async function releaseDepositHoldOf(deps: ReleaseDeps, bookingId: string, actor: AuditActor): Promise<number> {
  const holds = (await listBookingPayments(deps.db, bookingId)).filter(
    (row) => row.kind === 'deposit' && row.status === 'authorized',
  );
  if (holds.length === 0) return 0;
  return (await releaseAtProvider(deps, bookingId, holds, actor)).length;
}
