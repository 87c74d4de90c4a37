import { applyRefundState, sendRefund } from './refund-follow-up';
import { canMove } from '../../../shared/booking-status';
import type { Db } from '../../db/client';
import { setPaymentState } from '../bookings/booking-rows.service';
import {
  ProviderError,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderIntent,
} from '../../providers/payments/payment-provider';
import { auditLateRefund, auditPaymentMove, auditPaymentRefused } from '../audit/audit.service';
import { listParticipants, markSharePaid } from '../bookings/participant-list.public';
import {
  isShortPayment,
  paidTowardsTotal,
  lateMessage,
  lateRefundKey,
  lateRefusalOf,
  refusalOf,
} from './payment-context';
import { EffectMails, mailEffect, type EffectDeps, type SettledBooking } from './payment-mails';
import {
  addRefunded,
  claimPayment,
  claimRefundRun,
  findPaymentByIntent,
  findPaymentConfig,
  listBookingPayments,
  listLateRefundsOwed,
  lockBooking,
  movePayment,
  recordEvent,
  setAuthorizationCanceled,
  type PaymentRow,
} from './payments.repository';
import { inTransaction, type Tx } from '../../db/transaction';
import { noteMove } from './moved-payments';
import { repayableGuarantee, repayOrganizer } from './guarantee-repay';
import { holdAuthorized } from './hold-schedule';

export interface AppliedEffect {
  payment: PaymentRow;
  /** False when this intent state was already applied (replay, race with the other path). */
  changed: boolean;
}

/**
 * DESIGN.md §4 completion, in the transaction that changed a payment, with the booking row locked:
 * the booking's payment status follows its payments, and it becomes 'confirmed' (when the lifecycle
 * allows it) on the full or partial payment, the deposit authorized, or the last collective share.
 */
export async function settleBooking(db: Tx, bookingId: string): Promise<SettledBooking | undefined> {
  const [booking, config, rows, participants] = await Promise.all([
    lockBooking(db, bookingId),
    findPaymentConfig(db, bookingId),
    listBookingPayments(db, bookingId),
    listParticipants(db, bookingId),
  ]);
  if (!booking || !config) return;
  const paidCents = paidTowardsTotal(rows);
  const holdAuthorized = rows.some(
    (row) => row.kind === 'deposit' && (row.status === 'authorized' || row.status === 'completed'),
  );
  let paymentStatus: typeof booking.paymentStatus = 'unpaid';
  let complete = false;
  let collective: SettledBooking['collective'] = null;
  switch (config.type) {
    case 'full_payment_organizer':
      complete = paidCents >= config.totalCents;
      paymentStatus = complete ? 'paid' : 'unpaid';
      break;
    case 'partial_payment_card':
      complete = rows.some((row) => row.kind === 'partial' && row.status === 'completed' && !isShortPayment(row));
      paymentStatus = paidCents >= config.totalCents ? 'paid' : complete ? 'partial' : 'unpaid';
      break;
    case 'collective_payment': {
      // The payers: guests of honour and those dropped from the split owe nothing (docs/decisions.md, "Group shares").
      const joined = participants.filter(
        (person) => person.invitationStatus === 'joined' && !person.guestOfHonour && !person.droppedFromSplit,
      );
      // The organizer's guarantee charged what was left: the group is paid (docs/decisions.md, "The organizer's guarantee").
      const guaranteed = rows.some((row) => row.kind === 'guarantee' && row.status === 'completed');
      // A walk-in's group is paid when every place is (docs/decisions.md, "Walk-ins").
      complete = config.shareHeadcount
        ? paidCents >= config.totalCents
        : (joined.length > 0 && joined.every((person) => person.paymentStatus === 'paid')) ||
          (guaranteed && paidCents >= config.totalCents);
      collective = { paid: joined.filter((person) => person.paymentStatus === 'paid').length, total: joined.length };
      paymentStatus = complete || paidCents >= config.totalCents ? 'paid' : paidCents > 0 ? 'partial' : 'unpaid';
      break;
    }
    case 'deposit_card':
      complete = holdAuthorized;
      paymentStatus = complete ? 'authorized' : 'unpaid';
      break;
    case 'deposit_check':
      complete = rows.some((row) => row.kind === 'cheque' && row.status === 'completed');
      paymentStatus = complete ? 'authorized' : 'unpaid';
      break;
  }
  const status = complete && canMove(booking.status, 'confirmed') ? 'confirmed' : booking.status;
  const settled = {
    booking,
    totalCents: config.totalCents,
    paidCents,
    confirmed: status === 'confirmed' && booking.status !== 'confirmed',
    collective,
  };
  if (status === booking.status && paymentStatus === booking.paymentStatus) return settled;
  await setPaymentState(db, bookingId, { status, paymentStatus });
  return settled;
}
/**
 * Applies one provider state of an intent to its payment: the one place where money changes a
 * booking. Webhook, replays, the client's stripe-confirm and the test form all come here; the
 * conditional moves make every state count once, and states never go backwards (an old
 * 'payment_failed' arriving after 'succeeded' changes nothing). The e-mails of a change (payment
 * received, hold authorized, booking confirmed) are written by the move that made it, so once.
 * Money that must not be kept (`refusalOf`) is refused there and, when `deps` has the provider,
 * given back right after the commit.
 */
