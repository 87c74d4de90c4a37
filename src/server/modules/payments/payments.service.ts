import { PAYMENT_MESSAGES, type PaymentIntentView } from '../../../shared/api/payments.schema';
import { todayInParis } from '../../../shared/booking-days';
import { centsToEuros } from '../../../shared/money';
import { amountDueCents, depositAvailableFrom } from '../../../shared/payment-rules';
import { isUuid } from '../../../shared/validation';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import { ProviderError, type PaymentProvider, type ProviderIntent } from '../../providers/payments/payment-provider';
import type { Actor, BookingRequestRow } from '../bookings/booking-access.public';
import type { ParticipantRow } from '../bookings/participant-list.public';
import { ladderStepAt } from './deadline-ladder';
import { findDepositCard } from './deposit-cards.repository';
import {
  cannotPay,
  contextOf,
  ensurePayable,
  eurosText,
  frenchDay,
  lateRefusalOf,
  MIN_AMOUNT_MESSAGES,
  MIN_CARD_CENTS,
  ownParticipant,
  participantMayPay,
  participantNotFound,
  providerFailure,
  type PaymentContext,
  type PaymentDeps,
} from './payment-context';
import { collectiveView, configView, owedOf, paidOf, payableNow, sharesOf } from './payment-view.public';
import { repaysAfterGuarantee } from './guarantee-repay';
import {
  claimPayment,
  findPaymentByKey,
  listBookingPayments,
  movePayment,
  setPaymentIntent,
  type PaymentConfigRow,
  type PaymentRow,
} from './payments.repository';

// The customer's payment calls (SPEC.md §7 'Payments'). The confirmation and the deposit calls
// live beside this file and are re-exported here, where the routes find every call.
export { confirmIntent, submitTestCard } from './payment-confirm';
export { eurosText, providerFailure, type PaymentDeps } from './payment-context';
export { completeDepositAuthorization, getDepositStatus } from './payments-deposit.service';

export async function getCollectiveStatus(deps: PaymentDeps, actor: Actor, bookingId: string) {
  const context = await contextOf(deps.db, actor, bookingId);
  if (!context.config || context.access.booking.adminValidation !== 'validated') throw cannotPay();
  const view = collectiveView(context.config, context.participants, context.access);
  if (context.access.role === 'participant' || context.config.type !== 'collective_payment') return view;
  return {
    ...view,
    guarantee: await guaranteeView(deps, context.access.booking, context.config, context.participants),
  };
}

/** The organizer's guarantee and due-date choice (docs/decisions.md, "The organizer's guarantee"). */
async function guaranteeView(
  deps: PaymentDeps,
  booking: BookingRequestRow,
  config: PaymentConfigRow,
  participants: ParticipantRow[],
  now = new Date(),
) {
  const card = await findDepositCard(deps.db, booking.id);
  const shares = sharesOf(config, participants);
  const unpaidCents = participants
    .filter((person) => shares.has(person.id) && person.paymentStatus !== 'paid')
    .reduce((sum, person) => sum + shares.get(person.id)!, 0);
  const payable = payableNow(booking, config, now);
  const choiceFrom = ladderStepAt(config.dueAt, 'd2');
  return {
    available: Boolean(deps.provider?.savedCards) && payable,
    saved: Boolean(card?.paymentMethodId && card.guaranteeSettlement),
    settlement: card?.guaranteeSettlement ?? null,
    chargeAt: config.dueAt.toISOString(),
    dueChoice: {
      open: payable && !config.dueChoice && unpaidCents > 0 && now.getTime() >= choiceFrom.getTime(),
      madeChoice: config.dueChoice ?? null,
      unpaidAmount: centsToEuros(unpaidCents),
    },
  };
}

export async function getParticipantPaymentStatus(
  deps: PaymentDeps,
  actor: Actor,
  bookingId: string,
  participantId: string,
) {
  const context = await contextOf(deps.db, actor, bookingId);
  // An id that names nobody of this booking is a 404 before anything is said of the payment.
  const person = isUuid(participantId) ? context.participants.find((row) => row.id === participantId) : undefined;
  if (!person) throw participantNotFound();
  if (!context.config || context.access.booking.adminValidation !== 'validated') throw cannotPay();
  const shares =
    context.config.type === 'collective_payment' ? sharesOf(context.config, context.participants) : new Map();
  const own = ownParticipant(context, actor)?.id === person.id;
  return {
    canPay: own && participantMayPay(context, person, shares),
    amount: centsToEuros(person.paymentStatus === 'paid' ? paidOf(person, shares) : owedOf(person, shares)),
    status:
      person.paymentStatus === 'paid'
        ? ('paid' as const)
        : shares.has(person.id)
          ? ('pending' as const)
          : ('not_required' as const),
    paidAt: person.paidAt?.toISOString() ?? null,
  };
}

