import Stripe from 'stripe';
import type { Config } from '../../config';
import { PAYMENT_MESSAGES, type IntentStatus } from '../../../shared/api/payments.schema';
import { ProviderError } from './payment-provider';
import type {
  CardSetup,
  CreateIntentInput,
  OffSessionHoldInput,
  PaymentProvider,
  ProviderEvent,
  ProviderIntent,
  SavedCardPort,
} from './payment-provider';

type StripeIntent = Awaited<ReturnType<Stripe['paymentIntents']['retrieve']>>;

/** `capture_before` of the intent's charge, when the charge was expanded (a hold just placed). */
function captureBeforeOf(intent: StripeIntent): Date | null {
  const charge = intent.latest_charge;
  const seconds =
    typeof charge === 'object' && charge ? charge.payment_method_details?.card?.capture_before : undefined;
  return seconds ? new Date(seconds * 1000) : null;
}

function toSetup(setup: Stripe.SetupIntent): CardSetup {
  const idOf = (value: string | { id: string } | null) => (typeof value === 'string' ? value : (value?.id ?? null));
  return {
    setupIntentId: setup.id,
    clientSecret: setup.client_secret ?? '',
    customerId: idOf(setup.customer) ?? '',
    status: setup.status,
    paymentMethodId: idOf(setup.payment_method),
  };
}

function toIntent(intent: StripeIntent): ProviderIntent {
  return {
    captureBefore: captureBeforeOf(intent),
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    status: intent.status as IntentStatus,
    amountCents: intent.amount,
    captureMethod: intent.capture_method === 'manual' ? 'manual' : 'automatic',
    amountReceivedCents: intent.amount_received ?? 0,
    metadata: { ...(intent.metadata ?? {}) },
    lastError: intent.last_payment_error?.message ?? null,
  };
}

/** Stripe's refusals of a capture or a refund, told to the team (nothing was taken nor given back). */
export const STRIPE_REFUSALS = {
  captureTooLarge:
    'Stripe refuse l’encaissement : le montant dépasse ce que l’empreinte bancaire permet encore. Rien n’a été encaissé',
  refundTooLarge:
    'Stripe refuse le remboursement : il dépasse ce qui reste à rembourser sur ce paiement (un remboursement a peut-être été fait depuis Stripe). Rien n’a été remboursé',
  refundUnpaid: 'Stripe refuse le remboursement : ce paiement n’a pas été encaissé chez Stripe. Rien n’a été remboursé',
  idempotency:
    'Stripe refuse la demande : elle reprend la clé d’une demande différente. Rien n’a été modifié, contactez le support',
} as const;

/** Stripe's errors become French messages; the card's own refusal text is kept (SPEC.md §8). */
function translate(error: unknown, call?: 'capture' | 'refund'): never {
  if (error instanceof Stripe.errors.StripeCardError) {
    throw new ProviderError(
      error.message || PAYMENT_MESSAGES.paymentFailed,
      'card',
      error.code,
      error.payment_intent?.id,
    );
  }
  if (error instanceof Stripe.errors.StripeIdempotencyError) {
    throw new ProviderError(STRIPE_REFUSALS.idempotency, 'invalid');
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    const tooLarge = error.code === 'amount_too_large' || error.code === 'charge_already_refunded';
    if (call === 'capture' && tooLarge) throw new ProviderError(STRIPE_REFUSALS.captureTooLarge, 'invalid');
    if (call === 'refund' && tooLarge) throw new ProviderError(STRIPE_REFUSALS.refundTooLarge, 'invalid');
    if (call === 'refund') throw new ProviderError(STRIPE_REFUSALS.refundUnpaid, 'invalid');
    if (error.code === 'resource_missing') throw new ProviderError(PAYMENT_MESSAGES.intentNotFound, 'not_found');
    throw new ProviderError(PAYMENT_MESSAGES.createPayment, 'invalid');
  }
  throw new ProviderError(PAYMENT_MESSAGES.initiatePayment, 'unavailable');
}

