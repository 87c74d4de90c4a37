import type { z } from 'zod';
import { BOOKING_EDIT_MESSAGES, type updateBookingBody } from '../../../shared/api/customer-booking.schema';
import {
  PAYMENT_TYPE_LABELS,
  STAFF_MESSAGES,
  type cancelBody,
  type paymentConfigBody,
} from '../../../shared/api/staff.schema';
import { canMove, STATUS_MOVE_MESSAGES, type BookingStatusValue } from '../../../shared/booking-status';
import { todayInParis } from '../../../shared/booking-days';
import { eurosToCents } from '../../../shared/money';
import { quoteRefund } from '../../../shared/refund-policy';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { sendMail, type ServiceDeps } from '../../deps';
import type { StaffSessionContext } from '../../plugins/auth';
import { accessBooking } from '../bookings/booking-access';
import { applyScheduleEdit, lastModifiedOf } from '../bookings/booking-schedule.service';
import {
  findCustomerSummary,
  listBookingItems,
  setBookingFields,
  type BookingRequestRow,
} from '../bookings/customer-bookings.service';
import type { MailMessage } from '../mail/mailer';
import { bookingCanceledMail, chequeReceivedMail, quoteReadyMail, type MailContext } from '../mail/templates';
import { recordAudit, type AuditActor } from '../audit/audit.service';
import { estimateOf, stateOf } from './booking-snapshot';
import { findPaymentConfig, insertPayment, listPayments, upsertPaymentConfig } from './staff-requests.repository';
import { amountDueCents, buildStaffDetail, moneyOf, staffActor, toRefundQuote } from './staff-requests.service';

/** The option is held 24 hours after the team's validation (terms of sale, DESIGN.md §4). */
export const DEFAULT_DUE_MS = 24 * 60 * 60 * 1000;

function auditActor(staff: StaffSessionContext): AuditActor {
  return { actorType: 'staff', actorId: staff.staffId, actorName: staff.name };
}

const statusOf = (booking: BookingRequestRow) => booking.status as BookingStatusValue;

/** Refuses a status change the lifecycle table does not allow (src/shared/booking-status.ts). */
function requireMove(booking: BookingRequestRow, to: BookingStatusValue) {
  if (!canMove(statusOf(booking), to)) throw AppError.of('INVALID_TRANSITION', STATUS_MOVE_MESSAGES[to]);
}

/**
 * One staff action: the booking row locked (SELECT … FOR UPDATE) for the whole transaction, so two
 * concurrent actions on one booking run one after the other and the second sees the first's result.
 */
async function locked<T>(
  deps: ServiceDeps,
  staff: StaffSessionContext,
  bookingId: string,
  work: (db: Db, booking: BookingRequestRow) => Promise<T>,
): Promise<T> {
  return inTransaction(deps.db, async (db) => {
    const { booking } = await accessBooking(db, bookingId, staffActor(staff), { forUpdate: true });
    return work(db, booking);
  });
}

async function organizerOf(db: Db, booking: BookingRequestRow) {
  const organizer = await findCustomerSummary(db, booking.customerId);
  return {
    email: organizer?.email ?? booking.mainContact.email,
    firstName: organizer?.firstName ?? booking.mainContact.firstName,
  };
}

/** A staff action whose answer is the booking's staff detail once the transaction is over. */
async function lockedDetail(
  deps: ServiceDeps,
  staff: StaffSessionContext,
  bookingId: string,
  work: (db: Db, booking: BookingRequestRow) => Promise<BookingRequestRow>,
) {
  return buildStaffDetail(deps.db, await locked(deps, staff, bookingId, work));
}

/** A change of the booking's fields, audited as `action`; `audit` adds to the state before and after. */
interface Move {
  action: string;
  fields: Parameters<typeof setBookingFields>[2];
  audit?: { before?: Record<string, unknown>; after?: Record<string, unknown> };
}

/**
 * The usual end of an action: the booking's fields set, and the audit row with the state before
 * and after (plus what the action adds to each side).
 */
async function moveAndAudit(
  db: Db,
  staff: StaffSessionContext,
  booking: BookingRequestRow,
  { action, fields, audit = {} }: Move,
): Promise<BookingRequestRow> {
  const after = (await setBookingFields(db, booking.id, fields))!;
  await recordAudit(db, {
    ...auditActor(staff),
    bookingId: booking.id,
    action,
    before: { ...stateOf(booking), ...audit.before },
    after: { ...stateOf(after), ...audit.after },
  });
  return after;
}

/**
 * A transition that only sets fields: `refuse` throws when the booking may not take it, then the
 * move is made; the answer is the staff detail.
 */
function fieldsTransition(move: Move, refuse: (booking: BookingRequestRow) => void) {
  return (deps: ServiceDeps, staff: StaffSessionContext, bookingId: string) =>
    lockedDetail(deps, staff, bookingId, async (db, booking) => {
      refuse(booking);
      return moveAndAudit(db, staff, booking, move);
    });
}

/** What every mail of an action says of the booking. */
type MailBase = { firstName: string; reference: string; bookingId: string };

/**
 * A transition that e-mails the organizer once its transaction is over: `work` checks and writes
 * what the action adds, then gives its move and what the mail needs (`mailed`); the organizer is
 * read in the transaction, after the move, and every such mail names the booking the same way.
 */
