import { refundablePayments } from './cancellation-preview.service';
import { prorate } from './prorate';
import { listProviderRefunds } from './provider-refunds.repository';
import { providerRefundView, sendRefund } from './refund-follow-up';
import { PAYMENT_MESSAGES } from '../../../shared/api/payments.schema';
import { addIsoDays, todayInParis } from '../../../shared/booking-days';
import { centsToEuros, eurosToCents } from '../../../shared/money';
import { quoteRefund } from '../../../shared/refund-policy';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { latestAudit, listAudit, recordAudit, type AuditActor } from '../audit/audit.service';
import { accessBooking, type Actor } from '../bookings/booking-access.public';
import { ProviderError } from '../../providers/payments/payment-provider';
import { releaseLeftoverIntents } from './open-intents.public';
import { applyIntentState } from './payment-effects';
import { collectMoves } from './moved-payments';
import { HOLD_BACKSTOP_DAYS } from './hold-schedule';
import { paymentView, listShareParticipants } from './payment-view.public';
import {
  addRefunded,
  claimPayment,
  deletePayment,
  findPaymentByKey,
  findPaymentConfig,
  listBookingPayments,
  listHoldsToRelease,
  listPayerNames,
  lockBooking,
  movePayment,
  type PaymentRow,
} from './payments.repository';
import { eurosText, providerFailure, type PaymentDeps } from './payment-context';

export { prorate };

/** The team's refusals of this file (SPEC.md §8 leaves them to us; docs/decisions.md, "Payments"). */
export const STAFF_PAYMENT_MESSAGES = {
  refundNotCanceled: 'Seule une réservation annulée peut être remboursée : annulez-la d’abord',
  alreadyRefunded: 'Cette réservation a déjà été remboursée',
  captureCanceled: 'Cette réservation est annulée : sa caution ne peut plus être encaissée',
  refundFailed:
    'Le remboursement n’a pas pu aboutir auprès du prestataire de paiement : relancez-le dans quelques instants',
} as const;

/** GET /api/v1/staff/booking-requests/{id}/payments: the state, who paid which share, every movement. */
export async function getStaffPayments(deps: PaymentDeps, actor: Actor, bookingId: string) {
  const access = await accessBooking(deps.db, bookingId, actor);
  const { booking } = access;
  const [config, participants, rows, refunds] = await Promise.all([
    findPaymentConfig(deps.db, bookingId),
    listShareParticipants(deps.db, bookingId),
    listBookingPayments(deps.db, bookingId),
    listProviderRefunds(deps.db, bookingId),
  ]);
  const payerIds = [...new Set(rows.map((row) => row.payerCustomerId).filter((id): id is string => Boolean(id)))];
  const payers = await listPayerNames(deps.db, payerIds);
  const nameOf = new Map(payers.map((payer) => [payer.id, `${payer.firstName} ${payer.lastName}`.trim()]));
  return {
    payment: paymentView(booking, config, participants, access),
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
    refunds: refunds.map(providerRefundView),
  };
}

function auditActorOf(actor: Actor): AuditActor {
  return actor.kind === 'staff'
    ? { actorType: 'staff', actorId: actor.staffId, actorName: actor.name }
    : { actorType: 'customer', actorId: actor.customerId, actorName: 'Client' };
}

/**
 * The booking's one refund row, claimed by this call: a new one for `cents`, or the one a failed
 * attempt left (its planned amount and what went out are kept), taken back from `failed` by one
 * click only. Anything else is a refund already made or under way.
 */
async function claimRefund(deps: PaymentDeps, bookingId: string, cents: number): Promise<PaymentRow> {
  const idempotencyKey = `booking:${bookingId}:refund`;
  const fresh = await claimPayment(deps.db, {
    bookingId,
    kind: 'refund',
    amountCents: cents,
    status: 'pending',
    provider: deps.provider.mode,
    idempotencyKey,
  });
  if (fresh) return fresh;
  const failed = await findPaymentByKey(deps.db, idempotencyKey);
  const retried =
    failed?.status === 'failed' ? await movePayment(deps.db, failed.id, ['failed'], { status: 'pending' }) : undefined;
  if (!retried) throw AppError.of('ALREADY_REFUNDED', STAFF_PAYMENT_MESSAGES.alreadyRefunded);
  return retried;
}

/** Gives back a claim nothing was sent for: a fresh one is removed, a retried one is failed again. */
async function releaseRefundClaim(db: Db, claim: PaymentRow) {
  if (claim.capturedCents > 0) await movePayment(db, claim.id, ['pending'], { status: 'failed' });
  else await deletePayment(db, claim.id, 'pending');
}

/**
 * What the team chose when it canceled (the park cancels; the fee withheld), as its audit entry
 * keeps it: the refund gives what the cancellation announced to the customer unless the refund
 * call says otherwise. A booking canceled otherwise (an option released, an account deleted) has none.
 */
async function cancellationTerms(db: Db, bookingId: string): Promise<{ withFee?: boolean; parkCancels?: boolean }> {
  const after = (await latestAudit(db, bookingId, 'cancel'))?.after;
  if (!after) return {};
  return {
    ...(typeof after.withFee === 'boolean' ? { withFee: after.withFee } : {}),
    ...(typeof after.parkCancels === 'boolean' ? { parkCancels: after.parkCancels } : {}),
  };
}

