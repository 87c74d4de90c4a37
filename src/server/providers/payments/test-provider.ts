import { randomBytes } from 'node:crypto';
import { PAYMENT_MESSAGES, type IntentStatus } from '../../../shared/api/payments.schema';
import {
  ProviderError,
  type CreateIntentInput,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderIntent,
} from './payment-provider';

/** Stripe's test cards (https://docs.stripe.com/testing): the three the product documents. */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  authentication: '4000002500003155',
} as const;

export type TestCardOutcome = { intent: ProviderIntent; error: string | null };

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/**
 * The built-in provider (DESIGN.md §3): PaymentIntents with Stripe's states, kept in this server's
 * memory, for demos, e2e journeys and tests. It never sees a real card: the renderer's test form
 * posts one of Stripe's test numbers. Each state change is handed to `onEvent`, as Stripe's webhook
 * would deliver it, so the same code applies it.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly mode = 'test' as const;
  private readonly intents = new Map<string, ProviderIntent>();
  private readonly byKey = new Map<string, string>();
  private readonly refunds = new Map<string, { id: string; status: string }>();
  onEvent: (event: ProviderEvent) => Promise<void> = async () => undefined;

  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    const existing = this.byKey.get(input.idempotencyKey);
    if (existing) return { ...this.intents.get(existing)! };
    const id = newId('pi');
    const intent: ProviderIntent = {
      id,
      clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      status: 'requires_payment_method',
      amountCents: input.amountCents,
      captureMethod: input.captureMethod,
      amountReceivedCents: 0,
      metadata: { ...input.metadata },
      lastError: null,
    };
    this.intents.set(id, intent);
    this.byKey.set(input.idempotencyKey, id);
    return { ...intent };
  }

  async retrieveIntent(id: string): Promise<ProviderIntent> {
    return { ...this.find(id) };
  }

  private find(id: string): ProviderIntent {
    const intent = this.intents.get(id);
    if (!intent) throw new ProviderError(PAYMENT_MESSAGES.intentNotFound, 'not_found');
    return intent;
  }

  private async move(intent: ProviderIntent, status: IntentStatus, type: string) {
    intent.status = status;
    await this.onEvent({ id: newId('evt'), type, intent: { ...intent } });
  }

  /** The card form's submission: Stripe's confirmCardPayment, played by the server. */
  async submitCard(id: string, cardNumber: string, authentication?: 'approve' | 'refuse'): Promise<TestCardOutcome> {
    const intent = this.find(id);
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_action') {
      return { intent: { ...intent }, error: null };
    }
    const number = cardNumber.replace(/[\s-]/g, '');
    if (number === TEST_CARDS.declined) {
      intent.lastError = PAYMENT_MESSAGES.cardDeclined;
      await this.move(intent, 'requires_payment_method', 'payment_intent.payment_failed');
      return { intent: { ...intent }, error: intent.lastError };
    }
    if (number === TEST_CARDS.authentication && authentication !== 'approve') {
      if (authentication === 'refuse') {
        intent.lastError = PAYMENT_MESSAGES.authenticationRefused;
        await this.move(intent, 'requires_payment_method', 'payment_intent.payment_failed');
        return { intent: { ...intent }, error: intent.lastError };
      }
      intent.status = 'requires_action';
      return { intent: { ...intent }, error: null };
    }
    if (number !== TEST_CARDS.success && number !== TEST_CARDS.authentication) {
      intent.lastError = PAYMENT_MESSAGES.cardInvalid;
      return { intent: { ...intent }, error: intent.lastError };
    }
    intent.lastError = null;
    if (intent.captureMethod === 'manual') {
      await this.move(intent, 'requires_capture', 'payment_intent.amount_capturable_updated');
    } else {
      intent.amountReceivedCents = intent.amountCents;
      await this.move(intent, 'succeeded', 'payment_intent.succeeded');
    }
    return { intent: { ...intent }, error: null };
  }

  async captureIntent(id: string, amountCents: number): Promise<ProviderIntent> {
    const intent = this.find(id);
    // A retried capture gets the capture already made, as Stripe's idempotency keys would give.
    if (intent.status === 'succeeded' && intent.captureMethod === 'manual') return { ...intent };
    if (intent.status !== 'requires_capture') throw new ProviderError(PAYMENT_MESSAGES.captureNoHold, 'invalid');
    intent.amountReceivedCents = Math.min(amountCents, intent.amountCents);
    await this.move(intent, 'succeeded', 'payment_intent.succeeded');
    return { ...intent };
  }

  async cancelIntent(id: string): Promise<ProviderIntent> {
    const intent = this.find(id);
    if (intent.status === 'succeeded')
      throw new ProviderError('Un paiement encaissé ne peut pas être annulé', 'invalid');
    if (intent.status !== 'canceled') await this.move(intent, 'canceled', 'payment_intent.canceled');
    return { ...intent };
  }

  async refund(intentId: string, amountCents: number, idempotencyKey: string) {
    const done = this.refunds.get(idempotencyKey);
    if (done) return done;
    const intent = this.find(intentId);
    if (intent.status !== 'succeeded' || amountCents > intent.amountReceivedCents) {
      throw new ProviderError('Remboursement impossible pour ce paiement', 'invalid');
    }
    const refund = { id: newId('re'), status: 'succeeded' };
    this.refunds.set(idempotencyKey, refund);
    return refund;
  }
}