interface IntentPlan {
  kind: PaymentRow['kind'];
  amountCents: number;
  captureMethod: 'automatic' | 'manual';
  participantId: string | null;
  baseKey: string;
}

/**
 * One payments row per business intent, claimed with INSERT … ON CONFLICT DO NOTHING on its key:
 * concurrent calls for the same share or the same payment all end on the same row and intent. A
 * canceled attempt (released hold, abandoned intent) gives way to a new one.
 */
async function claimIntentRow(
  db: Db,
  bookingId: string,
  payerCustomerId: string | null,
  provider: PaymentProvider,
  plan: IntentPlan,
) {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const key = attempt === 0 ? plan.baseKey : `${plan.baseKey}:${attempt}`;
    const claimed = await claimPayment(db, {
      bookingId,
      participantId: plan.participantId,
      payerCustomerId,
      kind: plan.kind,
      amountCents: plan.amountCents,
      status: 'pending',
      provider: provider.mode,
      idempotencyKey: key,
    });
    if (claimed) return claimed;
    const existing = await findPaymentByKey(db, key);
    // A canceled attempt, or one whose success was refused and given back, leaves room for a new one.
    if (existing && existing.status !== 'canceled' && !lateRefusalOf(existing)) return existing;
  }
  throw AppError.of('PAYMENT_ATTEMPTS', PAYMENT_MESSAGES.createPayment);
}

async function openIntent(
  deps: PaymentDeps,
  context: PaymentContext,
  actor: Actor,
  plan: IntentPlan,
  retried = false,
): Promise<PaymentIntentView> {
  const { booking } = context.access;
  if (plan.amountCents < MIN_CARD_CENTS) throw AppError.of('PAYMENT_NOT_ALLOWED', MIN_AMOUNT_MESSAGES.payment);
  const row = await claimIntentRow(
    deps.db,
    booking.id,
    actor.kind === 'customer' ? actor.customerId : null,
    deps.provider,
    plan,
  );
  if (row.status === 'completed' || row.status === 'refunded') {
    throw AppError.of('ALREADY_PAID', PAYMENT_MESSAGES.alreadyPaid);
  }
  if (row.status === 'authorized') {
    throw AppError.of('ALREADY_AUTHORIZED', PAYMENT_MESSAGES.depositAlreadyAuthorized(eurosText(row.amountCents)));
  }
  let intent: ProviderIntent;
  try {
    if (row.providerIntentId) {
      try {
        intent = await deps.provider.retrieveIntent(row.providerIntentId);
      } catch (error) {
        // An intent the provider no longer knows (a test database reset under a running server):
        // the unpaid attempt is closed and a new one opened (never for a payment that went through).
        if (!(error instanceof ProviderError) || error.kind !== 'not_found' || retried) throw error;
        await movePayment(deps.db, row.id, ['pending', 'requires_action', 'failed'], { status: 'canceled' });
        return openIntent(deps, context, actor, plan, true);
      }
    } else {
      intent = await deps.provider.createIntent({
        amountCents: row.amountCents,
        captureMethod: plan.captureMethod,
        idempotencyKey: row.idempotencyKey,
        description: `Réservation ${booking.reference}`,
        metadata: { bookingId: booking.id, paymentId: row.id, kind: row.kind, reference: booking.reference },
      });
    }
  } catch (error) {
    return providerFailure(error);
  }
  if (!row.providerIntentId) await setPaymentIntent(deps.db, row.id, intent.id);
  return {
    client_secret: intent.clientSecret,
    intentId: intent.id,
    amount: centsToEuros(intent.amountCents),
    status: intent.status,
    payment_mode: deps.provider.mode,
    captureMethod: intent.captureMethod,
  };
}

