import { BOOKING_JOB_KIND_LABELS, type BookingJob } from '../../../shared/api/staff-jobs.schema';
import { listBookingJobs } from '../jobs/jobs.service';
import type {
  AuditEntry,
  OutboxEmail,
  PaymentConfig,
  PaymentState,
  RefundQuoteDto,
  StaffBookingDetail,
} from '../../../shared/api/staff.schema';
import { canMove, type BookingStatusValue } from '../../../shared/booking-status';
import { todayInParis } from '../../../shared/booking-days';
import { centsToEuros } from '../../../shared/money';
import { quoteRefund } from '../../../shared/refund-policy';
import type { Db } from '../../db/client';
import type { StaffSessionContext } from './staff-auth.service';
import type { Actor } from '../bookings/booking-access.public';
import { accessBooking } from '../bookings/booking-access.public';
import { buildBookingView } from '../bookings/booking-detail.public';
import type { BookingRequestRow } from '../bookings/customer-bookings.service';
import { listAudit } from '../audit/audit.service';
import { maskSecrets } from './outbox-masking';
import { paymentAlertsOf } from '../../../shared/payment-alerts';
import { listOutboxAbout, type OutboxRow } from './staff-requests.repository';
import {
  paymentConfigOf,
  failedRefundAt,
  holdAlertState,
  paymentsOf,
  type PaymentConfigRow,
  type PaymentRow,
} from '../payments/payment-config.service';

export function staffActor(staff: StaffSessionContext): Actor & { kind: 'staff' } {
  return { kind: 'staff', staffId: staff.staffId, role: staff.role, name: staff.name };
}

export const isWaitingOnTeam = (booking: Pick<BookingRequestRow, 'status' | 'clientValidation'>) =>
  booking.status === 'draft' && booking.clientValidation === 'validated';

/** What the customer is asked to pay (or hold) now, from the team's config. */
export function amountDueCents(
  config: Pick<PaymentConfigRow, 'type' | 'totalCents' | 'amountCents' | 'percentage'>,
): number {
  switch (config.type) {
    case 'deposit_check':
    case 'deposit_card':
      return config.amountCents ?? 0;
    case 'partial_payment_card':
      return Math.round((config.totalCents * (config.percentage ?? 100)) / 100);
    case 'full_payment_organizer':
    case 'collective_payment':
      return config.totalCents;
  }
}

