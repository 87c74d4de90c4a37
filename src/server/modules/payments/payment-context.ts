import { PAYMENT_MESSAGES } from '../../../shared/api/payments.schema';
import { centsToEuros } from '../../../shared/money';
import { isPaymentExpired } from '../../../shared/payment-rules';
import { AppError } from '../../app-error';
import type { ErrorCode } from '../../../shared/errors';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import { ProviderError, type PaymentProvider } from '../../providers/payments/payment-provider';
import { accessBooking, type Actor, type BookingAccess } from '../bookings/booking-access';
import { listParticipants, type ParticipantRow } from '../bookings/customer-bookings.service';
import { payableNow, paymentSectionOpen } from './payment-view';
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
  participants: ParticipantRow[];
}

export async function contextOf(
  db: Db,
  actor: Actor,
  bookingId: string,
): Promise<PaymentContext & { config: PaymentConfigRow | undefined }> {
  const access = await accessBooking(db, bookingId, actor);
  const [config, participants] = await Promise.all([findPaymentConfig(db, bookingId), listParticipants(db, bookingId)]);
  return { access, config: config as PaymentConfigRow, participants };
}

/** Refuses a payment the booking cannot take now: no config, not an option any more, or past the due date. */
export function ensurePayable({ access, config }: { access: BookingAccess; config: PaymentConfigRow | undefined }) {
  if (!config || !paymentSectionOpen(access.booking, config) || access.booking.status !== 'prebooked')
    throw cannotPay();
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
