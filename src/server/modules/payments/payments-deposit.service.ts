import { PAYMENT_MESSAGES } from '../../../shared/api/payments.schema';
import { todayInParis } from '../../../shared/booking-days';
import { centsToEuros } from '../../../shared/money';
import { amountDueCents, depositAvailableFrom } from '../../../shared/payment-rules';
import { AppError } from '../../app-error';
import type { Actor } from '../bookings/booking-access.public';
import { confirmIntent } from './payment-confirm';
import { contextOf, providerFailure, type PaymentDeps } from './payment-context';
import { payableNow } from './payment-view.public';
import { listBookingPayments, type PaymentRow } from './payments.repository';
import { findDepositCard } from './deposit-cards.repository';

type HoldStatus = 'none' | 'pending' | 'authorized' | 'captured' | 'released';

/** The hold's status as SPEC.md §3 names it, from its payment row's (any other status is 'pending'). */
const HOLD_STATUSES: Partial<Record<PaymentRow['status'], HoldStatus>> = {
  authorized: 'authorized',
  completed: 'captured',
  canceled: 'released',
};

/** GET /{id}/booking-payment/deposit-authorization-status (SPEC.md §3). */
export async function getDepositStatus(deps: PaymentDeps, actor: Actor, bookingId: string) {
  const context = await contextOf(deps.db, actor, bookingId);
  const { config } = context;
  if (!config || config.type !== 'deposit_card' || context.access.booking.adminValidation !== 'validated') {
    throw AppError.of('DEPOSIT_NOT_CONFIGURED', PAYMENT_MESSAGES.depositNotConfigured);
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
      : (HOLD_STATUSES[deposit.status] ?? 'pending');
  const card = deps.provider.savedCards ? await findDepositCard(deps.db, bookingId) : undefined;
  return {
    authorization_created: Boolean(deposit?.providerIntentId) && deposit?.status !== 'canceled',
    authorization_confirmed: deposit?.status === 'authorized' || deposit?.status === 'completed',
    amount: centsToEuros(amountDueCents(config)),
    client_secret: clientSecret,
    intentId: deposit?.providerIntentId ?? null,
    status,
    availableFrom,
    canAuthorizeNow: payableNow(context.access.booking, config) && todayInParis() >= availableFrom,
    // The saved card of docs/decisions.md, "Card holds on a saved card": offered only where the provider keeps cards.
    savedCard: !deps.provider.savedCards ? 'unavailable' : card?.paymentMethodId ? 'saved' : 'none',
    failure: deposit?.status === 'failed' ? (deposit.failureMessage ?? PAYMENT_MESSAGES.authorizationFailed) : null,
  } as const;
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
    throw AppError.of('DEPOSIT_NOT_CONFIGURED', PAYMENT_MESSAGES.depositNotConfigured);
  }
  const deposits = (await listBookingPayments(deps.db, bookingId)).filter(
    (row) => row.kind === 'deposit' && row.providerIntentId && (!intentId || row.providerIntentId === intentId),
  );
  const deposit = deposits.at(-1);
  if (!deposit?.providerIntentId || deposit.status === 'canceled') {
    throw AppError.of('NO_AUTHORIZATION', PAYMENT_MESSAGES.noAuthorization);
  }
  return confirmIntent(deps, actor, bookingId, deposit.providerIntentId);
}
