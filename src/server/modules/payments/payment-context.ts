import { PAYMENT_MESSAGES } from '../../../shared/api/payments.schema';
import { centsToEuros } from '../../../shared/money';
import { amountDueCents, isPaymentExpired } from '../../../shared/payment-rules';
import { AppError } from '../../app-error';
import type { ErrorCode } from '../../../shared/errors';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import { ProviderError, type PaymentProvider } from '../../providers/payments/payment-provider';
import {
  accessBooking,
  type Actor,
  type BookingAccess,
  type BookingRequestRow,
} from '../bookings/booking-access.public';
import { type ParticipantRow } from '../bookings/participant-list.public';
import {
  listShareParticipants,
  payableNow,
  paymentSectionOpen,
  takesPayments,
  type ShareParticipant,
} from './payment-view.public';
import { findPaymentByIntent, findPaymentConfig, type PaymentConfigRow, type PaymentRow } from './payments.repository';

// What the payment services share: their deps, the booking's payment context and its checks, and
// the French refusals (SPEC.md §8).

export interface PaymentDeps extends ServiceDeps {
  provider: PaymentProvider;
}

export const cannotPay = () => AppError.of('PAYMENT_NOT_ALLOWED', PAYMENT_MESSAGES.cannotPay);
export const expired = () => AppError.of('PAYMENT_EXPIRED', PAYMENT_MESSAGES.expired);
export const participantNotFound = () => AppError.of('NOT_FOUND', PAYMENT_MESSAGES.participantNotFound);
export const intentNotFound = () => AppError.of('NOT_FOUND', PAYMENT_MESSAGES.intentNotFound);

/** '150' or '150,50': the n of SPEC.md §8's 'Votre caution de n€ est déjà autorisée'. */
export function eurosText(cents: number): string {
  return new Intl.NumberFormat('fr-FR', { minimumFractionDigits: cents % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })
    .format(centsToEuros(cents))
    .replace(/\u202f|\u00a0/g, ' ');
}

