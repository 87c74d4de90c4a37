import type { z } from 'zod';
import { BOOKING_EDIT_MESSAGES } from '../../../shared/api/customer-booking.schema';
import {
  PAYMENT_TYPE_LABELS,
  STAFF_MESSAGES,
  type cancelBody,
  type paymentConfigBody,
} from '../../../shared/api/staff.schema';
import { todayInParis } from '../../../shared/booking-days';
import { defaultDueDate, depositAvailableFrom } from '../../../shared/payment-rules';
import { eurosToCents } from '../../../shared/money';
import { quoteRefund } from '../../../shared/refund-policy';
import { AppError } from '../../app-error';
import type { ServiceDeps } from '../../deps';
import {
  paymentTrace,
  releaseAtProvider,
  releaseCanceledBooking,
  unsettledIntentsOf,
  type MaybeProviderDeps,
} from '../payments/open-intents.public';
import type { StaffSessionContext } from './staff-auth.service';
import { scheduleEditCall } from '../bookings/booking-schedule.service';
import { listBookingItems } from '../bookings/booking-rows.service';
import type { BookingRequestRow } from '../bookings/customer-bookings.service';
import { scheduleOf } from '../bookings/schedule-audit.public';
import { bookingCanceledMail, chequeReceivedMail, quoteReadyMail } from '../mail/templates.public';
import { recordAudit } from '../audit/audit.service';
import { scheduleOptionExpiry } from '../sweeps/option-expiry.service';
import { getParkSettings } from '../establishment/establishment.service';
import { estimateOf } from './booking-snapshot';
import { auditActor, fieldsTransition, lockedDetail, mailedTransition, requireMove } from './staff-transition';
import {
  frenchDay,
  paymentConfigOf,
  paymentsOf,
  recordChequeReceived,
  replacePaymentConfig,
} from '../payments/payment-config.service';
import { amountDueCents, buildStaffDetail, moneyOf, toRefundQuote } from './staff-requests.service';

/** The option is held 24 hours after the team's validation (terms of sale, DESIGN.md §4). */

export const validateBooking = fieldsTransition(
  { action: 'validate', fields: { adminValidation: 'validated' } },
  (booking) => {
    if (booking.status !== 'draft') throw AppError.of('NOT_DRAFT', BOOKING_EDIT_MESSAGES.notDraft);
    if (booking.adminValidation === 'validated')
      throw AppError.of('ALREADY_VALIDATED', STAFF_MESSAGES.alreadyValidated);
    if (booking.clientValidation !== 'validated')
      throw AppError.of('CLIENT_NOT_VALIDATED', STAFF_MESSAGES.validateNeedsClient);
  },
);

/** Two payment configs ask the same of the customer (who set them aside). */
function sameConfig(
  row: NonNullable<Awaited<ReturnType<typeof paymentConfigOf>>>,
  next: Pick<typeof row, 'type' | 'totalCents' | 'amountCents' | 'percentage' | 'dueAt' | 'instructions'>,
): boolean {
  return (
    row.type === next.type &&
    row.totalCents === next.totalCents &&
    row.amountCents === next.amountCents &&
    row.percentage === next.percentage &&
    row.dueAt.getTime() === next.dueAt.getTime() &&
    row.instructions === next.instructions
  );
}

/**
 * The payment config (SPEC.md §9's five types). Setting it is the team's validation with a quote:
 * the booking becomes `prebooked` (an option held until the due date) and adminValidation is set
 * if it was not yet, so the team need not press "valider" first. It may be changed while nothing
 * was paid yet (e.g. to extend the due date); the organizer is e-mailed when it is new or changed. A change cancels
 * the intents opened under the previous configuration (in the database with the change, then at
 * the provider), so what was opened for the old amount can never be paid on top of the new one.
 */
