import { amountDueCents } from '../../../shared/payment-rules';
import type { Db } from '../../db/client';
import { findBookingRow } from '../../db/booking-row';
import { inTransaction } from '../../db/transaction';
import { ProviderError, type ProviderIntent } from '../../providers/payments/payment-provider';
import { jobHandler, type JobHandler } from '../jobs/jobs.service';
import { holdFailedMail } from '../mail/payment-templates.public';
import { findCustomerSummary } from '../bookings/booking-rows.service';
import { releaseAtProvider, type MaybeProviderDeps, type ReleaseDeps } from './open-intents.public';
import { applyIntentState } from './payment-effects';
import { findDepositCard, findPayment } from './deposit-cards.repository';
import { EffectMails } from './payment-mails';
import { holdPlaceJob, holdReleaseJob, holdRenewJob, scheduleHoldFollowUp } from './hold-schedule';

export {
  HOLD_RELEASE_AFTER_HOURS,
  HOLD_RENEW_BEFORE_HOURS,
  holdReleaseAt,
  holdWindowOpens,
  scheduleHoldPlacement,
} from './hold-schedule';
import {
  claimPayment,
  findPaymentByKey,
  findPaymentConfig,
  listBookingPayments,
  movePayment,
  setPaymentIntent,
  type PaymentRow,
} from './payments.repository';

/*
 * The card deposit hold placed, renewed and released by durable jobs (docs/decisions.md, "Card
 * holds"): placed off-session with the saved card when the hold window opens, renewed the day
 * before the provider's `capture_before` while the stay is not over, released a day after the
 * last day. Each job is keyed by its fact and finds nothing to do when replayed.
 */

/** The organizer is told (with the link to authorize the hold on-session); the team sees the alert. */
async function recordFailure(deps: MaybeProviderDeps, payment: PaymentRow, error: ProviderError) {
  const booking = (await findBookingRow(deps.db, payment.bookingId))!;
  const mails = await EffectMails.open(deps);
  await inTransaction(deps.db, async (tx) => {
    if (error.intentId) await setPaymentIntent(tx, payment.id, error.intentId);
    const moved = await movePayment(tx, payment.id, ['pending'], {
      status: 'failed',
      failureMessage: error.message,
    });
    if (!moved) return;
    const organizer = booking.customerId ? await findCustomerSummary(tx, booking.customerId) : undefined;
    const to = organizer ?? { email: booking.mainContact.email, firstName: booking.mainContact.firstName };
    await mails.add(
      tx,
      holdFailedMail(mails.context, to.email, {
        reference: booking.reference,
        bookingId: booking.id,
        firstName: to.firstName,
        amountCents: payment.amountCents,
        authenticationRequired: error.code === 'authentication_required',
      }),
    );
  });
}

/** The off-session hold of `payment` with the booking's saved card; null when the card refused it. */
async function placeWithSavedCard(deps: ReleaseDeps, payment: PaymentRow, key: string): Promise<ProviderIntent | null> {
  const card = await findDepositCard(deps.db, payment.bookingId);
  const booking = (await findBookingRow(deps.db, payment.bookingId))!;
  try {
    return await deps.provider.savedCards!.placeOffSessionHold({
      amountCents: payment.amountCents,
      customerId: card!.providerCustomerId,
      paymentMethodId: card!.paymentMethodId!,
      idempotencyKey: key,
      description: `Caution – réservation ${booking.reference}`,
      metadata: { bookingId: booking.id, paymentId: payment.id, kind: 'deposit', reference: booking.reference },
    });
  } catch (error) {
    // A refusal of the card is told; anything else (provider unreachable) fails the run, which is retried.
    if (!(error instanceof ProviderError) || error.kind !== 'card') throw error;
    await recordFailure(deps, payment, error);
    return null;
  }
}

/** Whether a hold job has what it needs: the provider's saved cards, a live booking, a saved card. */
async function holdable(deps: MaybeProviderDeps, bookingId: string) {
  if (!deps.provider?.savedCards) return null;
  const [booking, config, card] = await Promise.all([
    findBookingRow(deps.db, bookingId),
    findPaymentConfig(deps.db, bookingId),
    findDepositCard(deps.db, bookingId),
  ]);
  if (!booking || !config || config.type !== 'deposit_card' || !card?.paymentMethodId) return null;
  if (booking.status !== 'prebooked' && booking.status !== 'confirmed') return null;
  return { booking, config, deps: { ...deps, provider: deps.provider } };
}

