import { PROVIDER_REFUND_STATUS_LABELS, refundFailureText } from '../../../shared/api/refunds.schema';
import { centsToEuros } from '../../../shared/money';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { inTransaction, type Tx } from '../../db/transaction';
import type { PaymentProvider, ProviderRefund } from '../../providers/payments/payment-provider';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { accessBooking, type Actor } from '../bookings/booking-access.public';
import { providerFailure } from './payment-context';
import { findPayment } from './deposit-cards.repository';
import { addRefunded, type PaymentRow } from './payments.repository';
import {
  findProviderRefund,
  moveProviderRefund,
  recordProviderRefund,
  takeBackRefunded,
  type ProviderRefundRow,
} from './provider-refunds.repository';

/*
 * Refunds followed to their end (docs/decisions.md, "Refunds followed to their end"): every refund
 * the provider accepts is kept with its status; its events move it; a failed one is shown to the
 * team, who send a new one or mark it settled by hand.
 */

export const REFUND_FOLLOW_UP_MESSAGES = {
  notFound: 'Remboursement introuvable',
  notFailed: 'Ce remboursement n’est pas en échec : il a déjà été relancé ou réglé.',
  retried: 'Remboursement relancé',
  resolved: 'Remboursement marqué comme réglé',
} as const;

const statusOf = (status: string): ProviderRefundRow['status'] =>
  status === 'succeeded' || status === 'failed' || status === 'canceled' ? status : 'pending';

/** A refund sent to the provider for `payment` and recorded to be followed. */
export async function sendRefund(
  deps: { db: Db; provider: PaymentProvider },
  payment: Pick<PaymentRow, 'id' | 'bookingId' | 'providerIntentId'>,
  cents: number,
  idempotencyKey: string,
) {
  const refund = await deps.provider.refund(payment.providerIntentId!, cents, idempotencyKey);
  await recordProviderRefund(deps.db, {
    id: refund.id,
    bookingId: payment.bookingId,
    paymentId: payment.id,
    amountCents: cents,
    status: statusOf(refund.status),
    idempotencyKey,
  });
  return refund;
}

/**
 * A refund's state from the provider, in the event's transaction: succeeded from pending; failed or
 * canceled from pending or succeeded (a refund can fail after it was reported done), which takes
 * its amount back from the payment's refunded total, once.
 */
export async function applyRefundState(tx: Db, refund: ProviderRefund): Promise<void> {
  const row = await findProviderRefund(tx, refund.id);
  if (!row) return;
  if (refund.status === 'succeeded') {
    await moveProviderRefund(tx, row.id, ['pending'], { status: 'succeeded' });
    return;
  }
  if (refund.status !== 'failed' && refund.status !== 'canceled') return;
  const moved = await moveProviderRefund(tx, row.id, ['pending', 'succeeded'], {
    status: 'failed',
    failureReason: refund.failureReason ?? refund.status,
  });
  if (moved) await takeBackRefunded(tx, row.paymentId, row.amountCents);
}

export function providerRefundView(row: ProviderRefundRow) {
  return {
    _id: row.id,
    paymentId: row.paymentId,
    amount: centsToEuros(row.amountCents),
    status: row.status,
    statusLabel: PROVIDER_REFUND_STATUS_LABELS[row.status],
    failure: row.status === 'failed' ? refundFailureText(row.failureReason) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function failedRefundOf(db: Db, actor: Actor, bookingId: string, refundId: string) {
  await accessBooking(db, bookingId, actor);
  const row = await findProviderRefund(db, refundId);
  if (row?.bookingId !== bookingId) throw AppError.of('NOT_FOUND', REFUND_FOLLOW_UP_MESSAGES.notFound);
  return row;
}

function refundAuditActor(actor: Actor): AuditActor {
  return actor.kind === 'staff'
    ? { actorType: 'staff', actorId: actor.staffId, actorName: actor.name }
    : { actorType: 'customer', actorId: actor.customerId, actorName: 'Client' };
}

/** The team's move of a failed refund, in the booking's history (`refund_retried`, `refund_resolved`). */
function auditRefundMove(
  tx: Tx,
  actor: Actor,
  row: ProviderRefundRow,
  action: 'refund_retried' | 'refund_resolved',
  newRefundId?: string,
) {
  return recordAudit(tx, {
    ...refundAuditActor(actor),
    bookingId: row.bookingId,
    action,
    before: { refundStatus: 'failed', amountCents: row.amountCents, refundId: row.id },
    after: {
      refundStatus: action === 'refund_retried' ? 'retried' : 'resolved',
      amountCents: row.amountCents,
      ...(newRefundId ? { newRefundId } : {}),
    },
  });
}

const notFailed = () => AppError.of('REFUND_NOT_FAILED', REFUND_FOLLOW_UP_MESSAGES.notFailed);

/**
 * POST …/refunds/{refundId}/retry: a new refund of the same amount under a new key (derived from
 * the failed one, so a repeated call sends one); the failed one is claimed first (`failed` →
 * `retried`), so two clicks send it once. A provider refusal puts it back to `failed`.
 */
export async function retryRefund(
  deps: { db: Db; provider: PaymentProvider },
  actor: Actor,
  bookingId: string,
  refundId: string,
) {
  const row = await failedRefundOf(deps.db, actor, bookingId, refundId);
  if (!(await moveProviderRefund(deps.db, row.id, ['failed'], { status: 'retried' }))) throw notFailed();
  const payment = (await findPayment(deps.db, row.paymentId))!;
  let sent;
  try {
    sent = await sendRefund(deps, payment, row.amountCents, `refund-retry:${row.id}`);
  } catch (error) {
    await moveProviderRefund(deps.db, row.id, ['retried'], { status: 'failed' });
    return providerFailure(error);
  }
  await inTransaction(deps.db, async (tx) => {
    await moveProviderRefund(tx, row.id, ['retried'], { status: 'retried', retriedBy: sent.id });
    await addRefunded(tx, payment.id, row.amountCents);
    await auditRefundMove(tx, actor, row, 'refund_retried', sent.id);
  });
  return providerRefundView((await findProviderRefund(deps.db, sent.id))!);
}

/** POST …/refunds/{refundId}/resolve: settled outside the provider (a transfer, a cheque). */
export async function resolveRefund(db: Db, actor: Actor, bookingId: string, refundId: string) {
  const row = await failedRefundOf(db, actor, bookingId, refundId);
  const moved = await inTransaction(db, async (tx) => {
    const resolved = await moveProviderRefund(tx, row.id, ['failed'], {
      status: 'resolved',
      resolvedByStaffId: actor.kind === 'staff' ? actor.staffId : null,
    });
    if (resolved) await auditRefundMove(tx, actor, row, 'refund_resolved');
    return resolved;
  });
  if (!moved) throw notFailed();
  return providerRefundView(moved);
}
