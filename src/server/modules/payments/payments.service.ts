import { PAYMENT_MESSAGES, type PaymentIntentView, type PaymentOutcome } from '../../../shared/api/payments.schema';
import { todayInParis } from '../../../shared/booking-days';
import { centsToEuros } from '../../../shared/money';
import { amountDueCents, depositAvailableFrom, isPaymentExpired } from '../../../shared/payment-rules';
import { isUuid } from '../../../shared/validation';
import { AppError } from '../../app-error';
import type { Db } from '../../db/client';
import type { ServiceDeps } from '../../deps';
import { ProviderError, type PaymentProvider, type ProviderIntent } from '../../providers/payments/payment-provider';
import { accessBooking, type Actor, type BookingAccess } from '../bookings/booking-access';
import { listParticipants, type ParticipantRow } from '../bookings/customer-bookings.service';
import { applyIntentState } from './payment-effects';
import { collectiveView, configView, payableNow, paymentSectionOpen, sharesOf } from './payment-view';
import {
  claimPayment,
  findPaymentByIntent,
  findPaymentByKey,
  findPaymentConfig,
  listBookingPayments,
  movePayment,
  setPaymentIntent,
  type PaymentConfigRow,
  type PaymentRow,
} from './payments.repository';

export interface PaymentDeps extends ServiceDeps {
  provider: PaymentProvider;
}

const cannotPay = () => new AppError('PAYMENT_NOT_ALLOWED', 409, PAYMENT_MESSAGES.cannotPay);
const expired = () => new AppError('PAYMENT_EXPIRED', 409, PAYMENT_MESSAGES.expired);
const participantNotFound = () => new AppError('NOT_FOUND', 404, PAYMENT_MESSAGES.participantNotFound);
const intentNotFound = () => new AppError('NOT_FOUND', 404, PAYMENT_MESSAGES.intentNotFound);

/** '150' or '150,50': the n of SPEC.md §8's 'Votre caution de n€ est déjà autorisée'. */
export function eurosText(cents: number): string {
  return new Intl.NumberFormat('fr-FR', { minimumFractionDigits: cents % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })
    .format(centsToEuros(cents))
    .replace(/\u202f|\u00a0/g, ' ');
}

function frenchDay(day: string): string {
  return new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** Provider failures become French errors the renderer shows as they are (SPEC.md §8). */
export function providerFailure(error: unknown): never {
  if (error instanceof ProviderError) {
    const status =
      error.kind === 'card' ? 402 : error.kind === 'not_found' ? 404 : error.kind === 'invalid' ? 409 : 502;
    throw new AppError(error.kind === 'card' ? 'CARD_ERROR' : 'PROVIDER_ERROR', status, error.message);
  }
  throw error;
}

interface PaymentContext {
  access: BookingAccess;
  config: PaymentConfigRow;
  participants: ParticipantRow[];
}

async function contextOf(
  db: Db,
  actor: Actor,
  bookingId: string,
): Promise<PaymentContext & { config: PaymentConfigRow | undefined }> {
  const access = await accessBooking(db, bookingId, actor);
  const [config, participants] = await Promise.all([findPaymentConfig(db, bookingId), listParticipants(db, bookingId)]);
  return { access, config: config as PaymentConfigRow, participants };
}

/** Refuses a payment the booking cannot take now: no config, not an option any more, or past the due date. */
function ensurePayable({ access, config }: { access: BookingAccess; config: PaymentConfigRow | undefined }) {
  if (!config || !paymentSectionOpen(access.booking, config) || access.booking.status !== 'prebooked')
    throw cannotPay();
  if (isPaymentExpired({ status: access.booking.status, dueDate: config.dueAt.toISOString() })) throw expired();
}

/** The caller's own participant row (the organizer has one too, created with the request). */
function ownParticipant(context: PaymentContext, actor: Actor): ParticipantRow | undefined {
  if (actor.kind !== 'customer') return undefined;
  return context.participants.find((person) => person.customerId === actor.customerId);
}

export async function getCollectiveStatus(deps: PaymentDeps, actor: Actor, bookingId: string) {
  const context = await contextOf(deps.db, actor, bookingId);
  if (!context.config || context.access.booking.adminValidation !== 'validated') throw cannotPay();
  return collectiveView(context.config, context.participants);
}

/** SPEC.md §4 'Participant may pay': collective mode, active, connected, share not paid. */
function participantMayPay(context: PaymentContext, person: ParticipantRow, shares: Map<string, number>) {
  return (
    context.config.type === 'collective_payment' &&
    payableNow(context.access.booking, context.config) &&
    person.isActive &&
    person.hasConnected &&
    person.paymentStatus !== 'paid' &&
    shares.has(person.id)
  );
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
    amount: centsToEuros(person.paymentAmountCents ?? shares.get(person.id) ?? 0),
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
    if (existing && existing.status !== 'canceled') return existing;
  }
  throw new AppError('PAYMENT_ATTEMPTS', 409, PAYMENT_MESSAGES.createPayment);
}

