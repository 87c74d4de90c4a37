import { todayInParis } from '../../../shared/booking-days';
import { canMove } from '../../../shared/booking-status';
import { STATUS_MOVE_MESSAGES } from '../../../shared/booking-status';
import { STAFF_MESSAGES } from '../../../shared/api/staff-common.schema';
import type { CancellationPreview } from '../../../shared/api/group.schema';
import { centsToEuros } from '../../../shared/money';
import { CURRENT_CANCELLATION_TERMS, quoteRefund } from '../../../shared/refund-policy';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { accessBooking, bookingNotFound, type Actor } from '../bookings/booking-access.public';
import { listBookingPayments, listPayerNames, type PaymentRow } from './payments.repository';
import { prorate } from './prorate';

/**
 * The card payments a team refund gives back from, oldest first (docs/decisions.md, "Payments",
 * "Team refunds"): completed, through the provider, with money received. A payment with money
 * back already got its part in an attempt that failed further on (the only refund of a booking).
 */
export function refundablePayments(rows: PaymentRow[]): PaymentRow[] {
  return rows.filter(
    (row) =>
      row.provider !== 'manual' &&
      row.status === 'completed' &&
      row.kind !== 'refund' &&
      row.providerIntentId !== null &&
      row.capturedCents > 0,
  );
}

/**
 * GET …/cancellation-preview: what a cancellation today gives back under the booking's frozen terms
 * (the current ones for a booking never confirmed), shared pro rata between the card payments as
 * the team's refund does, and grouped by payer. The organizer and the team only: a participant or
 * a stranger gets the 404 of a booking they cannot see. Nothing changes.
 */
export async function previewCancellation(
  db: Db,
  actor: Actor,
  bookingId: string,
  options: { withFee?: boolean; parkCancels?: boolean } = {},
): Promise<CancellationPreview> {
  const { booking, role } = await accessBooking(db, bookingId, actor);
  if (role === 'participant') throw bookingNotFound();
  if (booking.status === 'canceled') throw AppError.of('ALREADY_CANCELED', STAFF_MESSAGES.alreadyCanceled);
  if (!canMove(booking.status, 'canceled')) throw AppError.of('INVALID_TRANSITION', STATUS_MOVE_MESSAGES.canceled);
  const paid = refundablePayments(await listBookingPayments(db, bookingId));
  const basis = paid.map((row) => row.capturedCents);
  const terms = booking.cancellationTerms ?? CURRENT_CANCELLATION_TERMS;
  const quote = quoteRefund(
    basis.reduce((sum, cents) => sum + cents, 0),
    todayInParis(),
    booking.startDate,
    { ...options, terms },
  );
  const parts = prorate(quote.refundCents, basis);
  const names = new Map(
    (await listPayerNames(db, [...new Set(paid.flatMap((row) => row.payerCustomerId ?? []))])).map((payer) => [
      payer.id,
      `${payer.firstName} ${payer.lastName}`.trim(),
    ]),
  );
  const payers = new Map<string, CancellationPreview['payers'][number] & { paidCents: number; refundCents: number }>();
  paid.forEach((row, index) => {
    const key = row.payerCustomerId ?? row.participantId ?? row.id;
    const payer = payers.get(key) ?? {
      name: (row.payerCustomerId && names.get(row.payerCustomerId)) || 'Payeur inconnu',
      participantId: row.participantId,
      paidAmount: 0,
      refundAmount: 0,
      paidCents: 0,
      refundCents: 0,
    };
    payer.paidCents += row.capturedCents;
    payer.refundCents += parts[index]!;
    payers.set(key, payer);
  });
  return {
    termsVersion: terms.version,
    daysBefore: quote.daysBefore,
    rate: quote.rate,
    paidAmount: centsToEuros(quote.paidCents),
    feeAmount: centsToEuros(quote.feeCents),
    refundAmount: centsToEuros(quote.refundCents),
    payers: [...payers.values()].map(({ paidCents, refundCents, ...payer }) => ({
      ...payer,
      paidAmount: centsToEuros(paidCents),
      refundAmount: centsToEuros(refundCents),
    })),
  };
}