async function mailedTransition<T>(
  deps: ServiceDeps,
  staff: StaffSessionContext,
  bookingId: string,
  work: (db: Db, booking: BookingRequestRow) => Promise<Move & { mailed: T }>,
  mail: (mailed: T, context: MailContext, to: string, base: MailBase) => MailMessage,
): Promise<{ booking: BookingRequestRow; mailed: T }> {
  const { booking, mailed, organizer } = await locked(deps, staff, bookingId, async (db, current) => {
    const move = await work(db, current);
    const after = await moveAndAudit(db, staff, current, move);
    return { booking: after, mailed: move.mailed, organizer: await organizerOf(db, after) };
  });
  await sendMail(deps, (context) =>
    mail(mailed, context, organizer.email, {
      firstName: organizer.firstName,
      reference: booking.reference,
      bookingId: booking.id,
    }),
  );
  return { booking, mailed };
}

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

/**
 * The payment config (SPEC.md §9's five types). Setting it is the team's validation with a quote:
 * the booking becomes `prebooked` (an option held until the due date) and adminValidation is set
 * if it was not yet, so the team need not press "valider" first. It may be changed while nothing
 * was paid yet (e.g. to extend the due date); the organizer is e-mailed each time.
 */
export async function setPaymentConfig(
  deps: ServiceDeps,
  staff: StaffSessionContext,
  bookingId: string,
  body: z.output<typeof paymentConfigBody>,
) {
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
      const payments = await listPayments(db, booking.id);
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
      if (amountCents !== null && amountCents > totalCents)
        throw AppError.invalid('amount', STAFF_MESSAGES.paymentConfigAmountTooHigh);
      const percentage = body.type === 'partial_payment_card' ? (body.percentage ?? null) : null;
      if (body.type === 'partial_payment_card' && percentage === null) {
        throw AppError.invalid('percentage', STAFF_MESSAGES.paymentConfigPercentage);
      }
      const dueAt = body.dueDate ? new Date(body.dueDate) : new Date(Date.now() + DEFAULT_DUE_MS);
      if (dueAt.getTime() <= Date.now()) throw AppError.invalid('dueDate', STAFF_MESSAGES.paymentConfigDueDate);

      const previous = await findPaymentConfig(db, booking.id);
      const config = await upsertPaymentConfig(db, {
        bookingId: booking.id,
        type: body.type,
        totalCents,
        amountCents,
        percentage,
        dueAt,
        instructions: body.instructions.trim(),
        configuredByStaffId: staff.staffId,
      });
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
        audit: { before: { paymentConfig: configState(previous) }, after: { paymentConfig: configState(config) } },
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
  return buildStaffDetail(deps.db, booking);
}

/** deposit_check: the cheque is in the team's hands, the booking is confirmed. */
export async function markChequeReceived(deps: ServiceDeps, staff: StaffSessionContext, bookingId: string) {
  const { booking } = await mailedTransition(
    deps,
    staff,
    bookingId,
    async (db, booking) => {
      const config = await findPaymentConfig(db, booking.id);
      if (!config || config.type !== 'deposit_check')
        throw AppError.of('NOT_DEPOSIT_CHECK', STAFF_MESSAGES.chequeNotDepositCheck);
      if (booking.status !== 'prebooked') throw AppError.of('INVALID_TRANSITION', STAFF_MESSAGES.chequeNotPrebooked);
      requireMove(booking, 'confirmed');
      await insertPayment(db, {
        bookingId: booking.id,
        kind: 'cheque',
        amountCents: config.amountCents ?? 0,
        status: 'completed',
        provider: 'manual',
        idempotencyKey: `cheque-received:${booking.id}`,
      });
      return {
        action: 'cheque_received',
        fields: { status: 'confirmed', paymentStatus: 'paid' },
        audit: { after: { chequeCents: config.amountCents } },
        mailed: config.amountCents ?? 0,
      };
    },
    (amountCents, context, to, base) => chequeReceivedMail(context, to, { ...base, amountCents }),
  );
  return buildStaffDetail(deps.db, booking);
}

/**
 * Cancellation by the team. The answer carries the refund the terms give on what was paid
 * (SPEC.md §9); moving the money back is the payments module's refund call.
 */
export async function cancelBooking(
  deps: ServiceDeps,
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
      const money = moneyOf(await listPayments(db, booking.id));
      const quote = quoteRefund(money.netPaidCents, todayInParis(), booking.startDate, {
        withFee: body.withFee,
        parkCancels: body.parkCancels,
      });
      return {
        action: 'cancel',
        fields: { status: 'canceled', cancelReason: body.reason, canceledAt: new Date() },
        audit: { after: { reason: body.reason, refundQuote: { ...quote } } },
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
  return { booking: await buildStaffDetail(deps.db, booking), refundQuote: toRefundQuote(quote) };
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
export async function editSchedule(
  deps: ServiceDeps,
  staff: StaffSessionContext,
  bookingId: string,
  body: z.output<typeof updateBookingBody>,
) {
  const lastModified = lastModifiedOf(body);
  return lockedDetail(deps, staff, bookingId, async (db, booking) => {
    if (booking.status === 'canceled' || booking.status === 'completed') {
      throw AppError.of('SCHEDULE_CLOSED', STAFF_MESSAGES.scheduleClosed);
    }
    const schedule = async (row: BookingRequestRow) => {
      const items = await listBookingItems(db, row.id);
      return {
        participants: row.participants,
        startDate: row.startDate,
        endDate: row.endDate,
        lines: items.map((item) =>
          `${item.scheduledDate} ${item.startTime ?? ''} ${item.name} ×${item.participants}`
            .replace(/\s+/g, ' ')
            .trim(),
        ),
      };
    };
    const before = await schedule(booking);
    const after = await applyScheduleEdit(db, booking, body, lastModified);
    await recordAudit(db, {
      ...auditActor(staff),
      bookingId: booking.id,
      action: 'schedule',
      before,
      after: await schedule(after),
    });
    return after;
  });
}
