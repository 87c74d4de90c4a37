import { PAYMENT_STATUS_LABELS, type PaymentHistoryItem } from '../../../shared/api/payments.schema';
import { centsToEuros } from '../../../shared/money';
import { nextSteps } from '../../../shared/payment-rules';
import type { Actor } from '../bookings/booking-access';
import { accessBooking } from '../bookings/booking-access';
import { listParticipants } from '../bookings/customer-bookings.service';
import { getEstablishmentInfo } from '../establishment/establishment.service';
import { collectiveView, contractUrl, displayStatus, payableNow, paymentForDetail } from './payment-view';
import { findPaymentConfig, listCustomerContracts, listCustomerPayments } from './payments.repository';
import type { PaymentDeps } from './payment-context';
import { CONTRACTS_PREFIX } from './payment-view';

/** GET /{id}/next-steps: SPEC.md §3 next step items with SPEC.md §4's guidance, for this user. */
export async function getNextSteps(deps: PaymentDeps, actor: Actor, bookingId: string) {
  const access = await accessBooking(deps.db, bookingId, actor);
  const { booking } = access;
  const config = await findPaymentConfig(deps.db, bookingId);
  const visible = config && booking.adminValidation === 'validated' ? config : undefined;
  const participants = visible ? await listParticipants(deps.db, bookingId) : [];
  const collective = visible?.type === 'collective_payment' ? collectiveView(visible, participants) : null;
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

/** The customer's payments across the bookings they organize or joined, with the contracts. */
export async function getPaymentHistory(deps: PaymentDeps, customerId: string) {
  const rows = await listCustomerPayments(deps.db, customerId);
  const payments: PaymentHistoryItem[] = rows.map(({ payment, reference, contract }) => {
    const status = displayStatus(payment);
    return {
      _id: payment.id,
      bookingId: payment.bookingId,
      bookingRequestId: reference,
      kind: payment.kind,
      amount: centsToEuros(
        payment.status === 'completed' && payment.capturedCents > 0 ? payment.capturedCents : payment.amountCents,
      ),
      status,
      statusLabel: PAYMENT_STATUS_LABELS[status],
      createdAt: payment.createdAt.toISOString(),
      contractUrl: `${CONTRACTS_PREFIX}/${encodeURIComponent(contract ?? `contrat-${reference}.pdf`)}`,
    };
  });
  const contracts = (await listCustomerContracts(deps.db, customerId)).map((row) => ({
    bookingId: row.bookingId,
    bookingRequestId: row.reference,
    contractUrl: `${CONTRACTS_PREFIX}/${encodeURIComponent(row.contract ?? `contrat-${row.reference}.pdf`)}`,
  }));
  return { payments, contracts };
}

export { paymentForDetail };
