import type { Db } from '../../db/client';
import { findBookingRow } from '../../db/booking-row';
import { inTransaction, type Tx } from '../../db/transaction';
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit.service';
import { findCustomerSummary } from '../bookings/booking-rows.service';
import { jobHandler, jobKind, scheduleJob, type JobHandler } from '../jobs/jobs.service';
import { guaranteeRefundMail } from '../mail/guarantee-templates.public';
import { findDepositCard, findPayment } from './deposit-cards.repository';
import type { MaybeProviderDeps } from './open-intents.public';
import type { ParticipantRow } from '../bookings/participant-list.public';
import { keptCents, type PaymentContext } from './payment-context';
import { sharesOf } from './payment-view.public';
import type { EffectMails } from './payment-mails';
import { recordProviderRefund } from './provider-refunds.repository';
import { addRefunded, listBookingPayments, type PaymentRow } from './payments.repository';

/*
 * A participant paying after the guarantee charge, when the organizer chose to be refunded
 * (docs/decisions.md, "The organizer's guarantee"): the share is kept and the same amount of the
 * guarantee goes back to the organizer's card, counted in the share's transaction (so Σ kept stays
 * the total) and sent by a job keyed by the share's payment.
 */

/** The completed guarantee a share of `amountCents` may be paid against (settlement 'refund'), or none. */
export async function repayableGuarantee(db: Db, bookingId: string, amountCents: number, rows?: PaymentRow[]) {
  const card = await findDepositCard(db, bookingId);
  if (card?.guaranteeSettlement !== 'refund') return undefined;
  const all = rows ?? (await listBookingPayments(db, bookingId));
  return all.find((row) => row.kind === 'guarantee' && row.status === 'completed' && keptCents(row) >= amountCents);
}

/** A participant may still pay their share after the guarantee charge: the booking confirmed by it, settlement 'refund'. */
export async function repaysAfterGuarantee(db: Db, context: PaymentContext, person: ParticipantRow) {
  const { booking } = context.access;
  if (booking.status !== 'confirmed' || context.config?.type !== 'collective_payment') return false;
  if (person.paymentStatus === 'paid' || !person.isActive || !person.hasConnected) return false;
  const share = sharesOf(context.config, context.participants).get(person.id);
  return share !== undefined && Boolean(await repayableGuarantee(db, booking.id, share));
}

const retried = { retryLimit: 10, retryDelaySeconds: 60, retryBackoff: true, expireInSeconds: 5 * 60 };
export const guaranteeRefundJob = jobKind<{ guaranteeId: string; shareId: string; amountCents: number }>({
  name: 'guarantee-refund',
  ...retried,
});

/**
 * In the transaction that completed `share`: the guarantee's part counted as refunded, the
 * refund's job, the organizer's mail and the history entry.
 */
export async function repayOrganizer(tx: Tx, mails: EffectMails, share: PaymentRow, guarantee: PaymentRow) {
  const amountCents = share.amountCents;
  await addRefunded(tx, guarantee.id, amountCents);
  await scheduleJob(
    tx,
    guaranteeRefundJob,
    { guaranteeId: guarantee.id, shareId: share.id, amountCents },
    { key: `guarantee-refund:${share.id}` },
  );
  const booking = (await findBookingRow(tx, share.bookingId))!;
  const organizer = booking.customerId ? await findCustomerSummary(tx, booking.customerId) : undefined;
  const to = organizer ?? { email: booking.mainContact.email, firstName: booking.mainContact.firstName };
  const payer = share.payerCustomerId ? await findCustomerSummary(tx, share.payerCustomerId) : undefined;
  const payerName = payer ? `${payer.firstName} ${payer.lastName ?? ''}`.trim() : 'Un participant';
  await mails.add(
    tx,
    guaranteeRefundMail(mails.context, to.email, {
      reference: booking.reference,
      bookingId: booking.id,
      firstName: to.firstName,
      amountCents,
      payer: payerName,
    }),
  );
  await recordAudit(tx, {
    ...SYSTEM_ACTOR,
    bookingId: booking.id,
    action: 'guarantee_refund',
    before: null,
    after: { paymentId: guarantee.id, sharePaymentId: share.id, amountCents },
  });
}

/** The job: the refund at the provider (its key is the share's, so once), followed like every refund. */
async function sendGuaranteeRefund(
  deps: MaybeProviderDeps,
  data: { guaranteeId: string; shareId: string; amountCents: number },
) {
  const guarantee = await findPayment(deps.db, data.guaranteeId);
  if (!deps.provider || !guarantee?.providerIntentId) return;
  const key = `guarantee-refund:${data.shareId}`;
  const refund = await deps.provider.refund(guarantee.providerIntentId, data.amountCents, key);
  await inTransaction(deps.db, (tx) =>
    recordProviderRefund(tx, {
      id: refund.id,
      bookingId: guarantee.bookingId,
      paymentId: guarantee.id,
      amountCents: data.amountCents,
      status: refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' ? 'failed' : 'pending',
      idempotencyKey: key,
    }),
  );
}

export function guaranteeRefundHandler(deps: MaybeProviderDeps): JobHandler {
  return jobHandler(guaranteeRefundJob, ({ data }) => sendGuaranteeRefund(deps, data));
}
