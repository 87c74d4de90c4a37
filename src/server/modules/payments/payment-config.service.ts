import type { Db } from '../../db/client';
import { cancelOpenIntentsIn } from './open-intents.public';
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
