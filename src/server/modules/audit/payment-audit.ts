import type { Tx } from '../../db/transaction';
import { customerActor, SYSTEM_ACTOR } from './audit-entries';
import { bookingStateOf, recordAudit, type AuditActor } from './audit.repository';

/*
 * The audit entries of card payments, written by payments/payment-effects.ts in the transaction of
 * the conditional move that applies a provider state to a payment: the move happens once, whoever
 * reports it first (webhook, the customer's confirmation, the test form, a replay), so the entry
 * is written once. Typed by shape: the audit module imports no other module.
 */

interface PaymentState {
  id: string;
  bookingId: string;
  kind: string;
  status: string;
  amountCents: number;
  payerCustomerId: string | null;
  failureMessage: string | null;
  refundedCents: number;
}

interface BookingState {
  id: string;
  status: string;
  paymentStatus: string;
}

/** What the trail keeps of a payment (as payments/open-intents.public.ts `paymentTrace`). */
const trace = (row: PaymentState) => ({
  paymentId: row.id,
  kind: row.kind,
  status: row.status,
  amountCents: row.amountCents,
});

/**
 * The entry of a move, or none: a capture is the team's `deposit_capture` (payments-staff.service.ts),
 * the release of a canceled booking's hold their `payments_released` (open-intents.public.ts), and an
 * attempt that failed or awaits authentication changes nothing of the booking.
 */
function actionOf(from: string, to: string, bookingStatus: string) {
  if (to === 'completed') return from === 'authorized' ? null : 'payment_received';
  if (to === 'authorized') return 'deposit_authorized';
  if (to === 'canceled' && from === 'authorized' && bookingStatus !== 'canceled') return 'hold_released';
  return null;
}

/**
 * A provider state applied to a payment (`from` → `to`), after the booking was settled on it
 * (`booking`: as it was before): the payment's entry, with the booking's payment status when it
 * changed, by the payer (the system for a hold released); and, when the payment confirmed the
 * booking, the status change as an entry of its own.
 */
export async function auditPaymentMove(db: Tx, booking: BookingState, from: PaymentState, to: PaymentState) {
  const action = actionOf(from.status, to.status, booking.status);
  if (!action) return;
  const now = (await bookingStateOf(db, booking.id)) ?? booking;
  const actor: AuditActor =
    action === 'hold_released' || !from.payerCustomerId ? SYSTEM_ACTOR : await customerActor(db, from.payerCustomerId);
  const paymentStatus = now.paymentStatus !== booking.paymentStatus;
  await recordAudit(db, {
    ...actor,
    bookingId: booking.id,
    action,
    before: { payments: [trace(from)], ...(paymentStatus ? { paymentStatus: booking.paymentStatus } : {}) },
    after: { payments: [trace(to)], ...(paymentStatus ? { paymentStatus: now.paymentStatus } : {}) },
  });
  if (now.status !== booking.status) {
    await recordAudit(db, {
      ...actor,
      bookingId: booking.id,
      action: 'payment_confirmed',
      before: { status: booking.status },
      after: { status: now.status },
    });
  }
}

/** Money that must not be kept, refused on arrival (refunded, a hold released), with the reason. */
export async function auditPaymentRefused(db: Tx, from: PaymentState, to: PaymentState) {
  await recordAudit(db, {
    ...SYSTEM_ACTOR,
    bookingId: from.bookingId,
    action: 'payment_refused',
    before: { payments: [trace(from)] },
    after: { payments: [trace(to)], reason: to.failureMessage },
  });
}

/** The refund of a refused payment sent by the provider (`payment` as it now stands, `cents` given back). */
export async function auditLateRefund(db: Tx, payment: PaymentState, cents: number) {
  await recordAudit(db, {
    ...SYSTEM_ACTOR,
    bookingId: payment.bookingId,
    action: 'late_refund',
    before: { paymentId: payment.id, refundedCents: payment.refundedCents - cents },
    after: { paymentId: payment.id, refundedCents: payment.refundedCents },
  });
}
