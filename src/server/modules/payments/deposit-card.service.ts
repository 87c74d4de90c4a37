import { DEPOSIT_CARD_CONSENT, DEPOSIT_CARD_MESSAGES } from '../../../shared/api/deposit-card.schema';
import { PAYMENT_MESSAGES } from '../../../shared/api/payments.schema';
import { depositAvailableFrom } from '../../../shared/payment-rules';
import { AppError } from '../../app-error';
import { inTransaction } from '../../db/transaction';
import type { Actor } from '../bookings/booking-access.public';
import { contextOf, ensurePayable, type PaymentDeps } from './payment-context';
import { scheduleHoldPlacement } from './deposit-holds';
import { findDepositCard, saveDepositCard } from './deposit-cards.repository';
import { confirmedPaymentMethod, openCardSetup } from './saved-cards';

/*
 * The organizer saves the card for the deposit hold (docs/decisions.md, "Card holds"): a SetupIntent
 * with usage off_session, confirmed in Stripe.js under the consent text; the product keeps only the
 * provider's customer and payment method ids, and the hold is then placed by a job.
 */

async function organizerContext(deps: PaymentDeps, actor: Actor, bookingId: string) {
  const context = await contextOf(deps.db, actor, bookingId);
  if (context.access.role !== 'organizer') throw AppError.of('FORBIDDEN', PAYMENT_MESSAGES.cannotPay);
  if (
    !context.config ||
    context.config.type !== 'deposit_card' ||
    context.access.booking.adminValidation !== 'validated'
  ) {
    throw AppError.of('DEPOSIT_NOT_CONFIGURED', PAYMENT_MESSAGES.depositNotConfigured);
  }
  ensurePayable(context);
  const savedCards = deps.provider.savedCards;
  if (!savedCards) throw AppError.of('DEPOSIT_CARD_UNAVAILABLE', DEPOSIT_CARD_MESSAGES.unavailable);
  return { context, savedCards };
}

/** POST /{id}/booking-payment/deposit-card-setup: the SetupIntent to confirm (the same one on a retry). */
export async function startDepositCardSetup(deps: PaymentDeps, actor: Actor, bookingId: string) {
  const { context, savedCards } = await organizerContext(deps, actor, bookingId);
  const { booking } = context.access;
  const { setup, row } = await openCardSetup(deps.db, savedCards, bookingId, {
    idempotencyKey: `card-setup:${bookingId}`,
    description: `Caution – réservation ${booking.reference}`,
    metadata: { bookingId, reference: booking.reference },
  });
  return {
    client_secret: setup.clientSecret,
    setupIntentId: row.setupIntentId,
    consent: DEPOSIT_CARD_CONSENT,
    saved: Boolean(row.paymentMethodId),
  };
}

/** POST /{id}/booking-payment/deposit-card-saved: the setup confirmed, the hold's placement planned. */
export async function confirmDepositCard(deps: PaymentDeps, actor: Actor, bookingId: string, setupIntentId: string) {
  const { context, savedCards } = await organizerContext(deps, actor, bookingId);
  const known = await findDepositCard(deps.db, bookingId);
  if (known?.setupIntentId !== setupIntentId) {
    throw AppError.of('NOT_FOUND', DEPOSIT_CARD_MESSAGES.setupNotFound);
  }
  const holdFrom = depositAvailableFrom(context.access.booking.startDate);
  const answer = { message: DEPOSIT_CARD_MESSAGES.saved, data: { saved: true as const, holdFrom } };
  if (known.paymentMethodId) return answer;
  const paymentMethodId = await confirmedPaymentMethod(savedCards, setupIntentId);
  await inTransaction(deps.db, async (tx) => {
    if (await saveDepositCard(tx, bookingId, setupIntentId, paymentMethodId)) {
      await scheduleHoldPlacement(tx, bookingId, context.access.booking.startDate);
    }
  });
  return answer;
}
