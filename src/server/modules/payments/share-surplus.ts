import { GROUP_MESSAGES } from '../../../shared/api/group.schema';
import { AppError } from '../../app-error';
import type { Tx } from '../../db/transaction';
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit.service';
import type { BookingRequestRow } from '../bookings/booking-access.public';
import { updateParticipant, type ParticipantRow } from '../bookings/participant-list.public';
import { jobHandler, jobKind, scheduleJob, type JobHandler } from '../jobs/jobs.service';
import { shareDecreasedMail } from '../mail/group-templates.public';
import { findPayment } from './deposit-cards.repository';
import type { MaybeProviderDeps } from './open-intents.public';
import type { EffectMails } from './payment-mails';
import { sendRefund } from './refund-follow-up';
import { recordRefusedRefund, takeBackRefunded } from './provider-refunds.repository';
import { ProviderError } from '../../providers/payments/payment-provider';
import { inTransaction } from '../../db/transaction';
import { addRefunded, listBookingPayments, type PaymentRow } from './payments.repository';

/*
 * A share made smaller than what its payer already paid (docs/decisions.md, "Group shares"): in the
 * split's transaction, under the booking row lock, the surplus is counted as refunded on the payer's
 * card payments (newest first, never more than each kept), one durable job per refunded part sends it
 * to the provider (its key names the fact: the payment and its refunded total before, so a replay or a
 * second split refunds nothing twice), the payer is mailed and the history keeps it. A surplus paid
 * otherwise than by card (a cheque) cannot go back by itself: the change is refused (409).
 */

export interface Surplus {
  person: ParticipantRow;
  shareCents: number;
  paidCents: number;
}

const retried = { retryLimit: 10, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 5 * 60 };
export const shareSurplusRefundJob = jobKind<{ paymentId: string; amountCents: number; key: string }>({
  name: 'share-surplus-refund',
  ...retried,
});

/** The payer's card share payments that still keep money, newest first. */
/** What a card payment still holds for its payer: received, less what already went back. */
export const heldCents = (row: PaymentRow) => row.capturedCents - row.refundedCents;

export function refundableOf(rows: PaymentRow[], person: ParticipantRow): PaymentRow[] {
  return rows
    .filter(
      (row) =>
        row.participantId === person.id &&
        row.kind === 'share' &&
        row.provider !== 'manual' &&
        row.providerIntentId !== null &&
        (row.status === 'completed' || row.status === 'refunded') &&
        heldCents(row) > 0,
    )
    .reverse();
}

/** The parts to refund per payment for `cents`, or undefined when the card payments keep less. */
export function partsOf(payments: PaymentRow[], cents: number): { payment: PaymentRow; cents: number }[] | undefined {
  const parts = [];
  let left = cents;
  for (const payment of payments) {
    if (left <= 0) break;
    const part = Math.min(heldCents(payment), left);
    parts.push({ payment, cents: part });
    left -= part;
  }
  return left > 0 ? undefined : parts;
}

/**
 * Each part counted refunded on its payment and sent by its own job (its key names the fact: once).
 * `cause` names why (a surplus, a cancellation) in the key the provider sees.
 */
export async function scheduleRefunds(
  tx: Tx,
  parts: { payment: PaymentRow; cents: number }[],
  cause: 'share-surplus' | 'cancel' = 'share-surplus',
) {
  for (const part of parts) {
    if (part.cents <= 0) continue;
    const key = `${cause}:${part.payment.id}:${part.payment.refundedCents}+${part.cents}`;
    await addRefunded(tx, part.payment.id, part.cents);
    await scheduleJob(tx, shareSurplusRefundJob, { paymentId: part.payment.id, amountCents: part.cents, key }, { key });
  }
}

/** Refunds every surplus, or refuses the whole change (nothing written) when one cannot be refunded by card. */
export async function refundSurpluses(tx: Tx, mails: EffectMails, booking: BookingRequestRow, surpluses: Surplus[]) {
  if (surpluses.length === 0) return;
  const rows = await listBookingPayments(tx, booking.id);
  const planned = surpluses.map((surplus) => ({
    surplus,
    parts: partsOf(refundableOf(rows, surplus.person), surplus.paidCents - surplus.shareCents),
  }));
  if (planned.some(({ parts }) => parts === undefined)) {
    throw AppError.of('ALREADY_PAID', GROUP_MESSAGES.shareBelowPaid);
  }
  for (const { surplus, parts } of planned) {
    const { person, shareCents, paidCents } = surplus;
    const refundCents = paidCents - shareCents;
    await updateParticipant(tx, person.id, { paymentStatus: 'paid', paymentAmountCents: shareCents });
    await scheduleRefunds(tx, parts!);
    await mails.add(
      tx,
      shareDecreasedMail(mails.context, person.email, {
        firstName: person.firstName,
        reference: booking.reference,
        bookingId: booking.id,
        refundCents,
        shareCents,
        startDate: booking.startDate,
      }),
    );
    await recordAudit(tx, {
      ...SYSTEM_ACTOR,
      bookingId: booking.id,
      action: 'share_refund',
      before: { participantId: person.id, paidCents },
      after: {
        participantId: person.id,
        shareCents,
        refundCents,
        parts: parts!.map((part) => ({ paymentId: part.payment.id, amountCents: part.cents })),
      },
    });
  }
}

/**
 * The job: the part refunded at the provider under its key (once), then followed like every refund.
 * A refusal (not an outage, which is retried) is kept as a failed refund under the key, its amount
 * taken back from the payment's refunded total, once: the team sees it in « Remboursements à suivre »
 * with its alert, and retries it or settles it by hand.
 */
async function sendSurplusRefund(
  deps: MaybeProviderDeps,
  data: { paymentId: string; amountCents: number; key: string },
) {
  const payment = await findPayment(deps.db, data.paymentId);
  if (!deps.provider || !payment?.providerIntentId) return;
  try {
    await sendRefund({ db: deps.db, provider: deps.provider }, payment, data.amountCents, data.key);
  } catch (error) {
    if (!(error instanceof ProviderError) || error.kind === 'unavailable') throw error;
    await inTransaction(deps.db, async (tx) => {
      const kept = await recordRefusedRefund(tx, {
        id: `refused:${data.key}`,
        bookingId: payment.bookingId,
        paymentId: payment.id,
        amountCents: data.amountCents,
        status: 'failed',
        failureReason: error.message,
        idempotencyKey: data.key,
      });
      if (kept) await takeBackRefunded(tx, payment.id, data.amountCents);
    });
  }
}

export function shareSurplusRefundHandler(deps: MaybeProviderDeps): JobHandler {
  return jobHandler(shareSurplusRefundJob, ({ data }) => sendSurplusRefund(deps, data));
}
