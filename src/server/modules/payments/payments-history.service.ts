import { PAYMENT_STATUS_LABELS, type PaymentHistoryItem } from '../../../shared/api/payments.schema';
import { centsToEuros } from '../../../shared/money';
import { nextSteps } from '../../../shared/payment-rules';
import type { Actor } from '../bookings/booking-access.public';
import { accessBooking } from '../bookings/booking-access.public';
import { getEstablishmentInfo } from '../establishment/establishment.service';
import {
  collectiveView,
  contractUrl,
  displayStatus,
  payableNow,
  paymentForDetail,
  listShareParticipants,
} from './payment-view.public';
import {
  findPaymentConfig,
  listCustomerContracts,
  listCustomerPayments,
  listRefundRows,
  type PaymentRow,
} from './payments.repository';
import { lateRefundKey, lateRefusalOf, type PaymentDeps } from './payment-context';
import { CONTRACTS_PREFIX } from './payment-view.public';

/** GET /{id}/next-steps: SPEC.md §3 next step items with SPEC.md §4's guidance, for this user. */
export async function getNextSteps(deps: PaymentDeps, actor: Actor, bookingId: string) {
  const access = await accessBooking(deps.db, bookingId, actor);
  const { booking } = access;
  const config = await findPaymentConfig(deps.db, bookingId);
  const visible = config && booking.adminValidation === 'validated' ? config : undefined;
  const participants = visible ? await listShareParticipants(deps.db, bookingId) : [];
  const collective = visible?.type === 'collective_payment' ? collectiveView(visible, participants, access) : null;
  const own =
    actor.kind === 'customer' ? participants.find((person) => person.customerId === actor.customerId) : undefined;
  const canPayNow =
    Boolean(visible) &&
    payableNow(booking, visible) &&
    visible!.type !== 'deposit_check' &&
    (visible!.type === 'collective_payment' ? own?.paymentStatus !== 'paid' : access.role === 'organizer');
  const info = await getEstablishmentInfo(deps.db);
  const steps = nextSteps(
    {
      status: booking.status,
      paymentStatus: booking.paymentStatus,
      hasConfig: Boolean(visible),
      dueDate: visible?.dueAt.toISOString() ?? null,
      authorizationCanceled: visible?.authorizationCanceled ?? false,
      collectiveComplete: collective?.isComplete ?? false,
      canPayNow,
    },
    booking.id,
    info.email,
  );
  return steps.map((step) =>
    step.action === 'download_contract' && visible ? { ...step, actionUrl: contractUrl(booking, visible) } : step,
  );
}

/**
 * A payment of which part was given back (SPEC.md §3 names 'Remboursé' only; docs/decisions.md,
 * "Refunds in the customer's history").
 */
export const PARTLY_REFUNDED_LABEL = 'Remboursé en partie';

/** How a payment (never a refund row) reads in the history: 'Remboursé en partie' once part of it went back. */
function paymentStatusOf(payment: PaymentRow): { status: PaymentHistoryItem['status']; statusLabel: string } {
  if (payment.status === 'completed' && payment.refundedCents > 0 && payment.refundedCents < payment.capturedCents) {
    return { status: 'refunded', statusLabel: PARTLY_REFUNDED_LABEL };
  }
  const status = displayStatus(payment);
  return { status, statusLabel: PAYMENT_STATUS_LABELS[status] };
}

/**
 * What went back of one payment, as its own line, for its payer (and the organizer): a refund row
 * may span several people's payments (staff refund a booking) and names no payer, so the line is
 * derived from the refunded payment. A refused success's refund not yet confirmed by the provider
 * is 'En attente'. Dated by the refund row of that payment (a refused success's) or the booking's.
 */
function refundLineOf(payment: PaymentRow, refunds: PaymentRow[]) {
  const late = lateRefusalOf(payment) !== undefined && payment.status === 'refunded';
  if (!late && payment.refundedCents <= 0) return undefined;
  const ownRefund = refunds.find((row) => row.idempotencyKey === lateRefundKey(payment.id));
  const bookingRefund = refunds.filter((row) => !row.idempotencyKey.startsWith('late-refund:')).at(-1);
  const done = !late || payment.refundedCents >= payment.capturedCents;
  const status = done ? ('refunded' as const) : ('pending' as const);
  return {
    _id: `${payment.id}:refund`,
    kind: 'refund' as const,
    amount: centsToEuros(late ? payment.capturedCents : payment.refundedCents),
    status,
    statusLabel: PAYMENT_STATUS_LABELS[status],
    createdAt: ((late ? ownRefund : bookingRefund)?.createdAt ?? payment.updatedAt).toISOString(),
  };
}

/**
 * The customer's payments across the bookings they organize or joined, with the contracts: each
 * payment with its status, and what was refunded of it as a refund line (SPEC.md §3's labels).
 */
export async function getPaymentHistory(deps: PaymentDeps, customerId: string) {
  const rows = (await listCustomerPayments(deps.db, customerId)).filter(({ payment }) => payment.kind !== 'refund');
  const refundRows = await listRefundRows(deps.db, [...new Set(rows.map(({ payment }) => payment.bookingId))]);
  const payments: PaymentHistoryItem[] = rows.flatMap(({ payment, reference, contract }) => {
    const common = {
      bookingId: payment.bookingId,
      bookingRequestId: reference,
      contractUrl: `${CONTRACTS_PREFIX}/${encodeURIComponent(contract ?? `contrat-${reference}.pdf`)}`,
    };
    const taken = (payment.status === 'completed' || payment.status === 'refunded') && payment.capturedCents > 0;
    const line: PaymentHistoryItem = {
      ...common,
      _id: payment.id,
      kind: payment.kind,
      amount: centsToEuros(taken ? payment.capturedCents : payment.amountCents),
      ...paymentStatusOf(payment),
      createdAt: payment.createdAt.toISOString(),
    };
    const refund = refundLineOf(
      payment,
      refundRows.filter((row) => row.bookingId === payment.bookingId),
    );
    return refund ? [{ ...common, ...refund }, line] : [line];
  });
  payments.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const contracts = (await listCustomerContracts(deps.db, customerId)).map((row) => ({
    bookingId: row.bookingId,
    bookingRequestId: row.reference,
    contractUrl: `${CONTRACTS_PREFIX}/${encodeURIComponent(row.contract ?? `contrat-${row.reference}.pdf`)}`,
  }));
  return { payments, contracts };
}

export { paymentForDetail };