export function frenchDay(day: string): string {
  return new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

const PROVIDER_ERROR_CODES: Record<ProviderError['kind'], ErrorCode> = {
  card: 'CARD_ERROR',
  not_found: 'INTENT_NOT_FOUND',
  invalid: 'INTENT_INVALID',
  unavailable: 'PROVIDER_ERROR',
};

/** Provider failures become French errors the renderer shows as they are (SPEC.md §8). */
export function providerFailure(error: unknown): never {
  if (error instanceof ProviderError) throw AppError.of(PROVIDER_ERROR_CODES[error.kind], error.message);
  throw error;
}

export interface PaymentContext {
  access: BookingAccess;
  config: PaymentConfigRow;
  participants: ShareParticipant[];
}

export async function contextOf(
  db: Db,
  actor: Actor,
  bookingId: string,
): Promise<PaymentContext & { config: PaymentConfigRow | undefined }> {
  const access = await accessBooking(db, bookingId, actor);
  const [config, participants] = await Promise.all([
    findPaymentConfig(db, bookingId),
    listShareParticipants(db, bookingId),
  ]);
  return { access, config: config as PaymentConfigRow, participants };
}

/** Refuses a payment the booking cannot take now: no config, not an option any more, or past the due date. */
export function ensurePayable({ access, config }: { access: BookingAccess; config: PaymentConfigRow | undefined }) {
  if (!config || !paymentSectionOpen(access.booking, config) || !takesPayments(access.booking)) throw cannotPay();
  if (isPaymentExpired({ status: access.booking.status, dueDate: config.dueAt.toISOString() })) throw expired();
}

/** The caller's own participant row (the organizer has one too, created with the request). */
export function ownParticipant(context: PaymentContext, actor: Actor): ParticipantRow | undefined {
  if (actor.kind !== 'customer') return undefined;
  return context.participants.find((person) => person.customerId === actor.customerId);
}

/** SPEC.md §4 'Participant may pay': collective mode, active, connected, share not paid. */
export function participantMayPay(context: PaymentContext, person: ParticipantRow, shares: Map<string, number>) {
  return (
    context.config.type === 'collective_payment' &&
    payableNow(context.access.booking, context.config) &&
    person.isActive &&
    person.hasConnected &&
    person.paymentStatus !== 'paid' &&
    shares.has(person.id)
  );
}

/** The payment row of an intent, if it belongs to this booking (else the same 404 as an unknown one). */
export async function paymentOfBooking(db: Db, bookingId: string, intentId: string): Promise<PaymentRow> {
  const payment = await findPaymentByIntent(db, intentId);
  if (!payment || payment.bookingId !== bookingId) throw intentNotFound();
  return payment;
}

/** Card payment kinds whose completed amounts count towards the quote total (deposits never do). */
export const COUNTED_KINDS: PaymentRow['kind'][] = ['full', 'partial', 'share', 'cheque', 'guarantee'];

/**
 * What a completed payment keeps towards the total: what it received, less, for the organizer's
 * guarantee, what went back to the organizer when participants paid later.
 */
export function keptCents(row: Pick<PaymentRow, 'kind' | 'capturedCents' | 'refundedCents'>): number {
  // A share's surplus given back when the split changed no longer counts (docs/decisions.md, "Group shares").
  return row.kind === 'guarantee' || row.kind === 'share' ? row.capturedCents - row.refundedCents : row.capturedCents;
}

/** Σ kept by the booking's completed counted payments, `except` one. */
export function paidTowardsTotal(rows: PaymentRow[], except?: string): number {
  return rows
    .filter((row) => row.id !== except && row.status === 'completed' && COUNTED_KINDS.includes(row.kind))
    .reduce((sum, row) => sum + keptCents(row), 0);
}

/** A guarantee charge under way: its amount is already promised to the total (docs/decisions.md, "The organizer's guarantee"). */
export function guaranteeInFlightCents(rows: PaymentRow[]): number {
  return rows
    .filter((row) => row.kind === 'guarantee' && (row.status === 'pending' || row.status === 'requires_action'))
    .reduce((sum, row) => sum + row.amountCents, 0);
}

/**
 * The smallest amount a card can be charged (Stripe's minimum for euros): a share or a payment
 * under it is refused when the intent is asked for (docs/decisions.md, "Card amounts under 0,50 €").
 */
export const MIN_CARD_CENTS = 50;
export const MIN_AMOUNT_MESSAGES = {
  share:
    'Chaque part doit être d’au moins 0,50 € pour être payée par carte : contactez notre équipe pour changer les modalités de paiement.',
  payment:
    'Le montant à payer par carte doit être d’au moins 0,50 € : contactez notre équipe pour changer les modalités de paiement.',
} as const;

/**
 * Why a card success that reaches us is not kept (docs/decisions.md, "A success that should no
 * longer be paid"): the money is given back at once, the booking does not move.
 */
export type LateReason =
  'expired' | 'bookingCanceled' | 'bookingClosed' | 'intentCanceled' | 'shareAlreadyPaid' | 'totalExceeded';

const GIVEN_BACK = {
  payment: 'ce paiement vous est remboursé intégralement',
  hold: 'l’empreinte de votre carte est libérée sans aucun débit',
} as const;

const LATE_REASONS: Record<Exclude<LateReason, 'expired'>, string> = {
  bookingCanceled: 'Cette réservation est annulée',
  bookingClosed: 'Cette réservation ne peut plus recevoir de paiement',
  intentCanceled: 'Les modalités de paiement de votre réservation ont changé',
  shareAlreadyPaid: 'Votre part est déjà réglée',
  totalExceeded: PAYMENT_MESSAGES.totalExceeded,
};

/** The customer's answer, recorded as the payment's reason: SPEC.md §8's 'Délai de paiement expiré' for a late payment. */
export function lateMessage(reason: LateReason, hold: boolean): string {
  if (reason === 'expired') return PAYMENT_MESSAGES.expired;
  return `${LATE_REASONS[reason]} : ${hold ? GIVEN_BACK.hold : GIVEN_BACK.payment}.`;
}

const LATE_CODES: Record<LateReason, ErrorCode> = {
  expired: 'PAYMENT_EXPIRED',
  bookingCanceled: 'PAYMENT_NOT_ALLOWED',
  bookingClosed: 'PAYMENT_NOT_ALLOWED',
  intentCanceled: 'PAYMENT_NOT_ALLOWED',
  shareAlreadyPaid: 'ALREADY_PAID',
  totalExceeded: 'ALREADY_PAID',
};

const LATE_BY_MESSAGE = new Map<string, LateReason>(
  (Object.keys(LATE_CODES) as LateReason[]).flatMap((reason) => [
    [lateMessage(reason, false), reason],
    [lateMessage(reason, true), reason],
  ]),
);

/** The reason a payment row was refused after its card went through, if it was (its failure message says it). */
export function lateRefusalOf(payment: Pick<PaymentRow, 'status' | 'failureMessage'>): LateReason | undefined {
  if (payment.status !== 'refunded' && payment.status !== 'canceled') return undefined;
  return payment.failureMessage ? LATE_BY_MESSAGE.get(payment.failureMessage) : undefined;
}

/** The answer to the customer whose success was refused (stripe-confirm, the test card form). */
export function lateRefusalError(payment: PaymentRow): AppError | undefined {
  const reason = lateRefusalOf(payment);
  return reason ? AppError.of(LATE_CODES[reason], payment.failureMessage!) : undefined;
}

/** The key of the refund of a refused success: one per payment, at the provider and as the refund row's key. */
export const lateRefundKey = (paymentId: string) => `late-refund:${paymentId}`;

/** Which payment kind each payment type takes by card (a cheque is never a card payment). */
const KIND_OF_TYPE: Record<PaymentConfigRow['type'], PaymentRow['kind'] | null> = {
  full_payment_organizer: 'full',
  partial_payment_card: 'partial',
  collective_payment: 'share',
  deposit_card: 'deposit',
  deposit_check: null,
};

export interface RefusalInput {
  booking: Pick<BookingRequestRow, 'status'>;
  config: PaymentConfigRow | undefined;
  /** The payment the money arrives on, as it stands before this arrival. */
  payment: PaymentRow;
  /** Every payment of the booking. */
  payments: PaymentRow[];
  participants: ShareParticipant[];
  /** What the card gave (or holds). */
  amountCents: number;
  now?: Date;
  /** A share paid after the organizer's guarantee charge (settlement 'refund'): it replaces that part of the guarantee. */
  repaysGuarantee?: PaymentRow;
}

/**
 * A card payment that went through for less than it asked (docs/decisions.md, "A payment below what
 * was due"): the money is counted as received, but it settles neither a share nor the part due now.
 */
export function isShortPayment(row: Pick<PaymentRow, 'kind' | 'status' | 'capturedCents' | 'amountCents'>): boolean {
  const card = row.kind === 'full' || row.kind === 'partial' || row.kind === 'share';
  return card && row.status === 'completed' && row.capturedCents < row.amountCents;
}

/**
 * Whether money arriving on `payment` may be kept: not past the due date, on a live booking, on an
 * intent still open that fits the current payment config, for a share not yet paid, and within
 * the booking's total (Σ paid never exceeds it). Checked with the booking row locked.
 */
export function refusalOf(input: RefusalInput): LateReason | null {
  const { booking, config, payment } = input;
  // The guarantee is charged at the due date itself (docs/decisions.md, "The organizer's guarantee").
  const guarantee = payment.kind === 'guarantee';
  const dueDate = config?.dueAt.toISOString() ?? null;
  if (config && !guarantee && isPaymentExpired({ status: booking.status, dueDate, now: input.now })) {
    return 'expired';
  }
  if (booking.status === 'canceled') return 'bookingCanceled';
  if (booking.status !== 'prebooked' && booking.status !== 'confirmed') return 'bookingClosed';
  const kindFits =
    config && (guarantee ? config.type === 'collective_payment' : KIND_OF_TYPE[config.type] === payment.kind);
  if (payment.status === 'canceled' || !config || !kindFits) return 'intentCanceled';
  if (payment.kind !== 'share' && !guarantee && payment.amountCents !== amountDueCents(config)) return 'intentCanceled';
  if (payment.kind === 'share') {
    const person = input.participants.find((row) => row.id === payment.participantId);
    // A guest of honour owes nothing (docs/decisions.md, "Group shares").
    if (!person?.isActive || person.guestOfHonour || person.droppedFromSplit) return 'intentCanceled';
    if (person.paymentStatus === 'paid') return 'shareAlreadyPaid';
  }
  if (COUNTED_KINDS.includes(payment.kind)) {
    // What a participant who left paid is theirs, less the fee withheld: not the group's (docs/decisions.md, "Group shares").
    const left = new Set(input.participants.filter((row) => !row.isActive).map((row) => row.id));
    const others = input.payments.filter((row) => row.id !== payment.id && !left.has(row.participantId ?? ''));
    const swapped = payment.kind === 'share' && input.repaysGuarantee ? input.amountCents : 0;
    const paidCents = paidTowardsTotal(others) + guaranteeInFlightCents(others) - swapped;
    if (paidCents + input.amountCents > config.totalCents) return 'totalExceeded';
  }
  return null;
}

export const INTENT_CANCELED_BEFORE_CHARGE =
  'Ce paiement a été annulé, les modalités de paiement de votre réservation ont changé : fermez cette fenêtre et relancez le paiement.';

/** The refusal before any charge (the test card form): nothing was taken, so nothing is given back. */
export function refusalBeforeCharge(reason: LateReason): AppError {
  switch (reason) {
    case 'expired':
      return expired();
    case 'bookingCanceled':
    case 'bookingClosed':
      return cannotPay();
    case 'intentCanceled':
      return AppError.of('PAYMENT_NOT_ALLOWED', INTENT_CANCELED_BEFORE_CHARGE);
    case 'shareAlreadyPaid':
      return AppError.of('ALREADY_PAID', PAYMENT_MESSAGES.alreadyPaid);
    case 'totalExceeded':
      return AppError.of('ALREADY_PAID', PAYMENT_MESSAGES.totalExceeded);
  }
}