export async function applyIntentState(
  deps: EffectDeps & { provider?: PaymentProvider },
  intent: ProviderIntent,
): Promise<AppliedEffect | null> {
  const mails = await EffectMails.open(deps);
  const effect = await applyIntentIn(deps.db, intent, mails);
  noteMove(effect);
  if (deps.provider && effect && lateRefusalOf(effect.payment)) {
    try {
      await giveBackRefused({ db: deps.db, provider: deps.provider }, intent);
    } catch (error) {
      // The refund row stays 'failed': the next call on this intent (webhook, confirmation) sends it.
      deps.log.error({ err: error, intentId: intent.id }, 'paiement refusé non remboursé');
    }
  }
  return effect;
}
/** In `db`'s transaction (a savepoint when `db` is one already). */
async function applyIntentIn(db: Db, intent: ProviderIntent, mails: EffectMails): Promise<AppliedEffect | null> {
  return inTransaction(db, async (txDb) => {
    const found = await findPaymentByIntent(txDb, intent.id);
    if (!found) return null;
    const booking = (await lockBooking(txDb, found.bookingId))!;
    const payment = (await findPaymentByIntent(txDb, intent.id, { forUpdate: true }))!;
    const open: PaymentRow['status'][] = ['pending', 'requires_action', 'failed'];
    let repays: PaymentRow | undefined;
    // Money arriving (a charge, or a hold placed) on an intent not settled yet, or canceled here.
    const arriving =
      (intent.status === 'succeeded' || (intent.status === 'requires_capture' && payment.kind === 'deposit')) &&
      [...open, 'canceled'].includes(payment.status);
    if (arriving) {
      const [config, payments, participants] = await Promise.all([
        findPaymentConfig(txDb, payment.bookingId),
        listBookingPayments(txDb, payment.bookingId),
        listParticipants(txDb, payment.bookingId),
      ]);
      const amountCents = intent.status === 'succeeded' ? intent.amountReceivedCents : intent.amountCents;
      if (payment.kind === 'share') repays = await repayableGuarantee(txDb, payment.bookingId, amountCents, payments);
      const input = { booking, config, payment, payments, participants, amountCents };
      const reason = refusalOf({ ...input, repaysGuarantee: repays });
      if (reason) {
        const refused = await refuseArrival(txDb, payment, intent, lateMessage(reason, intent.status !== 'succeeded'));
        if (refused) await auditPaymentRefused(txDb, payment, refused);
        return { payment: refused ?? payment, changed: Boolean(refused) };
      }
    }
    let moved: PaymentRow | undefined;
    switch (intent.status) {
      case 'succeeded':
        moved = await movePayment(txDb, payment.id, payment.kind === 'deposit' ? [...open, 'authorized'] : open, {
          status: 'completed',
          capturedCents: intent.amountReceivedCents,
          failureMessage: null,
        });
        // A charge for less than its payment is kept but settles nothing (docs/decisions.md, "A payment below what was due").
        if (moved?.kind === 'share' && moved.participantId && !isShortPayment(moved)) {
          await markSharePaid(txDb, moved.participantId, moved.amountCents, new Date());
          if (repays) await repayOrganizer(txDb, mails, moved, repays);
        }
        break;
      case 'requires_capture':
        moved = await movePayment(txDb, payment.id, open, { status: 'authorized', failureMessage: null });
        // Its release after the stay (and renewal) by their own jobs, however it was placed.
        if (moved?.kind === 'deposit') await holdAuthorized(txDb, moved, booking.endDate, intent.captureBefore ?? null);
        break;
      case 'requires_action':
        moved = await movePayment(txDb, payment.id, ['pending', 'failed'], { status: 'requires_action' });
        break;
      case 'requires_payment_method':
        if (intent.lastError) {
          moved = await movePayment(txDb, payment.id, ['pending', 'requires_action'], {
            status: 'failed',
            failureMessage: intent.lastError,
          });
        }
        break;
      case 'canceled':
        moved = await movePayment(txDb, payment.id, [...open, 'authorized'], { status: 'canceled' });
        if (moved?.kind === 'deposit' && payment.status === 'authorized') {
          await setAuthorizationCanceled(txDb, payment.bookingId);
        }
        break;
      default:
        break;
    }
    if (moved) {
      const settled = await settleBooking(txDb, payment.bookingId);
      // The audit entry of the move (and of the confirmation it brings), written once with it.
      await auditPaymentMove(txDb, booking, payment, moved);
      // A hold captured after the stay (damage) is not a new payment of the booking: no e-mail.
      if (!(moved.kind === 'deposit' && payment.status === 'authorized')) await mailEffect(txDb, mails, moved, settled);
    }
    return { payment: moved ?? payment, changed: Boolean(moved) };
  });
}
/**
 * A provider event (Stripe's webhook, or the test provider's equivalent) applied once: its id is
 * recorded in provider_events in the same transaction as its effect and its e-mails. With the
 * provider at hand (Stripe's webhook), a refused success is then given back, replays included: a
 * refund the provider failed makes the answer fail, so that Stripe delivers the event again.
 */
