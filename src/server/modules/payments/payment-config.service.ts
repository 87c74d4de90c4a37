import type { Db } from '../../db/client';
import { WALK_IN_PAYMENT_MESSAGES } from '../../../shared/api/onsite.schema';
import { AppError } from '../../app-error';
import { inTransaction } from '../../db/transaction';
import { listBookingItems } from '../bookings/booking-rows.service';
import { cancelOpenIntentsIn, releaseAtProvider, type ReleaseDeps } from './open-intents.public';
import { MIN_CARD_CENTS } from './payment-context';
import { isWalkIn } from './payment-view.public';
import { scheduleDeadlineLadder } from './deadline-ladder';
import { findDepositCard } from './deposit-cards.repository';
import { scheduleGuaranteeCharge } from './guarantee-charge';
import { isShortPayment } from './payment-context';
import { listProviderRefunds } from './provider-refunds.repository';
import { insertPaymentOnce, upsertPaymentConfig } from './payment-configs.repository';
import {
  findConfigByContract,
  findPaymentConfig,
  listBookingPayments,
  lockBooking,
  type PaymentConfigRow,
  type PaymentRow,
} from './payments.repository';

/**
 * What other modules read and write of a booking's payments: the team's payment calls
 * (staff/staff-actions.service.ts checks the rules and writes the audit) and the contracts. Every
 * write of the payment tables is the payments module's (docs/architecture.md, "Modules").
 */

export type { PaymentConfigRow, PaymentRow };
export { frenchDay } from './payment-context';
export { isWalkIn } from './payment-view.public';

/** The booking's payment config, if the team set one. */
export function paymentConfigOf(db: Db, bookingId: string): Promise<PaymentConfigRow | undefined> {
  return findPaymentConfig(db, bookingId);
}

/** The payment config whose generated contract file is `filename`. */
export function paymentConfigByContract(db: Db, filename: string): Promise<PaymentConfigRow | undefined> {
  return findConfigByContract(db, filename);
}

/** The booking's payments, oldest first. */
export function paymentsOf(db: Db, bookingId: string): Promise<PaymentRow[]> {
  return listBookingPayments(db, bookingId);
}

/**
 * Replaces the booking's payment config, in the caller's transaction: the intents opened under the
 * previous one are canceled first (released at the provider by the caller once committed, with
 * open-intents.public.ts `releaseAtProvider`).
 */
export async function replacePaymentConfig(db: Db, values: Parameters<typeof upsertPaymentConfig>[1]) {
  const previous = await findPaymentConfig(db, values.bookingId);
  const replaced = await cancelOpenIntentsIn(db, values.bookingId);
  const config = await upsertPaymentConfig(db, { ...values, dueChoice: null });
  if (config.type === 'collective_payment') {
    // The deadline ladder and, with a guarantee card saved, its charge at the (new) due date.
    await scheduleDeadlineLadder(db, config.bookingId, config.dueAt);
    const card = await findDepositCard(db, config.bookingId);
    if (card?.paymentMethodId && card.guaranteeSettlement) {
      await scheduleGuaranteeCharge(db, config.bookingId, config.dueAt);
    }
  }
  return { previous, config, replaced };
}

/** deposit_check: the cheque the team received, recorded once per booking. */
export function recordChequeReceived(db: Db, bookingId: string, amountCents: number) {
  return insertPaymentOnce(db, {
    bookingId,
    kind: 'cheque',
    amountCents,
    status: 'completed',
    provider: 'manual',
    idempotencyKey: `cheque-received:${bookingId}`,
  });
}

/**
 * What the payment alerts need of a booking's holds (docs/decisions.md, "Card holds"): the one
 * held (its authorization and the end the provider gave it), and a refusal on the saved card that
 * no later hold made up for, and a card payment below what it asked. `rows` are the booking's payments, oldest first.
 */
export function holdAlertState(rows: PaymentRow[]) {
  const deposits = rows.filter((row) => row.kind === 'deposit');
  const guarantees = rows.filter((row) => row.kind === 'guarantee');
  const held = deposits.filter((row) => row.status === 'authorized').at(-1);
  const failed = deposits.filter((row) => row.status === 'failed' && row.providerIntentId && row.failureMessage).at(-1);
  const madeUp =
    failed &&
    deposits.some(
      (row) => (row.status === 'authorized' || row.status === 'completed') && row.createdAt > failed.createdAt,
    );
  return {
    holdAuthorizedAt: held?.updatedAt ?? null,
    holdCaptureBefore: held?.holdCaptureBefore ?? null,
    holdFailedAt: failed && !madeUp ? failed.updatedAt : null,
    shortPaymentAt: rows.filter(isShortPayment).at(-1)?.updatedAt ?? null,
    guaranteeFailedAt: guarantees.some((row) => row.status === 'completed')
      ? null
      : (guarantees.filter((row) => row.status === 'failed').at(-1)?.updatedAt ?? null),
  };
}

/** When the booking's latest refund still failed at the provider was reported (the `refund_failed` alert). */
export async function failedRefundAt(db: Db, bookingId: string): Promise<Date | null> {
  const failed = (await listProviderRefunds(db, bookingId)).filter((row) => row.status === 'failed');
  return failed.at(-1)?.updatedAt ?? null;
}

/**
 * A walk-in's payment, chosen at the kiosk (docs/decisions.md, "Walk-ins"): the organizer pays the
 * whole estimate (full_payment_organizer) or each member their share per head of the headcount
 * (collective_payment), due at the end of the day. It may be chosen again while nothing was paid;
 * the intents opened under the previous choice are canceled (in the database here, at the provider
 * once committed). `null` when the booking is not an unpaid walk-in confirmed today.
 */
export async function chooseWalkInPayment(
  deps: ReleaseDeps,
  bookingId: string,
  choice: { mode: 'full' | 'collective'; dueAt: Date },
) {
  const written = await inTransaction(deps.db, async (tx) => {
    const booking = await lockBooking(tx, bookingId);
    if (!booking || !isWalkIn(booking) || booking.status !== 'confirmed') return null;
    const rows = await listBookingPayments(tx, bookingId);
    const paidSomething = rows.some((row) => row.status === 'completed' || row.status === 'authorized');
    if (booking.paymentStatus !== 'unpaid' || paidSomething) {
      throw AppError.of('ALREADY_PAID', WALK_IN_PAYMENT_MESSAGES.alreadyPaid);
    }
    const totalCents = (await listBookingItems(tx, bookingId)).reduce(
      (sum, item) =>
        sum +
        (item.pricingType === 'per_person'
          ? item.basePriceCents * Math.max(0, item.participants)
          : item.basePriceCents),
      0,
    );
    const collective = choice.mode === 'collective';
    // Every share must be payable by card, or the last ones could never be paid.
    const smallest = collective ? Math.floor(totalCents / booking.participants) : totalCents;
    if (smallest < MIN_CARD_CENTS) throw AppError.of('PAYMENT_NOT_ALLOWED', WALK_IN_PAYMENT_MESSAGES.noAmount);
    const replaced = await cancelOpenIntentsIn(tx, bookingId);
    const config = await upsertPaymentConfig(tx, {
      bookingId,
      type: collective ? 'collective_payment' : 'full_payment_organizer',
      totalCents,
      amountCents: null,
      percentage: null,
      shareHeadcount: collective ? booking.participants : null,
      dueAt: choice.dueAt,
      instructions: '',
      dueChoice: null,
      configuredByStaffId: null,
    });
    return { config, replaced };
  });
  if (written && written.replaced.length > 0) await releaseAtProvider(deps, bookingId, written.replaced);
  return written?.config ?? null;
}
