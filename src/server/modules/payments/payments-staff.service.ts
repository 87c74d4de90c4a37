import { PAYMENT_MESSAGES } from '../../../shared/api/payments.schema';
import { todayInParis } from '../../../shared/booking-days';
import { centsToEuros, eurosToCents } from '../../../shared/money';
import { quoteRefund } from '../../../shared/refund-policy';
import { AppError } from '../../app-error';
import { customers } from '../../db/schema';
import { inArray } from 'drizzle-orm';
import { accessBooking, type Actor } from '../bookings/booking-access';
import { listParticipants } from '../bookings/customer-bookings.service';
import { applyIntentState } from './payment-effects';
import { paymentView } from './payment-view';
import {
  addRefunded,
  claimPayment,
  findPaymentConfig,
  listBookingPayments,
  listHoldsToRelease,
  movePayment,
} from './payments.repository';
import { eurosText, providerFailure, type PaymentDeps } from './payment-context';

/** GET /api/v1/staff/booking-requests/{id}/payments: the state, who paid which share, every movement. */
export async function getStaffPayments(deps: PaymentDeps, actor: Actor, bookingId: string) {
  const { booking } = await accessBooking(deps.db, bookingId, actor);
  const [config, participants, rows] = await Promise.all([
    findPaymentConfig(deps.db, bookingId),
    listParticipants(deps.db, bookingId),
    listBookingPayments(deps.db, bookingId),
  ]);
  const payerIds = [...new Set(rows.map((row) => row.payerCustomerId).filter((id): id is string => Boolean(id)))];
  const payers = payerIds.length
    ? await deps.db
        .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName })
        .from(customers)
        .where(inArray(customers.id, payerIds))
    : [];
  const nameOf = new Map(payers.map((payer) => [payer.id, `${payer.firstName} ${payer.lastName}`.trim()]));
  return {
    payment: paymentView(booking, config, participants),
    payments: rows.map((row) => ({
      _id: row.id,
      kind: row.kind,
      amount: centsToEuros(row.amountCents),
      status: row.status,
      provider: row.provider,
      providerIntentId: row.providerIntentId,
      participantId: row.participantId,
      payerName: row.payerCustomerId ? (nameOf.get(row.payerCustomerId) ?? null) : null,
      captured: centsToEuros(row.capturedCents),
      refunded: centsToEuros(row.refundedCents),
      failureMessage: row.failureMessage,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/**
 * POST /api/v1/staff/booking-requests/{id}/refund: the terms' amount (src/shared/refund-policy.ts)
 * of what was paid by card, refunded through the provider, once per booking (the refund row's key
 * is claimed first, so a double click refunds once).
 */
export async function refundBooking(
  deps: PaymentDeps,
  actor: Actor,
  bookingId: string,
  options: { withFee?: boolean; parkCancels?: boolean } = {},
) {
  const { booking } = await accessBooking(deps.db, bookingId, actor);
  const rows = await listBookingPayments(deps.db, bookingId);
  const paid = rows.filter(
    (row) =>
      row.provider !== 'manual' &&
      row.status === 'completed' &&
      row.kind !== 'refund' &&
      row.capturedCents > row.refundedCents,
  );
  const paidCents = paid.reduce((sum, row) => sum + row.capturedCents - row.refundedCents, 0);
  const quote = quoteRefund(paidCents, todayInParis(), booking.startDate, options);
  if (quote.refundCents <= 0) throw AppError.of('NOTHING_TO_REFUND', PAYMENT_MESSAGES.refundNothing);
  const claim = await claimPayment(deps.db, {
    bookingId,
    kind: 'refund',
    amountCents: quote.refundCents,
    status: 'pending',
    provider: deps.provider.mode,
    idempotencyKey: `booking:${bookingId}:refund`,
  });
  if (!claim) throw AppError.of('ALREADY_REFUNDED', 'Cette réservation a déjà été remboursée');
  let left = quote.refundCents;
  try {
    // Newest payments first; each part has its own key, so a retried refund is the same refund.
    for (const row of [...paid].reverse()) {
      if (left <= 0) break;
      const part = Math.min(left, row.capturedCents - row.refundedCents);
      await deps.provider.refund(row.providerIntentId!, part, `refund:${claim.id}:${row.id}`);
      await addRefunded(deps.db, row.id, part);
      left -= part;
    }
  } catch (error) {
    await movePayment(deps.db, claim.id, ['pending'], { status: 'failed', amountCents: quote.refundCents - left });
    return providerFailure(error);
  }
  await movePayment(deps.db, claim.id, ['pending'], { status: 'completed', capturedCents: quote.refundCents });
  return {
    refunded: centsToEuros(quote.refundCents),
    rate: quote.rate,
    fee: centsToEuros(quote.feeCents),
    paid: centsToEuros(paidCents),
  };
}

/** POST /api/v1/staff/booking-requests/{id}/deposit-capture {amount}: keep part of the hold (damage), release the rest. */
export async function captureDeposit(deps: PaymentDeps, actor: Actor, bookingId: string, amountEuros: number) {
  await accessBooking(deps.db, bookingId, actor);
  const hold = (await listBookingPayments(deps.db, bookingId)).find(
    (row) => row.kind === 'deposit' && row.status === 'authorized',
  );
  if (!hold?.providerIntentId) throw AppError.of('NO_HOLD', PAYMENT_MESSAGES.captureNoHold);
  const cents = eurosToCents(amountEuros);
  if (cents < 1 || cents > hold.amountCents) {
    throw AppError.of('VALIDATION_ERROR', PAYMENT_MESSAGES.captureAmount(`${eurosText(hold.amountCents)} €`), {
      amount: PAYMENT_MESSAGES.captureAmount(`${eurosText(hold.amountCents)} €`),
    });
  }
  let intent;
  try {
    intent = await deps.provider.captureIntent(hold.providerIntentId, cents, `capture:${hold.id}`);
  } catch (error) {
    return providerFailure(error);
  }
  await applyIntentState(deps, intent);
  const captured = intent.amountReceivedCents;
  return { captured: centsToEuros(captured), released: centsToEuros(hold.amountCents - captured) };
}

/**
 * Releases the card holds of bookings whose stay is over (DESIGN.md §3). Idempotent: a released
 * hold is 'canceled' and never listed again; a failure is logged and retried at the next run.
 * Exported for the sweep runner.
 */
export async function releaseFinishedDepositHolds(
  deps: Pick<PaymentDeps, 'db' | 'provider' | 'log' | 'mailer' | 'mailContext'>,
  now: Date = new Date(),
): Promise<number> {
  const holds = await listHoldsToRelease(deps.db, todayInParis(now));
  let released = 0;
  for (const { payment } of holds) {
    try {
      const intent = await deps.provider.cancelIntent(payment.providerIntentId!, `release:${payment.id}`);
      const effect = await applyIntentState(deps, intent);
      // The provider's own event may have applied it first (test provider, fast webhook).
      if (effect?.payment.status === 'canceled') released += 1;
    } catch (error) {
      deps.log.error({ err: error, paymentId: payment.id }, 'caution non libérée');
    }
  }
  return released;
}
