import type { Config } from './config';
import type { ServiceDeps } from './deps';
import { applyProviderEvent, retryLateRefunds } from './modules/payments/payment-effects';
import { releaseFinishedDepositHolds } from './modules/payments/payments-staff.service';
import type { SweepTask } from './modules/sweeps/sweeps.service';
import type { PaymentProvider } from './providers/payments/payment-provider';
import { StripePaymentProvider } from './providers/payments/stripe-provider';
import { TestPaymentProvider } from './providers/payments/test-provider';

/**
 * Stripe when its secret key is set, else the built-in test provider (README, docs/decisions.md,
 * "Test payment provider").
 */
export function paymentProviderFromConfig(config: Config, deps: ServiceDeps): PaymentProvider {
  if (config.STRIPE_SECRET_KEY) return new StripePaymentProvider(config, config.STRIPE_WEBHOOK_SECRET);
  const provider = new TestPaymentProvider(deps.db);
  // The test provider's state changes go through the same path as Stripe's webhook events.
  provider.onEvent = async (event) => {
    await applyProviderEvent(deps, event);
  };
  return provider;
}

/**
 * The periodic tasks that need the provider: card holds released after the stay, and those of
 * canceled bookings that are still open; refunds of refused payments that failed at the provider,
 * sent again. Run by each server's timer and by `npm run sweep`.
 */
export function providerSweepTasks(provider: PaymentProvider): SweepTask[] {
  return [
    {
      name: 'release-finished-deposit-holds',
      run: (sweepDeps, now) => releaseFinishedDepositHolds({ ...sweepDeps, provider }, now),
    },
    { name: 'retry-late-refunds', run: (sweepDeps, now) => retryLateRefunds({ ...sweepDeps, provider }, now) },
  ];
}