export async function applyProviderEvent(
  deps: EffectDeps & { provider?: PaymentProvider },
  event: ProviderEvent,
): Promise<boolean> {
  const mails = await EffectMails.open(deps);
  let effect: AppliedEffect | null = null;
  const applied = await inTransaction(deps.db, async (txDb) => {
    if (!(await recordEvent(txDb, event.id, event.type))) return false;
    // refund.updated, refund.failed, charge.refund.updated (docs/decisions.md, "Refunds followed to their end").
    if (event.refund) await applyRefundState(txDb, event.refund);
    if (event.intent && event.type.startsWith('payment_intent.')) {
      // Nested: PGlite and node-postgres both turn it into a savepoint of this transaction.
      effect = await applyIntentIn(txDb, event.intent, mails);
    }
    return true;
  });
  noteMove(effect);
  if (deps.provider && event.intent && event.type.startsWith('payment_intent.')) {
    await giveBackRefused({ db: deps.db, provider: deps.provider }, event.intent);
  }
  return applied;
}
/**
 * Refuses money that must not be kept (`refusalOf`): in the transaction of the arrival, with the
 * booking locked, the payment is recorded as refunded (a hold: released) with the reason as its
 * failure message, and a charge gets its refund row ('pending', for the full amount, the payer's);
 * the booking does not move and no e-mail leaves. The provider is called after the commit
 * (`giveBackRefused`). Undefined when another caller refused it first.
 */