export async function setPaymentConfig(
  deps: MaybeProviderDeps,
  staff: StaffSessionContext,
  bookingId: string,
  body: z.output<typeof paymentConfigBody>,
) {
  let replaced: Awaited<ReturnType<typeof replacePaymentConfig>>['replaced'] = [];
  const { booking } = await mailedTransition(
    deps,
    staff,
    bookingId,
    async (db, booking) => {
      if (booking.status !== 'draft' && booking.status !== 'prebooked') {
        throw AppError.of('PAYMENT_CONFIG_CLOSED', STAFF_MESSAGES.paymentConfigClosed);
      }
      if (booking.clientValidation !== 'validated') {
        throw AppError.of('CLIENT_NOT_VALIDATED', STAFF_MESSAGES.paymentConfigNeedsClient);
      }
      const payments = await paymentsOf(db, booking.id);
      const paidSomething = payments.some((row) => row.status === 'completed' || row.status === 'authorized');
      if (booking.paymentStatus !== 'unpaid' || paidSomething) {
        throw AppError.of('ALREADY_PAID', STAFF_MESSAGES.paymentConfigAlreadyPaid);
      }
      if (booking.status === 'draft') requireMove(booking, 'prebooked');

      const totalCents =
        body.totalAmount !== undefined
          ? eurosToCents(body.totalAmount)
          : estimateOf(await listBookingItems(db, booking.id));
      if (totalCents <= 0) throw AppError.invalid('totalAmount', STAFF_MESSAGES.paymentConfigTotal);
      const isDeposit = body.type === 'deposit_check' || body.type === 'deposit_card';
      const amountCents = isDeposit ? (body.amount == null ? null : eurosToCents(body.amount)) : null;
      if (isDeposit && !amountCents) throw AppError.invalid('amount', STAFF_MESSAGES.paymentConfigAmount);
      // A card deposit may exceed the total, up to the park's ceiling; a cheque deposit may not
      // (docs/decisions.md, "Card deposit ceiling").
      if (amountCents !== null && body.type === 'deposit_card') {
        const { cardDepositMaxEuros } = await getParkSettings(db);
        if (amountCents > cardDepositMaxEuros * 100)
          throw AppError.invalid('amount', STAFF_MESSAGES.paymentConfigCardDepositTooHigh(cardDepositMaxEuros));
      }
      if (amountCents !== null && body.type === 'deposit_check' && amountCents > totalCents)
        throw AppError.invalid('amount', STAFF_MESSAGES.paymentConfigAmountTooHigh);
      const percentage = body.type === 'partial_payment_card' ? (body.percentage ?? null) : null;
      if (body.type === 'partial_payment_card' && percentage === null) {
        throw AppError.invalid('percentage', STAFF_MESSAGES.paymentConfigPercentage);
      }
      const dueAt = body.dueDate ? new Date(body.dueDate) : defaultDueDate(body.type, booking.startDate);
      if (dueAt.getTime() <= Date.now()) throw AppError.invalid('dueDate', STAFF_MESSAGES.paymentConfigDueDate);
      // A card deposit is paid by placing the hold, which opens 6 days before the first day: an
      // earlier due date would release the option before the customer could pay it.
      const holdFrom = depositAvailableFrom(booking.startDate);
      if (body.type === 'deposit_card' && todayInParis(dueAt) < holdFrom) {
        throw AppError.invalid('dueDate', STAFF_MESSAGES.paymentConfigDueBeforeHold(frenchDay(holdFrom)));
      }
      // A due date the team chooses falls on the event's first day at the latest (Paris time).
      if (body.dueDate && todayInParis(dueAt) > booking.startDate) {
        throw AppError.invalid('dueDate', STAFF_MESSAGES.paymentConfigDueAfterStart);
      }

      const values = {
        bookingId: booking.id,
        type: body.type,
        totalCents,
        amountCents,
        percentage,
        dueAt,
        instructions: body.instructions.trim(),
      };
      // The same config again changes nothing and mails nothing: decided under the booking's row
      // lock, so of concurrent identical calls only the first writes (docs/decisions.md, "E-mail").
      // Without a due date in the call, the default (from now) is no change of the one stored.
      const current = await paymentConfigOf(db, booking.id);
      const asked = body.dueDate || !current ? values : { ...values, dueAt: current.dueAt };
      if (booking.status === 'prebooked' && current && sameConfig(current, asked)) return undefined;
      const written = await replacePaymentConfig(db, { ...values, configuredByStaffId: staff.staffId });
      await scheduleOptionExpiry(db, booking.id, dueAt);
      const { previous, config } = written;
      replaced = written.replaced;
      const configState = (row: typeof config | undefined) =>
        row
          ? {
              type: row.type,
              totalCents: row.totalCents,
              amountCents: row.amountCents,
              percentage: row.percentage,
              dueAt: row.dueAt.toISOString(),
            }
          : null;
      return {
        action: 'payment_config',
        fields: { status: 'prebooked', adminValidation: 'validated' },
        audit: {
          before: { paymentConfig: configState(previous) },
          after: {
            paymentConfig: configState(config),
            ...(replaced.length > 0 ? { canceledIntents: replaced.map(paymentTrace) } : {}),
          },
        },
        mailed: config,
      };
    },
    (config, context, to, base) =>
      quoteReadyMail(context, to, {
        ...base,
        paymentLabel: PAYMENT_TYPE_LABELS[config.type],
        totalCents: config.totalCents,
        dueCents: amountDueCents(config),
        dueAt: config.dueAt,
        instructions: config.instructions,
      }),
  );
  if (deps.provider && replaced.length > 0) {
    // Once committed; an intent the provider could not cancel stays canceled here, so a late
    // success on it never counts towards the booking.
    await releaseAtProvider({ ...deps, provider: deps.provider }, booking.id, replaced);
  }
  return buildStaffDetail(deps.db, booking);
}

