import type { IntentStatus } from '../../../shared/api/payments.schema';

/**
 * The one card-payment port of the server (DESIGN.md §3): `stripe` through the official SDK, or
 * `test`, the built-in default without keys, with the same intents, states and events.
 */
export interface ProviderIntent {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  captureMethod: 'automatic' | 'manual';
  /** What was actually taken (after a capture of part of a hold, less than amountCents). */
  amountReceivedCents: number;
  metadata: Record<string, string>;
  /** The card's refusal, as the provider words it (shown to the customer). */
  lastError: string | null;
  /** A hold's end as the provider says it (`capture_before` of its charge), when it says it. */
  captureBefore?: Date | null;
}

export interface CreateIntentInput {
  amountCents: number;
  captureMethod: 'automatic' | 'manual';
  /** Derived from the business intent (booking, kind, share, amount): a retry gets the same intent. */
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
}

/** A refund as the provider reports it (`refund.updated`, `refund.failed`, `charge.refund.updated`). */
export interface ProviderRefund {
  id: string;
  status: string;
  failureReason: string | null;
}

/** A provider event already authenticated (webhook signature) and reduced to what the server applies. */
export interface ProviderEvent {
  id: string;
  type: string;
  intent: ProviderIntent | null;
  refund?: ProviderRefund | null;
}

/** A card saved for later (a SetupIntent with usage off_session, on a provider customer). */
export interface CardSetup {
  setupIntentId: string;
  clientSecret: string;
  customerId: string;
  status: string;
  /** Known once the customer confirmed the setup. */
  paymentMethodId: string | null;
}

export interface OffSessionHoldInput {
  amountCents: number;
  customerId: string;
  paymentMethodId: string;
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
}

/**
 * The saved card and the holds placed with it while the customer is away (docs/decisions.md,
 * "Card holds"): Stripe only; the test provider keeps the hold paid on-session.
 */
export interface SavedCardPort {
  createCardSetup(input: {
    idempotencyKey: string;
    description: string;
    metadata: Record<string, string>;
  }): Promise<CardSetup>;
  retrieveCardSetup(id: string): Promise<CardSetup>;
  /**
   * A hold (capture_method manual, extended authorization asked for where the card allows it)
   * confirmed off-session; `captureBefore` is read from its charge. A refusal is a ProviderError
   * 'card' carrying the provider's code and the intent left to be paid on-session.
   */
  placeOffSessionHold(input: OffSessionHoldInput): Promise<ProviderIntent>;
  /** A payment (captured at once) confirmed off-session with the saved card; a refusal as for a hold. */
  chargeOffSession(input: OffSessionHoldInput): Promise<ProviderIntent>;
}

export interface PaymentProvider {
  readonly mode: 'stripe' | 'test';
  readonly savedCards?: SavedCardPort;
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  retrieveIntent(id: string): Promise<ProviderIntent>;
  /** Captures `amountCents` of a manual (hold) intent; the rest of the hold is released. */
  captureIntent(id: string, amountCents: number, idempotencyKey: string): Promise<ProviderIntent>;
  /** Releases a hold (or abandons an unpaid intent). */
  cancelIntent(id: string, idempotencyKey: string): Promise<ProviderIntent>;
  refund(intentId: string, amountCents: number, idempotencyKey: string): Promise<{ id: string; status: string }>;
}

/** Thrown by a provider when the card or the request is refused; the message is French and shown as is. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'card' | 'not_found' | 'invalid' | 'unavailable',
    /** The provider's code of a card refusal (e.g. `authentication_required`, `card_declined`). */
    readonly code?: string,
    /** The intent a refusal left open (off-session: the customer can still confirm it on-session). */
    readonly intentId?: string,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