async function openIntent(
  deps: PaymentDeps,
  context: PaymentContext,
  actor: Actor,
  plan: IntentPlan,
  retried = false,
): Promise<PaymentIntentView> {
  const { booking } = context.access;
  const row = await claimIntentRow(
    deps.db,
    booking.id,
    actor.kind === 'customer' ? actor.customerId : null,
    deps.provider,
    plan,
  );
  if (row.status === 'completed' || row.status === 'refunded') {
    throw new AppError('ALREADY_PAID', 409, PAYMENT_MESSAGES.alreadyPaid);
  }
  if (row.status === 'authorized') {
    throw new AppError(
      'ALREADY_AUTHORIZED',
      409,
      PAYMENT_MESSAGES.depositAlreadyAuthorized(eurosText(row.amountCents)),
    );
  }
  let intent: ProviderIntent;
  try {
    if (row.providerIntentId) {
      try {
        intent = await deps.provider.retrieveIntent(row.providerIntentId);
      } catch (error) {
        // The test provider keeps its intents in memory: after a restart the unpaid attempt is
        // gone, so it is closed and a new one opened (never for a payment that went through).
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
  if (context.access.role !== 'organizer') throw new AppError('FORBIDDEN', 403, PAYMENT_MESSAGES.cannotPay);
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
        throw new AppError('DEPOSIT_TOO_EARLY', 409, PAYMENT_MESSAGES.depositTooEarly(frenchDay(from)));
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
  ensurePayable(context);
  if (ownParticipant(context, actor)?.id !== person.id)
    throw new AppError('FORBIDDEN', 403, PAYMENT_MESSAGES.shareNotAllowed);
  if (person.paymentStatus === 'paid') throw new AppError('ALREADY_PAID', 409, PAYMENT_MESSAGES.alreadyPaid);
  const shares = sharesOf(context.config, context.participants);
  if (!participantMayPay(context, person, shares)) throw cannotPay();
  const amountCents = shares.get(person.id)!;
  return openIntent(deps, context, actor, {
    kind: 'share',
    amountCents,
    captureMethod: 'automatic',
    participantId: person.id,
    baseKey: `booking:${bookingId}:share:${person.id}:${amountCents}`,
  });
}

/** The payment row of an intent, if it belongs to this booking (else the same 404 as an unknown one). */
async function paymentOfBooking(db: Db, bookingId: string, intentId: string): Promise<PaymentRow> {
  const payment = await findPaymentByIntent(db, intentId);
  if (!payment || payment.bookingId !== bookingId) throw intentNotFound();
  return payment;
}

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
    throw new AppError('UNEXPECTED_INTENT_STATUS', 409, message);
  }
  await applyIntentState(deps.db, intent);
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
    throw new AppError('TEST_MODE_ONLY', 404, PAYMENT_MESSAGES.testModeOnly);
  }
  const context = await contextOf(deps.db, actor, bookingId);
  const payment = await paymentOfBooking(deps.db, bookingId, body.intentId);
  if (actor.kind !== 'customer' || payment.payerCustomerId !== actor.customerId) throw intentNotFound();
  if (payment.status === 'pending' || payment.status === 'requires_action' || payment.status === 'failed') {
    ensurePayable(context);
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
  if (error) throw new AppError('CARD_ERROR', 402, error);
  return { intentId: intent.id, status: intent.status, error: null };
}

/** GET /{id}/booking-payment/deposit-authorization-status (SPEC.md §3). */
export async function getDepositStatus(deps: PaymentDeps, actor: Actor, bookingId: string) {
  const context = await contextOf(deps.db, actor, bookingId);
  const { config } = context;
  if (!config || config.type !== 'deposit_card' || context.access.booking.adminValidation !== 'validated') {
    throw new AppError('DEPOSIT_NOT_CONFIGURED', 404, PAYMENT_MESSAGES.depositNotConfigured);
  }
  const deposit = (await listBookingPayments(deps.db, bookingId)).filter((row) => row.kind === 'deposit').at(-1);
  const availableFrom = depositAvailableFrom(context.access.booking.startDate);
  let clientSecret: string | null = null;
  if (
    deposit?.providerIntentId &&
    (deposit.status === 'pending' || deposit.status === 'requires_action' || deposit.status === 'failed')
  ) {
    try {
      clientSecret = (await deps.provider.retrieveIntent(deposit.providerIntentId)).clientSecret;
    } catch (error) {
      return providerFailure(error);
    }
  }
  const status =
    !deposit || (deposit.status === 'failed' && !deposit.providerIntentId)
      ? 'none'
      : deposit.status === 'authorized'
        ? 'authorized'
        : deposit.status === 'completed'
          ? 'captured'
          : deposit.status === 'canceled'
            ? 'released'
            : 'pending';
  return {
    authorization_created: Boolean(deposit?.providerIntentId) && deposit?.status !== 'canceled',
    authorization_confirmed: deposit?.status === 'authorized' || deposit?.status === 'completed',
    amount: centsToEuros(amountDueCents(config)),
    client_secret: clientSecret,
    intentId: deposit?.providerIntentId ?? null,
    status: status as 'none' | 'pending' | 'authorized' | 'captured' | 'released',
    availableFrom,
    canAuthorizeNow: payableNow(context.access.booking, config) && todayInParis() >= availableFrom,
  };
}

/** POST /{id}/booking-payment/complete-deposit-authorization: the hold's stripe-confirm. */
export async function completeDepositAuthorization(
  deps: PaymentDeps,
  actor: Actor,
  bookingId: string,
  intentId?: string,
) {
  const context = await contextOf(deps.db, actor, bookingId);
  if (!context.config || context.config.type !== 'deposit_card') {
    throw new AppError('DEPOSIT_NOT_CONFIGURED', 404, PAYMENT_MESSAGES.depositNotConfigured);
  }
  const deposits = (await listBookingPayments(deps.db, bookingId)).filter(
    (row) => row.kind === 'deposit' && row.providerIntentId && (!intentId || row.providerIntentId === intentId),
  );
  const deposit = deposits.at(-1);
  if (!deposit?.providerIntentId || deposit.status === 'canceled') {
    throw new AppError('NO_AUTHORIZATION', 404, PAYMENT_MESSAGES.noAuthorization);
  }
  return confirmIntent(deps, actor, bookingId, deposit.providerIntentId);
}

export { configView };

// What the contracts module reads of a payment config goes through this service.
export { findConfigByContract, findPaymentConfig } from './payments.repository';
