import type { PaymentOutcome } from '../../../shared/api/payments.schema';
import { PAYMENT_MESSAGES } from '../../../shared/api/payments.schema';
import { AppError } from '../../app-error';
import type { ProviderIntent } from '../../providers/payments/payment-provider';
import { accessBooking, type Actor } from '../bookings/booking-access.public';
import { applyIntentState, giveBackRefused } from './payment-effects';
import {
  contextOf,
  ensurePayable,
  intentNotFound,
  lateRefusalError,
  paymentOfBooking,
  providerFailure,
  refusalBeforeCharge,
  refusalOf,
  type PaymentDeps,
} from './payment-context';
import { findPaymentByIntent, listBookingPayments } from './payments.repository';

function outcomeOf(
  intent: ProviderIntent,
  booking: { paymentStatus: PaymentOutcome['paymentStatus']; status: PaymentOutcome['bookingStatus'] },
): PaymentOutcome {
  return {
    intentId: intent.id,
    intentStatus: intent.status,
    paymentStatus: booking.paymentStatus,
    bookingStatus: booking.status,
  };
}

/**
 * POST /{id}/booking-payment/stripe-confirm: the client says the card step is over; the server asks
 * the provider (the source of truth) and applies what it answers, exactly as the webhook would.
 */
export async function confirmIntent(deps: PaymentDeps, actor: Actor, bookingId: string, intentId: string) {
  await accessBooking(deps.db, bookingId, actor);
  const payment = await paymentOfBooking(deps.db, bookingId, intentId);
  // Another member's payment is theirs to confirm: as on the test card form, it is not found.
  if (actor.kind === 'customer' && payment.payerCustomerId !== actor.customerId) throw intentNotFound();
  let intent: ProviderIntent;
  try {
    intent = await deps.provider.retrieveIntent(intentId);
  } catch (error) {
    return providerFailure(error);
  }
  const accepted = payment.kind === 'deposit' ? ['requires_capture', 'succeeded'] : ['succeeded'];
  if (!accepted.includes(intent.status)) {
    const message =
      payment.kind === 'deposit'
        ? PAYMENT_MESSAGES.unexpectedAuthorization(intent.status)
        : PAYMENT_MESSAGES.unexpectedPayment(intent.status);
    throw AppError.of('UNEXPECTED_INTENT_STATUS', message);
  }
  // A refused success is given back there (the provider is in deps), and answered here.
  await applyIntentState(deps, intent);
  await refuseIfRefused(deps, intent, false);
  const { access } = await contextOf(deps.db, actor, bookingId);
  return {
    outcome: outcomeOf(intent, access.booking),
    message: payment.kind === 'deposit' ? 'Caution autorisée' : 'Paiement confirmé',
  };
}

/** Test provider only: the built-in card form's submission (see README 'Paiements en mode test'). */
export async function submitTestCard(
  deps: PaymentDeps,
  actor: Actor,
  bookingId: string,
  body: { intentId: string; cardNumber: string; authentication?: 'approve' | 'refuse' },
) {
  const provider = deps.provider;
  if (provider.mode !== 'test' || !('submitCard' in provider)) {
    throw AppError.of('TEST_MODE_ONLY', PAYMENT_MESSAGES.testModeOnly);
  }
  // The caller may see the booking (another's is a 404) before its payment is looked at.
  const context = await contextOf(deps.db, actor, bookingId);
  const payment = await paymentOfBooking(deps.db, bookingId, body.intentId);
  if (actor.kind !== 'customer' || payment.payerCustomerId !== actor.customerId) throw intentNotFound();
  if (['pending', 'requires_action', 'failed', 'canceled'].includes(payment.status)) {
    await refuseBeforeCharge(deps, bookingId, context, payment);
  }
  const submit = (
    provider as unknown as {
      submitCard: (
        id: string,
        card: string,
        auth?: 'approve' | 'refuse',
      ) => Promise<{ intent: ProviderIntent; error: string | null }>;
    }
  ).submitCard.bind(provider);
  const { intent, error } = await submit(body.intentId, body.cardNumber, body.authentication);
  if (error) throw AppError.of('CARD_ERROR', error);
  // Canceled between the check above and the card (a new split, a guest of honour): nothing was
  // taken, and the customer is told why, as Stripe refuses to confirm a canceled intent.
  if (intent.status === 'canceled') {
    const now = await contextOf(deps.db, actor, bookingId);
    await refuseBeforeCharge(deps, bookingId, now, await paymentOfBooking(deps.db, bookingId, body.intentId));
  }
  // The provider's event was applied on its way (without the provider at hand): a refused success
  // is given back here.
  await refuseIfRefused(deps, intent, true);
  return { intentId: intent.id, status: intent.status, error: null };
}

/**
 * Refused before any charge: a booking that cannot pay, or an intent that should no longer be paid
 * (canceled here, no longer the config's, a share already paid, the total reached).
 */
async function refuseBeforeCharge(
  deps: PaymentDeps,
  bookingId: string,
  context: Awaited<ReturnType<typeof contextOf>>,
  payment: Awaited<ReturnType<typeof paymentOfBooking>>,
): Promise<void> {
  ensurePayable(context);
  const reason = refusalOf({
    booking: context.access.booking,
    config: context.config,
    payment,
    payments: await listBookingPayments(deps.db, bookingId),
    participants: context.participants,
    amountCents: payment.amountCents,
  });
  if (reason) throw refusalBeforeCharge(reason);
}

/**
 * After a success was applied: when it was refused (payment-effects.ts, `refusalOf`), its money is
 * given back if `giveBack` (unless another caller did) and the customer is answered with the
 * reason. A provider failure of the refund is logged; the refund row stays to be claimed again
 * (the webhook's next delivery, another confirmation).
 */
async function refuseIfRefused(deps: PaymentDeps, intent: ProviderIntent, giveBack: boolean): Promise<void> {
  if (giveBack) {
    try {
      await giveBackRefused(deps, intent);
    } catch (error) {
      deps.log.error({ err: error, intentId: intent.id }, 'paiement refusé non remboursé');
    }
  }
  const payment = await findPaymentByIntent(deps.db, intent.id);
  const refusal = payment && lateRefusalError(payment);
  if (refusal) throw refusal;
}
