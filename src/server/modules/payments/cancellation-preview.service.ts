import { todayInParis } from '../../../shared/booking-days';
import { canMove } from '../../../shared/booking-status';
import { STATUS_MOVE_MESSAGES } from '../../../shared/booking-status';
import { STAFF_MESSAGES } from '../../../shared/api/staff-common.schema';
import type { CancellationPreview } from '../../../shared/api/group.schema';
import { centsToEuros } from '../../../shared/money';
import { CURRENT_CANCELLATION_TERMS, quoteRefund, type RefundQuote } from '../../../shared/refund-policy';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { accessBooking, bookingNotFound, type Actor, type BookingRequestRow } from '../bookings/booking-access.public';
import { listParticipants } from '../bookings/participant-list.public';
import { listBookingPayments, listPayerNames, type PaymentRow } from './payments.repository';
import { prorate } from './prorate';
import { heldCents } from './share-surplus';

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

/** The card payments that still hold money for their payer (what a cancellation gives back from), oldest first. */
function heldPayments(rows: PaymentRow[]): PaymentRow[] {
  return rows.filter(
    (row) =>
      row.provider !== 'manual' &&
      (row.status === 'completed' || row.status === 'refunded') &&
      row.kind !== 'refund' &&
      row.providerIntentId !== null &&
      heldCents(row) > 0,
  );
}

/** One payment's part of a cancellation's refund. */
export interface CancellationPart {
  payment: PaymentRow;
  cents: number;
}

export interface CancellationPlan {
  quote: RefundQuote;
  termsVersion: string;
  /** Per card payment, pro rata of what each still holds, to the cent (a part may be 0). */
  parts: CancellationPart[];
  /** A cheque the team received: never through the provider, the team settles it by hand. */
  otherwiseCents: number;
  view: CancellationPreview;
}

/**
 * What a cancellation today gives back (docs/decisions.md, "Payments", "Cancellation by the
 * organizer"): the booking's frozen terms (the current ones for a booking never confirmed) applied
 * to what its card payments still hold, shared pro rata between them, and grouped by payer for the
 * preview. The organizer's cancellation refunds exactly these parts.
 */
export async function planCancellation(
  db: Db,
  booking: BookingRequestRow,
  options: { withFee?: boolean; parkCancels?: boolean } = {},
): Promise<CancellationPlan> {
  const [rows, people] = await Promise.all([listBookingPayments(db, booking.id), listParticipants(db, booking.id)]);
  // A participant who left (no longer an active row) got their refund then: what the park kept of
  // it is not given back twice.
  const active = new Set(people.map((person) => person.id));
  const paid = heldPayments(rows).filter((row) => row.participantId === null || active.has(row.participantId));
  const basis = paid.map(heldCents);
  const terms = booking.cancellationTerms ?? CURRENT_CANCELLATION_TERMS;
  const quote = quoteRefund(
    basis.reduce((sum, cents) => sum + cents, 0),
    todayInParis(),
    booking.startDate,
    { ...options, terms },
  );
  const shares = prorate(quote.refundCents, basis);
  const parts = paid.map((payment, index) => ({ payment, cents: shares[index]! }));
  const otherwiseCents = rows
    .filter((row) => row.provider === 'manual' && row.status === 'completed' && row.kind !== 'refund')
    .reduce((sum, row) => sum + row.amountCents - row.refundedCents, 0);
  const names = new Map(
    (await listPayerNames(db, [...new Set(paid.flatMap((row) => row.payerCustomerId ?? []))])).map((payer) => [
      payer.id,
      `${payer.firstName} ${payer.lastName}`.trim(),
    ]),
  );
  const payers = new Map<string, CancellationPreview['payers'][number] & { paidCents: number; refundCents: number }>();
  for (const { payment, cents } of parts) {
    const key = payment.payerCustomerId ?? payment.participantId ?? payment.id;
    const payer = payers.get(key) ?? {
      name: (payment.payerCustomerId && names.get(payment.payerCustomerId)) || 'Payeur inconnu',
      participantId: payment.participantId,
      paidAmount: 0,
      refundAmount: 0,
      paidCents: 0,
      refundCents: 0,
    };
    payer.paidCents += heldCents(payment);
    payer.refundCents += cents;
    payers.set(key, payer);
  }
  return {
    quote,
    termsVersion: terms.version,
    parts,
    otherwiseCents,
    view: {
      termsVersion: terms.version,
      daysBefore: quote.daysBefore,
      rate: quote.rate,
      paidAmount: centsToEuros(quote.paidCents),
      feeAmount: centsToEuros(quote.feeCents),
      refundAmount: centsToEuros(quote.refundCents),
      otherwisePaidAmount: centsToEuros(otherwiseCents),
      payers: [...payers.values()].map(({ paidCents, refundCents, ...payer }) => ({
        ...payer,
        paidAmount: centsToEuros(paidCents),
        refundAmount: centsToEuros(refundCents),
      })),
    },
  };
}

/** Refuses a booking already canceled, or one its status does not let be canceled. */
export function requireCancelable(booking: BookingRequestRow) {
  if (booking.status === 'canceled') throw AppError.of('ALREADY_CANCELED', STAFF_MESSAGES.alreadyCanceled);
  if (!canMove(booking.status, 'canceled')) throw AppError.of('INVALID_TRANSITION', STATUS_MOVE_MESSAGES.canceled);
}

/**
 * GET …/cancellation-preview: what a cancellation today gives back, to each payer. The organizer
 * and the team only: a participant or a stranger gets the 404 of a booking they cannot see.
 * Nothing changes.
 */
export async function previewCancellation(
  db: Db,
  actor: Actor,
  bookingId: string,
  options: { withFee?: boolean; parkCancels?: boolean } = {},
): Promise<CancellationPreview> {
  const { booking, role } = await accessBooking(db, bookingId, actor);
  if (role === 'participant') throw bookingNotFound();
  requireCancelable(booking);
  return (await planCancellation(db, booking, options)).view;
}