/**
 * The first hold, when the window opens. Its payment row is the one the customer's own
 * authorization would use (same key), so the two never both hold: a row already held or being
 * paid on-session is left alone.
 */
export async function placeDepositHold(deps: MaybeProviderDeps, bookingId: string): Promise<void> {
  const ready = await holdable(deps, bookingId);
  if (!ready) return;
  const amountCents = amountDueCents(ready.config);
  const key = `booking:${bookingId}:deposit:${amountCents}`;
  const payment =
    (await claimPayment(deps.db, {
      bookingId,
      participantId: null,
      payerCustomerId: ready.booking.customerId,
      kind: 'deposit',
      amountCents,
      status: 'pending',
      provider: ready.deps.provider.mode,
      idempotencyKey: key,
    })) ?? (await findPaymentByKey(deps.db, key));
  if (!payment || payment.status !== 'pending' || payment.providerIntentId) return;
  const intent = await placeWithSavedCard(ready.deps, payment, `hold:${payment.id}`);
  if (!intent) return;
  await setPaymentIntent(deps.db, payment.id, intent.id);
  // Its release (and renewal) are scheduled by the move to 'authorized' (applyIntentState).
  await applyIntentState(ready.deps, intent);
}

/**
 * A new hold before `captureBefore`, then the old one canceled: the booking always has one
 * authorized hold. The new row is keyed by the old one, so a replayed run places one hold.
 */
export async function renewDepositHold(deps: MaybeProviderDeps, paymentId: string, captureBefore: string) {
  const old = await findPayment(deps.db, paymentId);
  if (old?.status !== 'authorized' || old.holdCaptureBefore?.toISOString() !== captureBefore) return;
  const ready = await holdable(deps, old.bookingId);
  if (!ready) return;
  const key = `hold-renew:${old.id}`;
  const renewal =
    (await claimPayment(deps.db, {
      bookingId: old.bookingId,
      participantId: null,
      payerCustomerId: old.payerCustomerId,
      kind: 'deposit',
      amountCents: old.amountCents,
      status: 'pending',
      provider: ready.deps.provider.mode,
      idempotencyKey: key,
    })) ?? (await findPaymentByKey(deps.db, key));
  if (!renewal) return;
  if (renewal.status === 'pending') {
    const intent = await placeWithSavedCard(ready.deps, renewal, key);
    if (!intent) return;
    const held = await inTransaction(deps.db, async (tx) => {
      await setPaymentIntent(tx, renewal.id, intent.id);
      const moved = await movePayment(tx, renewal.id, ['pending'], {
        status: 'authorized',
        holdCaptureBefore: intent.captureBefore ?? null,
      });
      if (moved) await scheduleHoldFollowUp(tx, moved, ready.booking.endDate, intent.captureBefore ?? null);
      return moved;
    });
    if (!held) return;
  }
  if ((await findPayment(deps.db, renewal.id))?.status !== 'authorized') return;
  await releaseAtProvider(ready.deps, old.bookingId, [old]);
}

/** After the stay: the hold still authorized is released (a captured one is `completed`, left alone). */
export async function releaseDepositHold(deps: MaybeProviderDeps, paymentId: string) {
  const payment = await findPayment(deps.db, paymentId);
  if (payment?.status !== 'authorized' || !deps.provider) return;
  await releaseAtProvider({ ...deps, provider: deps.provider }, payment.bookingId, [payment]);
}

export function depositHoldHandlers(deps: MaybeProviderDeps): JobHandler[] {
  return [
    jobHandler(holdPlaceJob, ({ data }) => placeDepositHold(deps, data.bookingId)),
    jobHandler(holdRenewJob, ({ data }) => renewDepositHold(deps, data.paymentId, data.captureBefore)),
    jobHandler(holdReleaseJob, ({ data }) => releaseDepositHold(deps, data.paymentId)),
  ];
}

/** The booking's holds still in place (for tests and the staff view). */
export async function authorizedHolds(db: Db, bookingId: string) {
  return (await listBookingPayments(db, bookingId)).filter(
    (row) => row.kind === 'deposit' && row.status === 'authorized',
  );
}