async function refuseArrival(
  tx: Tx,
  payment: PaymentRow,
  intent: ProviderIntent,
  message: string,
): Promise<PaymentRow | undefined> {
  if (lateRefusalOf(payment)) return undefined;
  const from: PaymentRow['status'][] = ['pending', 'requires_action', 'failed', 'canceled'];
  if (intent.status !== 'succeeded') {
    return movePayment(tx, payment.id, from, { status: 'canceled', failureMessage: message });
  }
  const refused = await movePayment(tx, payment.id, from, {
    status: 'refunded',
    capturedCents: intent.amountReceivedCents,
    failureMessage: message,
  });
  if (refused) {
    await claimPayment(tx, {
      bookingId: payment.bookingId,
      participantId: payment.participantId,
      payerCustomerId: payment.payerCustomerId,
      kind: 'refund',
      amountCents: intent.amountReceivedCents,
      status: 'pending',
      provider: payment.provider,
      idempotencyKey: lateRefundKey(payment.id),
      failureMessage: message,
    });
  }
  return refused;
}

/** A refund claimed by a caller that stopped (crash) is sent again after this long. */
export const STALE_REFUND_MS = 2 * 60 * 1000;

/**
 * Gives back the money of a refused success (after the commit that refused it): the full refund of
 * the intent, sent by the one caller that claims the refund row (its key is also the provider's
 * idempotency key, so a retry is the same refund); a hold is released. Anything else: nothing to do.
 * Throws the provider's failure (the refund row is then 'failed', and claimed again by the next call
 * or by the sweep's `retryLateRefunds`). True when this call completed the refund.
 */
export async function giveBackRefused(
  deps: { db: Db; provider: PaymentProvider },
  intent: Pick<ProviderIntent, 'id' | 'status'>,
): Promise<boolean> {
  const payment = await findPaymentByIntent(deps.db, intent.id);
  if (!payment || !lateRefusalOf(payment)) return false;
  if (payment.status === 'canceled') {
    if (intent.status !== 'requires_capture') return false;
    try {
      await deps.provider.cancelIntent(intent.id, `late-release:${payment.id}`);
    } catch (error) {
      // Already released at the provider (a stale event of a hold released since): nothing held.
      if (!(error instanceof ProviderError) || error.kind !== 'invalid') throw error;
    }
    return false;
  }
  const run = await claimRefundRun(deps.db, lateRefundKey(payment.id), new Date(Date.now() - STALE_REFUND_MS));
  if (!run) return false;
  try {
    await sendRefund(deps, { ...payment, providerIntentId: intent.id }, run.amountCents, run.idempotencyKey);
  } catch (error) {
    await movePayment(deps.db, run.id, ['requires_action'], { status: 'failed' });
    throw error;
  }
  return inTransaction(deps.db, async (tx) => {
    // The booking row first, as every payment move locks it (applyIntentIn): its audit entry's key
    // check would otherwise wait on it while holding the payment rows (a deadlock on PostgreSQL).
    await lockBooking(tx, payment.bookingId);
    const done = await movePayment(tx, run.id, ['requires_action'], {
      status: 'completed',
      capturedCents: run.amountCents,
    });
    const refunded = done && (await addRefunded(tx, payment.id, run.amountCents));
    if (refunded) await auditLateRefund(tx, refunded, run.amountCents);
    return Boolean(done);
  });
}
/**
 * The sweep's part of the late refunds: the refund of a refused payment that failed at the provider
 * (or whose sender stopped) is sent again here, with the same idempotency key, when no webhook or
 * confirmation on its intent comes to send it. Returns how many this run completed.
 */
export async function retryLateRefunds(
  deps: { db: Db; provider: PaymentProvider; log: EffectDeps['log'] },
  now: Date = new Date(),
): Promise<number> {
  const owed = await listLateRefundsOwed(deps.db, new Date(now.getTime() - STALE_REFUND_MS));
  let completed = 0;
  for (const { intentId, refundId } of owed) {
    try {
      if (await giveBackRefused(deps, { id: intentId!, status: 'succeeded' })) completed += 1;
    } catch (error) {
      deps.log.error({ err: error, refundId }, 'paiement refusé non remboursé');
    }
  }
  return completed;
}