/** deposit_check: the cheque is in the team's hands, the booking is confirmed. */
export async function markChequeReceived(deps: ServiceDeps, staff: StaffSessionContext, bookingId: string) {
  const { booking } = await mailedTransition(
    deps,
    staff,
    bookingId,
    async (db, booking) => {
      const config = await paymentConfigOf(db, booking.id);
      if (!config || config.type !== 'deposit_check')
        throw AppError.of('NOT_DEPOSIT_CHECK', STAFF_MESSAGES.chequeNotDepositCheck);
      if (booking.status !== 'prebooked') throw AppError.of('INVALID_TRANSITION', STAFF_MESSAGES.chequeNotPrebooked);
      requireMove(booking, 'confirmed');
      await recordChequeReceived(db, booking.id, config.amountCents ?? 0);
      // The confirmation carries each joined participant's pass, as the card one does (docs/decisions.md, "On site").
      const passes = deps.passes ? await deps.passes(db, booking.id) : [];
      return {
        action: 'cheque_received',
        fields: { status: 'confirmed', paymentStatus: 'paid' },
        audit: { after: { chequeCents: config.amountCents } },
        mailed: { amountCents: config.amountCents ?? 0, passes },
      };
    },
    ({ amountCents, passes }, context, to, base) => ({
      ...chequeReceivedMail(context, to, {
        ...base,
        amountCents,
        passes: passes.map((pass) => ({ cid: pass.attachment.cid, caption: pass.name })),
      }),
      attachments: passes.map((pass) => pass.attachment),
    }),
  );
  return buildStaffDetail(deps.db, booking);
}

/**
 * Cancellation by the team. The answer carries the refund the terms give on what was paid
 * (SPEC.md §9); moving the money back is the payments module's refund call. The booking's card
 * hold and the intents not paid yet are canceled at the provider once the cancellation has
 * committed (audited as 'payments_released'); where that fails, the sweep retries.
 */
export async function cancelBooking(
  deps: MaybeProviderDeps,
  staff: StaffSessionContext,
  bookingId: string,
  body: z.output<typeof cancelBody>,
) {
  const { booking, mailed: quote } = await mailedTransition(
    deps,
    staff,
    bookingId,
    async (db, booking) => {
      if (booking.status === 'canceled') throw AppError.of('ALREADY_CANCELED', STAFF_MESSAGES.alreadyCanceled);
      requireMove(booking, 'canceled');
      const money = moneyOf(await paymentsOf(db, booking.id));
      const quote = quoteRefund(money.netPaidCents, todayInParis(), booking.startDate, {
        withFee: body.withFee,
        parkCancels: body.parkCancels,
        terms: booking.cancellationTerms,
      });
      const toRelease = await unsettledIntentsOf(db, booking.id);
      return {
        action: 'cancel',
        fields: { status: 'canceled', cancelReason: body.reason, canceledAt: new Date() },
        audit: {
          after: {
            reason: body.reason,
            // The team's choices, which the refund call takes when it is not told otherwise.
            parkCancels: body.parkCancels,
            withFee: !body.parkCancels && body.withFee,
            refundQuote: { ...quote },
            ...(toRelease.length > 0 ? { paymentsToRelease: toRelease.map(paymentTrace) } : {}),
          },
        },
        mailed: quote,
      };
    },
    (quote, context, to, base) =>
      bookingCanceledMail(context, to, {
        ...base,
        reason: body.reason,
        refundCents: quote.refundCents,
      }),
  );
  await releaseCanceledBooking(deps, booking.id, auditActor(staff));
  // A cancellation always moves the booking, so its work always gives the quote.
  return { booking: await buildStaffDetail(deps.db, booking), refundQuote: toRefundQuote(quote!) };
}

/** A confirmed booking whose event has begun may be closed by hand (the sweep does it after the last day). */
export const completeBooking = fieldsTransition({ action: 'complete', fields: { status: 'completed' } }, (booking) => {
  requireMove(booking, 'completed');
  if (todayInParis() < booking.startDate) throw AppError.of('TOO_EARLY', STAFF_MESSAGES.completeTooEarly);
});

/**
 * The schedule edited on the customer's behalf: the customer's update (same capacity and date
 * rules, same lastModified guard), without the customer's editing lock.
 */
export const editSchedule = scheduleEditCall((deps, staff: StaffSessionContext, bookingId, edit) =>
  lockedDetail(deps, staff, bookingId, async (db, booking) => {
    if (booking.status === 'canceled' || booking.status === 'completed') {
      throw AppError.of('SCHEDULE_CLOSED', STAFF_MESSAGES.scheduleClosed);
    }
    const schedule = (row: BookingRequestRow) => scheduleOf(db, row);
    const before = await schedule(booking);
    const after = await edit(db, booking);
    await recordAudit(db, {
      ...auditActor(staff),
      bookingId: booking.id,
      action: 'schedule',
      before,
      after: await schedule(after),
    });
    return after;
  }),
);