export function toPaymentConfig(row: PaymentConfigRow): PaymentConfig {
  return {
    type: row.type,
    totalAmount: centsToEuros(row.totalCents),
    amount: row.amountCents === null ? null : centsToEuros(row.amountCents),
    percentage: row.percentage,
    amountDue: centsToEuros(amountDueCents(row)),
    dueDate: row.dueAt.toISOString(),
    instructions: row.instructions,
    contractUrl: row.contractFilename ? `/api/v1/contracts/${row.contractFilename}` : null,
    authorizationCanceled: row.authorizationCanceled,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Money actually received: completed card payments and shares, and what was captured from a
 * hold. A cheque deposit or a card hold is a guarantee, not a payment, so it refunds nothing.
 */
export function moneyOf(rows: PaymentRow[]) {
  const completed = rows.filter((row) => row.status === 'completed' || row.status === 'refunded');
  const paidCents =
    completed
      .filter((row) => ['full', 'partial', 'share'].includes(row.kind))
      .reduce((sum, row) => sum + row.amountCents, 0) +
    rows
      .filter((row) => row.kind === 'capture' && row.status === 'completed')
      .reduce((sum, row) => sum + row.amountCents, 0) +
    rows.filter((row) => row.kind === 'deposit').reduce((sum, row) => sum + row.capturedCents, 0);
  const refundRows = rows
    .filter((row) => row.kind === 'refund' && row.status === 'completed')
    .reduce((sum, row) => sum + row.amountCents, 0);
  const refundedOnRows = rows.filter((row) => row.kind !== 'refund').reduce((sum, row) => sum + row.refundedCents, 0);
  const refundedCents = Math.max(refundRows, refundedOnRows);
  return { paidCents, refundedCents, netPaidCents: Math.max(0, paidCents - refundedCents) };
}

export function toRefundQuote(quote: ReturnType<typeof quoteRefund>): RefundQuoteDto {
  return {
    daysBefore: quote.daysBefore,
    rate: quote.rate,
    paidAmount: centsToEuros(quote.paidCents),
    grossAmount: centsToEuros(quote.grossCents),
    feeAmount: centsToEuros(quote.feeCents),
    refundAmount: centsToEuros(quote.refundCents),
  };
}

export function toOutboxEmail(row: OutboxRow): OutboxEmail {
  return {
    _id: row.id,
    template: row.template,
    to: row.to,
    subject: row.subject,
    text: maskSecrets(row.text),
    html: maskSecrets(row.html),
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

const status = (booking: BookingRequestRow) => booking.status as BookingStatusValue;

/** The staff detail of a booking the caller may see (any staff member sees every booking of the park). */
export async function buildStaffDetail(db: Db, booking: BookingRequestRow): Promise<StaffBookingDetail> {
  const [view, config, paymentRows, audit, emails, refundFailedAt] = await Promise.all([
    buildBookingView(db, booking),
    paymentConfigOf(db, booking.id),
    paymentsOf(db, booking.id),
    listAudit(db, booking.id),
    listOutboxAbout(db, booking.reference),
    failedRefundAt(db, booking.id),
  ]);
  const money = moneyOf(paymentRows);
  const paymentState: PaymentState = {
    status: booking.paymentStatus,
    paidAmount: centsToEuros(money.paidCents),
    refundedAmount: centsToEuros(money.refundedCents),
    payments: paymentRows.map((row) => ({
      _id: row.id,
      kind: row.kind,
      amount: centsToEuros(row.amountCents),
      status: row.status,
      provider: row.provider,
      participantId: row.participantId,
      capturedAmount: centsToEuros(row.capturedCents),
      refundedAmount: centsToEuros(row.refundedCents),
      failureMessage: row.failureMessage,
      createdAt: row.createdAt.toISOString(),
    })),
  };
  const auditTrail: AuditEntry[] = audit.map((row) => ({
    _id: row.id,
    actorType: row.actorType,
    actorId: row.actorId,
    actorName: row.actorName,
    action: row.action,
    before: row.before,
    after: row.after,
    createdAt: row.createdAt.toISOString(),
  }));
  const current = status(booking);
  const paymentConfigOpen =
    booking.clientValidation === 'validated' &&
    (current === 'draft' || (current === 'prebooked' && booking.paymentStatus === 'unpaid' && money.paidCents === 0));
  return {
    ...view,
    hiddenNotes: booking.hiddenNotes,
    eventData: booking.eventData,
    paymentStatus: booking.paymentStatus,
    cancelReason: booking.cancelReason,
    canceledAt: booking.canceledAt?.toISOString() ?? null,
    cancellationTerms: booking.cancellationTerms,
    waitingOnTeam: isWaitingOnTeam(booking),
    paymentAlerts: paymentAlertsOf({
      status: booking.status,
      dueAt: config?.dueAt ?? null,
      ...holdAlertState(paymentRows),
      refundFailedAt,
    }),
    paymentConfig: config ? toPaymentConfig(config) : null,
    paymentState,
    // Once canceled, the refund is quoted at the cancellation's day, as the refund itself is.
    refundQuote: toRefundQuote(
      quoteRefund(money.netPaidCents, todayInParis(booking.canceledAt ?? new Date()), booking.startDate, {
        terms: booking.cancellationTerms,
      }),
    ),
    emails: emails.map(toOutboxEmail),
    auditTrail,
    allowedActions: {
      validate:
        current === 'draft' && booking.clientValidation === 'validated' && booking.adminValidation === 'pending',
      paymentConfig: paymentConfigOpen,
      chequeReceived: current === 'prebooked' && config?.type === 'deposit_check',
      cancel: canMove(current, 'canceled'),
      complete: canMove(current, 'completed') && todayInParis() >= booking.startDate,
      schedule: current !== 'canceled' && current !== 'completed',
    },
  };
}

/** The durable jobs of one booking, their kind in French (a booking that does not exist is a 404). */
export async function getStaffBookingJobs(
  db: Db,
  staff: StaffSessionContext,
  bookingId: string,
): Promise<BookingJob[]> {
  const { booking } = await accessBooking(db, bookingId, staffActor(staff));
  return (await listBookingJobs(db, booking.id)).map(({ id, kind, state, ...job }) => ({
    _id: id,
    kind,
    kindLabel: BOOKING_JOB_KIND_LABELS[kind] ?? kind,
    state: state as BookingJob['state'],
    ...job,
  }));
}

export async function getStaffBooking(db: Db, staff: StaffSessionContext, bookingId: string) {
  const { booking } = await accessBooking(db, bookingId, staffActor(staff));
  return buildStaffDetail(db, booking);
}