function definedOptions(options: { withFee?: boolean; parkCancels?: boolean }) {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}

/**
 * POST /api/v1/staff/booking-requests/{id}/refund: the refund of a **canceled** booking (SPEC.md
 * §9's rates are a cancellation's, taken on the day it was canceled), the terms' amount of what was
 * paid by card, refunded through the provider once per booking (the refund row's key is claimed
 * first, so a double click refunds once). Each payment gets back the same rate of what it paid
 * (pro rata, to the cent); the refund is written to the audit trail.
 */
export async function refundBooking(
  deps: PaymentDeps,
  actor: Actor,
  bookingId: string,
  options: { withFee?: boolean; parkCancels?: boolean } = {},
) {
  const { booking } = await accessBooking(deps.db, bookingId, actor);
  if (booking.status !== 'canceled') {
    throw AppError.of('INVALID_TRANSITION', STAFF_PAYMENT_MESSAGES.refundNotCanceled);
  }
  // The organizer's cancellation refunded each payer itself (organizer-cancel.ts): nothing is left to give.
  if ((await latestAudit(deps.db, bookingId, 'cancel'))?.after?.refundsScheduled === true) {
    throw AppError.of('ALREADY_REFUNDED', STAFF_PAYMENT_MESSAGES.alreadyRefunded);
  }
  const rows = await listBookingPayments(deps.db, bookingId);
  // Card payments, oldest first; a refund is all or nothing per payment.
  const paid = refundablePayments(rows);
  const basis = paid.map((row) => row.capturedCents);
  const paidCents = basis.reduce((sum, cents) => sum + cents, 0);
  const cancelDay = todayInParis(booking.canceledAt ?? new Date());
  const quote = quoteRefund(paidCents, cancelDay, booking.startDate, {
    ...(await cancellationTerms(deps.db, bookingId)),
    ...definedOptions(options),
    terms: booking.cancellationTerms,
  });
  if (quote.refundCents <= 0) throw AppError.of('NOTHING_TO_REFUND', PAYMENT_MESSAGES.refundNothing);
  const claim = await claimRefund(deps, bookingId, quote.refundCents);
  // A retried refund repeats the failed one: its amount, the same parts and provider keys.
  const plannedCents = claim.amountCents;
  const shares = prorate(plannedCents, basis);
  const refundedBefore = rows.reduce((sum, row) => (row.kind === 'refund' ? sum : sum + row.refundedCents), 0);
  const parts: Array<{ paymentId: string; kind: PaymentRow['kind']; cents: number }> = [];
  let failure: unknown = null;
  for (const [index, row] of paid.entries()) {
    const part = shares[index]!;
    if (part <= 0 || row.refundedCents > 0) continue;
    try {
      await sendRefund(deps, row, part, `refund:${claim.id}:${row.id}`);
    } catch (error) {
      failure = error;
      break;
    }
    await addRefunded(deps.db, row.id, part);
    parts.push({ paymentId: row.id, kind: row.kind, cents: part });
  }
  if (failure instanceof ProviderError && failure.kind !== 'unavailable' && parts.length === 0) {
    // The provider refused it and nothing went out: the booking's refund is as it was before the click.
    await releaseRefundClaim(deps.db, claim);
    return providerFailure(failure);
  }
  const sentNow = parts.reduce((sum, part) => sum + part.cents, 0);
  const refundedCents = claim.capturedCents + sentNow;
  // A failure keeps the planned amount and what went out, for the next click to finish it; the
  // refund row's end and its audit entry are one transaction.
  await inTransaction(deps.db, async (tx) => {
    await movePayment(
      tx,
      claim.id,
      ['pending'],
      failure
        ? { status: 'failed', capturedCents: refundedCents }
        : { status: 'completed', capturedCents: plannedCents },
    );
    await recordAudit(tx, {
      ...auditActorOf(actor),
      bookingId,
      action: 'refund',
      before: { status: booking.status, paymentStatus: booking.paymentStatus, refundedCents: refundedBefore },
      after: {
        status: booking.status,
        paymentStatus: booking.paymentStatus,
        refundedCents: refundedBefore + sentNow,
        refund: {
          outcome: failure ? 'failed' : 'completed',
          amountCents: plannedCents,
          rate: quote.rate,
          feeCents: quote.feeCents,
          paidCents,
          cancelDay,
          parts,
        },
      },
    });
  });
  if (failure) {
    // Not the card wording of the payment calls: a refund that stopped is finished by the next click.
    if (failure instanceof ProviderError) throw AppError.of('PROVIDER_ERROR', STAFF_PAYMENT_MESSAGES.refundFailed);
    return providerFailure(failure);
  }
  return {
    refunded: centsToEuros(plannedCents),
    rate: quote.rate,
    fee: centsToEuros(quote.feeCents),
    paid: centsToEuros(paidCents),
  };
}

