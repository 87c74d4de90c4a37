import type { Db } from '../../db/client';
import { findBookingRow } from '../../db/booking-row';
import { inTransaction } from '../../db/transaction';
import { ProviderError, type ProviderIntent } from '../../providers/payments/payment-provider';
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit.service';
import { findCustomerSummary } from '../bookings/booking-rows.service';
import { jobHandler, jobKind, scheduleJob, type JobHandler } from '../jobs/jobs.service';
import { guaranteeFailedMail } from '../mail/guarantee-templates.public';
import { findDepositCard } from './deposit-cards.repository';
import type { MaybeProviderDeps } from './open-intents.public';
import { guaranteeInFlightCents, paidTowardsTotal } from './payment-context';
import { applyIntentState } from './payment-effects';
import { EffectMails } from './payment-mails';
import {
  claimPayment,
  findPaymentByKey,
  findPaymentConfig,
  listBookingPayments,
  lockBooking,
  movePayment,
  setPaymentIntent,
  type PaymentRow,
} from './payments.repository';

/*
 * The guarantee charged at the due date (docs/decisions.md, "The organizer's guarantee"): with the
 * booking row locked, what the participants have not paid becomes one `guarantee` payment row
 * (keyed by the booking and the due date); a share arriving after that claim counts it as already
 * promised to the total and is given back, one arriving before makes the claim smaller, so Σ kept
 * never exceeds the total. The charge is then sent off-session with the saved card.
 */

const retried = { retryLimit: 10, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 5 * 60 };
export const guaranteeChargeJob = jobKind<{ bookingId: string; dueAt: string }>({
  name: 'guarantee-charge',
  ...retried,
});

/** With the guarantee card saved: its charge at the due date. */
export function scheduleGuaranteeCharge(tx: Db, bookingId: string, dueAt: Date) {
  return scheduleJob(
    tx,
    guaranteeChargeJob,
    { bookingId, dueAt: dueAt.toISOString() },
    { key: `guarantee-charge:${bookingId}:${dueAt.toISOString()}`, at: dueAt },
  );
}

/** The organizer, as the mails greet them. */
async function organizerOf(db: Db, bookingId: string) {
  const booking = (await findBookingRow(db, bookingId))!;
  const found = booking.customerId ? await findCustomerSummary(db, booking.customerId) : undefined;
  return { booking, to: found ?? { email: booking.mainContact.email, firstName: booking.mainContact.firstName } };
}

/** The claim of what is left to pay, with the booking row locked: the payment row to charge, or none. */
async function claimGuarantee(db: Db, provider: 'stripe' | 'test', bookingId: string, dueAt: string) {
  return inTransaction(db, async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    const config = await findPaymentConfig(tx, bookingId);
    if (booking?.status !== 'prebooked' || config?.type !== 'collective_payment') return null;
    if (config.dueAt.toISOString() !== dueAt || config.dueChoice === 'on_site') return null;
    const key = `guarantee:${bookingId}:${dueAt}`;
    const known = await findPaymentByKey(tx, key);
    if (known) return known;
    const rows = await listBookingPayments(tx, bookingId);
    const leftCents = config.totalCents - paidTowardsTotal(rows) - guaranteeInFlightCents(rows);
    if (leftCents <= 0) return null;
    return claimPayment(tx, {
      bookingId,
      participantId: null,
      payerCustomerId: booking.customerId,
      kind: 'guarantee',
      amountCents: leftCents,
      status: 'pending',
      provider,
      idempotencyKey: key,
    });
  });
}

/** The card refused: the row fails, the organizer gets the link to pay, the team sees 'Garantie refusée'. */
async function recordRefusal(deps: MaybeProviderDeps, payment: PaymentRow, error: ProviderError) {
  const { booking, to } = await organizerOf(deps.db, payment.bookingId);
  const mails = await EffectMails.open(deps);
  await inTransaction(deps.db, async (tx) => {
    if (error.intentId) await setPaymentIntent(tx, payment.id, error.intentId);
    const moved = await movePayment(tx, payment.id, ['pending'], { status: 'failed', failureMessage: error.message });
    if (!moved) return;
    await mails.add(
      tx,
      guaranteeFailedMail(mails.context, to.email, {
        reference: booking.reference,
        bookingId: booking.id,
        firstName: to.firstName,
        amountCents: payment.amountCents,
      }),
    );
    await recordAudit(tx, {
      ...SYSTEM_ACTOR,
      bookingId: booking.id,
      action: 'guarantee_failed',
      before: null,
      after: { paymentId: payment.id, amountCents: payment.amountCents, reason: error.message },
    });
  });
}

/** The job: what is still unpaid at the due date charged to the organizer's saved card. */
export async function chargeGuarantee(deps: MaybeProviderDeps, bookingId: string, dueAt: string): Promise<void> {
  const savedCards = deps.provider?.savedCards;
  const card = await findDepositCard(deps.db, bookingId);
  if (!deps.provider || !savedCards || !card?.paymentMethodId || !card.guaranteeSettlement) return;
  const payment = await claimGuarantee(deps.db, deps.provider.mode, bookingId, dueAt);
  if (payment?.status !== 'pending') return;
  const booking = (await findBookingRow(deps.db, bookingId))!;
  let intent: ProviderIntent;
  try {
    intent = await savedCards.chargeOffSession({
      amountCents: payment.amountCents,
      customerId: card.providerCustomerId,
      paymentMethodId: card.paymentMethodId,
      idempotencyKey: `guarantee-charge:${payment.id}`,
      description: `Garantie – réservation ${booking.reference}`,
      metadata: { bookingId, paymentId: payment.id, kind: 'guarantee', reference: booking.reference },
    });
  } catch (error) {
    // A refusal of the card is told; anything else (provider unreachable) fails the run, which is retried.
    if (!(error instanceof ProviderError) || error.kind !== 'card') throw error;
    await recordRefusal(deps, payment, error);
    return;
  }
  await setPaymentIntent(deps.db, payment.id, intent.id);
  // The move confirms the booking and writes the organizer's 'Garantie débitée' e-mail (payment-mails.ts).
  await applyIntentState({ ...deps, provider: deps.provider }, intent);
}

export function guaranteeHandlers(deps: MaybeProviderDeps): JobHandler[] {
  return [jobHandler(guaranteeChargeJob, ({ data }) => chargeGuarantee(deps, data.bookingId, data.dueAt))];
}