/** POST /{id}/booking-payment/organizer-stripe-intent: the amount is the server's, never the client's. */
export async function createOrganizerIntent(deps: PaymentDeps, actor: Actor, bookingId: string) {
  const context = await contextOf(deps.db, actor, bookingId);
  if (context.access.role !== 'organizer') throw AppError.of('FORBIDDEN', PAYMENT_MESSAGES.cannotPay);
  // An authorized hold confirmed the booking, so ensurePayable would refuse it with the general
  // message: SPEC.md §8's own sentence comes first.
  if (context.config?.type === 'deposit_card' && context.access.booking.adminValidation === 'validated') {
    const hold = (await listBookingPayments(deps.db, bookingId)).find(
      (row) => row.kind === 'deposit' && row.status === 'authorized',
    );
    if (hold) {
      throw AppError.of('ALREADY_AUTHORIZED', PAYMENT_MESSAGES.depositAlreadyAuthorized(eurosText(hold.amountCents)));
    }
  }
  ensurePayable(context);
  const config = context.config;
  const bookingKey = `booking:${bookingId}`;
  switch (config.type) {
    case 'deposit_check':
      throw cannotPay();
    case 'collective_payment': {
      const own = ownParticipant(context, actor);
      if (!own) throw cannotPay();
      return createShareIntent(deps, actor, bookingId, own.id, context);
    }
    case 'deposit_card': {
      const from = depositAvailableFrom(context.access.booking.startDate);
      if (todayInParis() < from) {
        throw AppError.of('DEPOSIT_TOO_EARLY', PAYMENT_MESSAGES.depositTooEarly(frenchDay(from)));
      }
      const amountCents = amountDueCents(config);
      return openIntent(deps, context, actor, {
        kind: 'deposit',
        amountCents,
        captureMethod: 'manual',
        participantId: null,
        baseKey: `${bookingKey}:deposit:${amountCents}`,
      });
    }
    default: {
      const amountCents = amountDueCents(config);
      const kind = config.type === 'partial_payment_card' ? 'partial' : 'full';
      return openIntent(deps, context, actor, {
        kind,
        amountCents,
        captureMethod: 'automatic',
        participantId: null,
        baseKey: `${bookingKey}:${kind}:${amountCents}`,
      });
    }
  }
}

/** POST /{id}/booking-payment/participant-stripe-intent/{participantId}: one's own share only. */
export async function createShareIntent(
  deps: PaymentDeps,
  actor: Actor,
  bookingId: string,
  participantId: string,
  known?: PaymentContext,
) {
  const context = known ?? (await contextOf(deps.db, actor, bookingId));
  const person = isUuid(participantId) ? context.participants.find((row) => row.id === participantId) : undefined;
  if (!person) throw participantNotFound();
  // After the organizer's guarantee charge, a share is still paid to refund them (docs/decisions.md, "The organizer's guarantee").
  const repaying = await repaysAfterGuarantee(deps.db, context, person);
  if (!repaying) ensurePayable(context);
  if (ownParticipant(context, actor)?.id !== person.id)
    throw AppError.of('FORBIDDEN', PAYMENT_MESSAGES.shareNotAllowed);
  if (person.paymentStatus === 'paid') throw AppError.of('ALREADY_PAID', PAYMENT_MESSAGES.alreadyPaid);
  const shares = sharesOf(context.config, context.participants);
  if (!repaying && !participantMayPay(context, person, shares)) throw cannotPay();
  // Every share must be payable by card, or the last ones could never be paid.
  if (Math.min(...shares.values()) < MIN_CARD_CENTS) {
    throw AppError.of('PAYMENT_NOT_ALLOWED', MIN_AMOUNT_MESSAGES.share);
  }
  // A share reopened by a new split asks only the difference (docs/decisions.md, "Group shares").
  const amountCents = repaying ? shares.get(person.id)! : owedOf(person, shares);
  if (amountCents < MIN_CARD_CENTS) throw AppError.of('PAYMENT_NOT_ALLOWED', MIN_AMOUNT_MESSAGES.share);
  return openIntent(deps, context, actor, {
    kind: 'share',
    amountCents,
    captureMethod: 'automatic',
    participantId: person.id,
    baseKey: `booking:${bookingId}:share:${person.id}:${amountCents}`,
  });
}

export { configView };