/**
 * The capture's audit entry, once per hold: two clicks that reach the provider together get the
 * same capture back (one idempotency key) and must not write it twice.
 */
async function auditCapture(db: Db, actor: Actor, bookingId: string, hold: PaymentRow, capturedCents: number) {
  await inTransaction(db, async (tx) => {
    await lockBooking(tx, bookingId);
    const done = (await listAudit(tx, bookingId)).some(
      (entry) => entry.action === 'deposit_capture' && entry.after?.paymentId === hold.id,
    );
    if (done) return;
    await recordAudit(tx, {
      ...auditActorOf(actor),
      bookingId,
      action: 'deposit_capture',
      before: { paymentId: hold.id, hold: 'authorized', amountCents: hold.amountCents },
      after: {
        paymentId: hold.id,
        hold: 'captured',
        capturedCents,
        releasedCents: hold.amountCents - capturedCents,
      },
    });
  });
}

/**
 * POST /api/v1/staff/booking-requests/{id}/deposit-capture {amount}: keep part of the hold (damage),
 * release the rest. Refused on a canceled booking: the booking row is locked while the capture is
 * admitted, so a capture admitted after a cancellation never reaches the provider (the provider is
 * called after that short transaction, as every provider call here).
 */
export async function captureDeposit(deps: PaymentDeps, actor: Actor, bookingId: string, amountEuros: number) {
  const canceled = () => AppError.of('ALREADY_CANCELED', STAFF_PAYMENT_MESSAGES.captureCanceled);
  const hold = await inTransaction(deps.db, async (db) => {
    const { booking } = await accessBooking(db, bookingId, actor, { forUpdate: true });
    if (booking.status === 'canceled') throw canceled();
    const found = (await listBookingPayments(db, bookingId)).find(
      (row) => row.kind === 'deposit' && row.status === 'authorized',
    );
    if (!found?.providerIntentId) throw AppError.of('NO_HOLD', PAYMENT_MESSAGES.captureNoHold);
    return found;
  });
  const cents = eurosToCents(amountEuros);
  if (cents < 1 || cents > hold.amountCents) {
    throw AppError.of('VALIDATION_ERROR', PAYMENT_MESSAGES.captureAmount(`${eurosText(hold.amountCents)} €`), {
      amount: PAYMENT_MESSAGES.captureAmount(`${eurosText(hold.amountCents)} €`),
    });
  }
  let intent;
  try {
    // The amount is in the key: Stripe refuses a key reused with another amount (a retry after a refusal).
    intent = await deps.provider.captureIntent(hold.providerIntentId!, cents, `capture:${hold.id}:${cents}`);
  } catch (error) {
    // A cancellation admitted first released the hold before this capture reached the provider.
    const { booking } = await accessBooking(deps.db, bookingId, actor);
    if (booking.status === 'canceled') throw canceled();
    // Another capture (a second team member) went first: the hold is spent, which is what they are told.
    const now = await deps.provider.retrieveIntent(hold.providerIntentId!).catch(() => undefined);
    if (now && now.status !== 'requires_capture') {
      await applyIntentState(deps, now);
      throw AppError.of('NO_HOLD', PAYMENT_MESSAGES.captureNoHold);
    }
    return providerFailure(error);
  }
  await applyIntentState(deps, intent);
  const captured = intent.amountReceivedCents;
  await auditCapture(deps.db, actor, bookingId, hold, captured);
  return { captured: centsToEuros(captured), released: centsToEuros(hold.amountCents - captured) };
}

/**
 * Releases the card holds of bookings whose stay is over (DESIGN.md §3), then what canceled bookings
 * still hold or could still be paid on (`releaseLeftoverIntents`: a release at the provider that
 * failed, or a cancellation made where no provider was at hand). Idempotent: a released hold is
 * 'canceled' and never listed again; a failure is logged and retried at the next run. Returns how
 * many this run moved: sweeps of several servers running at once list the same holds, and each
 * hold counts for the one whose call moved it (`collectMoves`: its applyIntentState, or the test
 * provider's event applied inside its cancelIntent). Exported for the sweep runner.
 */
export async function releaseFinishedDepositHolds(
  deps: Pick<PaymentDeps, 'db' | 'provider' | 'log' | 'mailer' | 'mailContext'>,
  now: Date = new Date(),
): Promise<number> {
  // Every hold has its own release job (docs/decisions.md, "Card holds on a saved card"); this
  // backstop takes what is left a day after that job's time (holds from before the jobs, a job failed for good).
  const holds = await listHoldsToRelease(deps.db, addIsoDays(todayInParis(now), -HOLD_BACKSTOP_DAYS));
  let released = 0;
  for (const { payment } of holds) {
    try {
      const { result: effect, moved } = await collectMoves(async () => {
        const intent = await deps.provider.cancelIntent(payment.providerIntentId!, `release:${payment.id}`);
        return applyIntentState(deps, intent);
      });
      if (effect?.payment.status === 'canceled' && moved.has(payment.id)) released += 1;
    } catch (error) {
      deps.log.error({ err: error, paymentId: payment.id }, 'caution non libérée');
    }
  }
  return released + (await releaseLeftoverIntents(deps));
}
