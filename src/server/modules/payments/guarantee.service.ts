import { DEPOSIT_CARD_MESSAGES } from '../../../shared/api/deposit-card.schema';
import { GUARANTEE_CONSENT, GUARANTEE_MESSAGES, type GuaranteeSettlement } from '../../../shared/api/guarantee.schema';
import { PAYMENT_MESSAGES } from '../../../shared/api/payments.schema';
import { AppError } from '../../app-error';
import { inTransaction } from '../../db/transaction';
import { customerActor, recordAudit } from '../audit/audit.service';
import type { Actor } from '../bookings/booking-access.public';
import { findDepositCard, saveDepositCard } from './deposit-cards.repository';
import { scheduleGuaranteeCharge } from './guarantee-charge';
import { contextOf, ensurePayable, type PaymentDeps } from './payment-context';
import { confirmedPaymentMethod, openCardSetup } from './saved-cards';

/*
 * The organizer's guarantee of a collective payment (docs/decisions.md, "The organizer's guarantee"):
 * the card is saved with the deposit card's machinery (a SetupIntent, usage off_session, only the
 * provider's ids kept), never charged here; the charge at the due date is a job.
 */

async function organizerContext(deps: PaymentDeps, actor: Actor, bookingId: string) {
  const context = await contextOf(deps.db, actor, bookingId);
  if (context.access.role !== 'organizer') throw AppError.of('FORBIDDEN', PAYMENT_MESSAGES.cannotPay);
  if (!context.config || context.config.type !== 'collective_payment') {
    throw AppError.of('PAYMENT_NOT_ALLOWED', GUARANTEE_MESSAGES.notCollective);
  }
  ensurePayable(context);
  const savedCards = deps.provider.savedCards;
  if (!savedCards) throw AppError.of('DEPOSIT_CARD_UNAVAILABLE', DEPOSIT_CARD_MESSAGES.unavailable);
  return { context, savedCards, config: context.config };
}

/** POST /{id}/booking-payment/guarantee-setup: the SetupIntent to confirm (the same one on a retry). */
export async function startGuaranteeSetup(
  deps: PaymentDeps,
  actor: Actor,
  bookingId: string,
  settlement: GuaranteeSettlement,
) {
  const { context, savedCards } = await organizerContext(deps, actor, bookingId);
  const { booking } = context.access;
  const { setup, row } = await openCardSetup(deps.db, savedCards, bookingId, {
    idempotencyKey: `guarantee-setup:${bookingId}`,
    description: `Garantie – réservation ${booking.reference}`,
    metadata: { bookingId, reference: booking.reference, kind: 'guarantee' },
    settlement,
  });
  return {
    client_secret: setup.clientSecret,
    setupIntentId: row.setupIntentId,
    consent: GUARANTEE_CONSENT,
    saved: Boolean(row.paymentMethodId),
    settlement: row.guaranteeSettlement ?? settlement,
  };
}

/** POST /{id}/booking-payment/guarantee-saved: the setup confirmed, the charge at the due date planned. */
export async function confirmGuarantee(deps: PaymentDeps, actor: Actor, bookingId: string, setupIntentId: string) {
  const { context, savedCards, config } = await organizerContext(deps, actor, bookingId);
  const known = await findDepositCard(deps.db, bookingId);
  if (known?.setupIntentId !== setupIntentId || !known.guaranteeSettlement) {
    throw AppError.of('NOT_FOUND', DEPOSIT_CARD_MESSAGES.setupNotFound);
  }
  const settlement = known.guaranteeSettlement;
  const answer = {
    message: GUARANTEE_MESSAGES.saved,
    data: { saved: true as const, chargeAt: config.dueAt.toISOString(), settlement },
  };
  if (known.paymentMethodId) return answer;
  const paymentMethodId = await confirmedPaymentMethod(savedCards, setupIntentId);
  await inTransaction(deps.db, async (tx) => {
    if (!(await saveDepositCard(tx, bookingId, setupIntentId, paymentMethodId))) return;
    await scheduleGuaranteeCharge(tx, bookingId, config.dueAt);
    await recordAudit(tx, {
      ...(await customerActor(tx, context.access.booking.customerId!)),
      bookingId,
      action: 'guarantee_saved',
      before: null,
      after: { settlement, chargeAt: config.dueAt.toISOString() },
    });
  });
  return answer;
}
