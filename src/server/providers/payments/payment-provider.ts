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
}

export interface CreateIntentInput {
  amountCents: number;
  captureMethod: 'automatic' | 'manual';
  /** Derived from the business intent (booking, kind, share, amount): a retry gets the same intent. */
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
}

/** A provider event already authenticated (webhook signature) and reduced to what the server applies. */
export interface ProviderEvent {
  id: string;
  type: string;
  intent: ProviderIntent | null;
}

export interface PaymentProvider {
  readonly mode: 'stripe' | 'test';
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
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}