/**
 * Stripe PaymentIntents (https://docs.stripe.com/payments/payment-intents). Holds use
 * `capture_method: manual` (https://docs.stripe.com/payments/place-a-hold-on-a-payment-method).
 * Every write carries an idempotency key derived from the business intent, so a retried call
 * (network loss, double click, two tabs) gives back the same object.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly mode = 'stripe' as const;
  private readonly stripe: Stripe;
  readonly savedCards: SavedCardPort = {
    createCardSetup: (input) => this.createCardSetup(input),
    retrieveCardSetup: (id) => this.retrieveCardSetup(id),
    placeOffSessionHold: (input) => this.placeOffSessionHold(input),
    chargeOffSession: (input) => this.chargeOffSession(input),
  };

  constructor(
    config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_HOST' | 'STRIPE_API_PORT' | 'STRIPE_API_PROTOCOL'>,
    private readonly webhookSecret?: string,
  ) {
    this.stripe = new Stripe(config.STRIPE_SECRET_KEY!, {
      telemetry: false,
      maxNetworkRetries: config.STRIPE_API_HOST ? 0 : 2,
      timeout: 20_000,
      ...(config.STRIPE_API_HOST ? { host: config.STRIPE_API_HOST } : {}),
      ...(config.STRIPE_API_PORT !== undefined ? { port: config.STRIPE_API_PORT } : {}),
      ...(config.STRIPE_API_PROTOCOL ? { protocol: config.STRIPE_API_PROTOCOL } : {}),
    });
  }

  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'eur',
          capture_method: input.captureMethod,
          description: input.description,
          metadata: input.metadata,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toIntent(intent);
    } catch (error) {
      return translate(error);
    }
  }

  /**
   * A customer and its SetupIntent, usage off_session (https://docs.stripe.com/payments/save-and-reuse):
   * the card is kept by Stripe, the product keeps only the ids.
   */
  private async createCardSetup(input: {
    idempotencyKey: string;
    description: string;
    metadata: Record<string, string>;
  }): Promise<CardSetup> {
    try {
      const customer = await this.stripe.customers.create(
        { description: input.description, metadata: input.metadata },
        { idempotencyKey: `${input.idempotencyKey}:customer` },
      );
      const setup = await this.stripe.setupIntents.create(
        {
          customer: customer.id,
          usage: 'off_session',
          description: input.description,
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toSetup(setup);
    } catch (error) {
      return translate(error);
    }
  }

  private async retrieveCardSetup(id: string): Promise<CardSetup> {
    try {
      return toSetup(await this.stripe.setupIntents.retrieve(id));
    } catch (error) {
      return translate(error);
    }
  }

  /**
   * https://docs.stripe.com/payments/place-a-hold-on-a-payment-method (off_session, confirm) and
   * https://docs.stripe.com/payments/extended-authorization (`if_available`; the charge's
   * `capture_before` says how long the hold lives: 7 days for most cards, up to 30 extended).
   */
  private async placeOffSessionHold(input: OffSessionHoldInput): Promise<ProviderIntent> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'eur',
          capture_method: 'manual',
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          payment_method_options: { card: { request_extended_authorization: 'if_available' } },
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          off_session: true,
          confirm: true,
          description: input.description,
          metadata: input.metadata,
          expand: ['latest_charge'],
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toIntent(intent);
    } catch (error) {
      return translate(error);
    }
  }

  /** https://docs.stripe.com/payments/save-and-reuse#charge-saved-payment-method (off_session, confirm). */
  private async chargeOffSession(input: OffSessionHoldInput): Promise<ProviderIntent> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'eur',
          customer: input.customerId,
          payment_method: input.paymentMethodId,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          off_session: true,
          confirm: true,
          description: input.description,
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      );
      return toIntent(intent);
    } catch (error) {
      return translate(error);
    }
  }

  async retrieveIntent(id: string): Promise<ProviderIntent> {
    try {
      // The charge carries `capture_before` of a hold (docs/decisions.md, "Card holds on a saved card").
      return toIntent(await this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] }));
    } catch (error) {
      return translate(error);
    }
  }

  async captureIntent(id: string, amountCents: number, idempotencyKey: string): Promise<ProviderIntent> {
    try {
      return toIntent(
        await this.stripe.paymentIntents.capture(id, { amount_to_capture: amountCents }, { idempotencyKey }),
      );
    } catch (error) {
      return translate(error, 'capture');
    }
  }

  async cancelIntent(id: string, idempotencyKey: string): Promise<ProviderIntent> {
    try {
      return toIntent(await this.stripe.paymentIntents.cancel(id, {}, { idempotencyKey }));
    } catch (error) {
      return translate(error);
    }
  }

  async refund(intentId: string, amountCents: number, idempotencyKey: string) {
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: intentId, amount: amountCents },
        { idempotencyKey },
      );
      return { id: refund.id, status: refund.status ?? 'pending' };
    } catch (error) {
      return translate(error, 'refund');
    }
  }

  /**
   * Verifies the Stripe-Signature header over the raw body (forged, tampered and stale events
   * are refused: 5 minutes of tolerance, Stripe's default) and keeps what the server applies.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    if (!this.webhookSecret || !signature) throw new ProviderError(PAYMENT_MESSAGES.webhookSignature, 'invalid');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch {
      throw new ProviderError(PAYMENT_MESSAGES.webhookSignature, 'invalid');
    }
    const object = event.data.object as { object?: string };
    const intent = object.object === 'payment_intent' ? toIntent(object as unknown as StripeIntent) : null;
    const refund =
      object.object === 'refund'
        ? (({ id, status, failure_reason }: Stripe.Refund) => ({
            id,
            status: status ?? 'pending',
            failureReason: failure_reason ?? null,
          }))(object as unknown as Stripe.Refund)
        : null;
    return { id: event.id, type: event.type, intent, refund };
  }
}
