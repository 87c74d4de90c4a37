import { randomBytes } from 'node:crypto';
import { PAYMENT_MESSAGES, type IntentStatus } from '../../../shared/api/payments.schema';
import type { Db } from '../../db/client';
import {
  ProviderError,
  type CreateIntentInput,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderIntent,
} from './payment-provider';
import * as intents from './test-provider.repository';
import type { IntentRow } from './test-provider.repository';

/** Stripe's test cards (https://docs.stripe.com/testing): the three the product documents. */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  authentication: '4000002500003155',
} as const;

export type TestCardOutcome = { intent: ProviderIntent; error: string | null };

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** States from which a card may still be submitted (or the intent abandoned). */
const OPEN: IntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing'];

function intentOf(row: IntentRow): ProviderIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status,
    amountCents: row.amountCents,
    captureMethod: row.captureMethod,
    amountReceivedCents: row.amountReceivedCents,
    metadata: { ...row.metadata },
    lastError: row.lastError,
  };
}

/**
 * The built-in provider (DESIGN.md §3): PaymentIntents with Stripe's states, for demos, e2e journeys
 * and tests. Its intents live in the database (`test_provider_intents`), as Stripe keeps its own: an
 * intent opened before a restart is paid after it, and every server instance sees the same ones.
 * Each move is one conditional UPDATE, so two submissions of one intent move it once. It never sees
 * a real card: the renderer's test form posts one of Stripe's test numbers. Each state change is
 * handed to `onEvent`, as Stripe's webhook would deliver it, so the same code applies it.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly mode = 'test' as const;
  onEvent: (event: ProviderEvent) => Promise<void> = async () => undefined;

  constructor(private readonly db: Db) {}

  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    const id = newId('pi');
    const created = await intents.insertIntent(this.db, {
      id,
      idempotencyKey: input.idempotencyKey,
      clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
      status: 'requires_payment_method',
      amountCents: input.amountCents,
      captureMethod: input.captureMethod,
      metadata: { ...input.metadata },
    });
    if (created) return intentOf(created);
    // The same key again (a retry): the intent made the first time, as Stripe's idempotency gives.
    const existing = await intents.findIntentByKey(this.db, input.idempotencyKey);
    return intentOf(existing!);
  }

  async retrieveIntent(id: string): Promise<ProviderIntent> {
    return intentOf(await this.find(id));
  }

  private async find(id: string): Promise<IntentRow> {
    const row = await intents.findIntent(this.db, id);
    if (!row) throw new ProviderError(PAYMENT_MESSAGES.intentNotFound, 'not_found');
    return row;
  }

  /** Moves the intent only from one of `from`; the event is sent only by the caller that moved it. */
  private async move(
    id: string,
    from: IntentStatus[],
    values: Partial<Pick<IntentRow, 'status' | 'lastError' | 'amountReceivedCents'>>,
    eventType?: string,
  ): Promise<ProviderIntent | undefined> {
    const row = await intents.moveIntent(this.db, id, from, values);
    if (!row) return undefined;
    const intent = intentOf(row);
    if (eventType) await this.onEvent({ id: newId('evt'), type: eventType, intent: { ...intent } });
    return intent;
  }

  /** The card form's submission: Stripe's confirmCardPayment, played by the server. */
  async submitCard(id: string, cardNumber: string, authentication?: 'approve' | 'refuse'): Promise<TestCardOutcome> {
    const current = await this.find(id);
    if (current.status !== 'requires_payment_method' && current.status !== 'requires_action') {
      return { intent: intentOf(current), error: null };
    }
    const submittable: IntentStatus[] = ['requires_payment_method', 'requires_action'];
    const fail = async (message: string): Promise<TestCardOutcome> => {
      const moved = await this.move(
        id,
        submittable,
        { status: 'requires_payment_method', lastError: message },
        'payment_intent.payment_failed',
      );
      return moved ? { intent: moved, error: message } : { intent: await this.retrieveIntent(id), error: null };
    };
    const number = cardNumber.replace(/[\s-]/g, '');
    if (number === TEST_CARDS.declined) return fail(PAYMENT_MESSAGES.cardDeclined);
    if (number === TEST_CARDS.authentication && authentication !== 'approve') {
      if (authentication === 'refuse') return fail(PAYMENT_MESSAGES.authenticationRefused);
      const moved = await this.move(id, submittable, { status: 'requires_action' });
      return { intent: moved ?? (await this.retrieveIntent(id)), error: null };
    }
    if (number !== TEST_CARDS.success && number !== TEST_CARDS.authentication) {
      const moved = await this.move(id, submittable, { lastError: PAYMENT_MESSAGES.cardInvalid });
      return moved
        ? { intent: moved, error: PAYMENT_MESSAGES.cardInvalid }
        : { intent: intentOf(current), error: null };
    }
    const moved =
      current.captureMethod === 'manual'
        ? await this.move(
            id,
            submittable,
            { status: 'requires_capture', lastError: null },
            'payment_intent.amount_capturable_updated',
          )
        : await this.move(
            id,
            submittable,
            { status: 'succeeded', lastError: null, amountReceivedCents: current.amountCents },
            'payment_intent.succeeded',
          );
    return { intent: moved ?? (await this.retrieveIntent(id)), error: null };
  }

  async captureIntent(id: string, amountCents: number): Promise<ProviderIntent> {
    const current = await this.find(id);
    const captured = await this.move(
      id,
      ['requires_capture'],
      { status: 'succeeded', amountReceivedCents: Math.min(amountCents, current.amountCents) },
      'payment_intent.succeeded',
    );
    if (captured) return captured;
    // A retried capture gets the capture already made, as Stripe's idempotency keys would give.
    const after = await this.find(id);
    if (after.status === 'succeeded' && after.captureMethod === 'manual') return intentOf(after);
    throw new ProviderError(PAYMENT_MESSAGES.captureNoHold, 'invalid');
  }

  async cancelIntent(id: string): Promise<ProviderIntent> {
    const current = await this.find(id);
    if (current.status === 'succeeded') {
      throw new ProviderError('Un paiement encaissé ne peut pas être annulé', 'invalid');
    }
    const canceled = await this.move(
      id,
      [...OPEN, 'requires_capture'],
      { status: 'canceled' },
      'payment_intent.canceled',
    );
    if (canceled) return canceled;
    const after = await this.find(id);
    if (after.status === 'succeeded')
      throw new ProviderError('Un paiement encaissé ne peut pas être annulé', 'invalid');
    return intentOf(after);
  }

  async refund(intentId: string, amountCents: number, idempotencyKey: string) {
    const intent = await this.find(intentId);
    const done = intent.refunds[idempotencyKey];
    if (done) return { id: done.id, status: done.status };
    if (intent.status !== 'succeeded' || amountCents > intent.amountReceivedCents) {
      throw new ProviderError('Remboursement impossible pour ce paiement', 'invalid');
    }
    const refund = { id: newId('re'), status: 'succeeded', amountCents };
    // Recorded once per key: a concurrent retry with the same key reads the first one back.
    const row = await intents.addRefund(this.db, intentId, idempotencyKey, refund);
    const stored = row ? refund : (await this.find(intentId)).refunds[idempotencyKey]!;
    return { id: stored.id, status: stored.status };
  }
}
