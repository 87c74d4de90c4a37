import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';

/** The stand-in refuses, through the real SDK, what Stripe refuses (tests/support/stripe-stand-in.ts). */

let standIn: StripeStandIn;
let sdk: Stripe;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  sdk = new Stripe(standIn.env.STRIPE_SECRET_KEY!, {
    host: '127.0.0.1',
    port: Number(standIn.env.STRIPE_API_PORT),
    protocol: 'http',
    telemetry: false,
    maxNetworkRetries: 0,
  });
});

afterAll(() => standIn?.close());

async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Stripe.errors.StripeError);
  return error as Stripe.errors.StripeError;
}

const hold = async (amount = 15_000) => {
  const intent = await sdk.paymentIntents.create({ amount, currency: 'eur', capture_method: 'manual' });
  return standIn.confirm(intent.id);
};

const paid = async (amount = 10_000) => {
  const intent = await sdk.paymentIntents.create({ amount, currency: 'eur' });
  return standIn.confirm(intent.id);
};

describe('Stripe stand-in', () => {
  it('answers objects with Stripe fields, and the SDK sends its own api_version', async () => {
    const intent = await sdk.paymentIntents.create({ amount: 5_000, currency: 'eur', capture_method: 'automatic' });
    expect(intent).toMatchObject({
      confirmation_method: 'automatic',
      payment_method_types: ['card'],
      status: 'requires_payment_method',
    });
    standIn.confirm(intent.id);
    const refund = await sdk.refunds.create({ payment_intent: intent.id, amount: 1_000 });
    expect(refund).toMatchObject({ currency: 'eur', status: 'succeeded', amount: 1_000 });
    expect(typeof refund.created).toBe('number');
    expect(standIn.requests.at(-1)!.apiVersion).toBe(Stripe.API_VERSION);
    const event = standIn.webhook('refund.created', refund).event;
    expect(event.api_version).toBe(Stripe.API_VERSION);
    const setup = await sdk.setupIntents.create({ usage: 'off_session' });
    expect(standIn.confirmSetup(setup.id)).toMatchObject({
      object: 'setup_intent',
      status: 'succeeded',
      usage: 'off_session',
    });
  });

  it('replays a key with the same parameters, refuses it with others (idempotency_error)', async () => {
    const key = `create:${Math.random()}`;
    const first = await sdk.paymentIntents.create({ amount: 2_000, currency: 'eur' }, { idempotencyKey: key });
    const again = await sdk.paymentIntents.create({ amount: 2_000, currency: 'eur' }, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    const error = await refusal(sdk.paymentIntents.create({ amount: 3_000, currency: 'eur' }, { idempotencyKey: key }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error.statusCode).toBe(400);
    expect(error.message).toMatch(/same parameters they were first used with/);
  });

  it('refuses a capture above the hold (amount_too_large) and keeps the hold', async () => {
    const intent = await hold();
    const error = await refusal(sdk.paymentIntents.capture(intent.id, { amount_to_capture: 15_001 }));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 400, code: 'amount_too_large', param: 'amount_to_capture' });
    expect(standIn.intents.get(intent.id)).toMatchObject({ status: 'requires_capture', amount_capturable: 15_000 });
    expect(await sdk.paymentIntents.capture(intent.id, { amount_to_capture: 5_000 })).toMatchObject({
      status: 'succeeded',
      amount_received: 5_000,
      amount_capturable: 0,
    });
  });

  it('refuses to cancel a paid intent (payment_intent_unexpected_state)', async () => {
    const intent = await paid();
    const error = await refusal(sdk.paymentIntents.cancel(intent.id));
    expect(error).toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
    expect(standIn.intents.get(intent.id)!.status).toBe('succeeded');
  });

  it('refuses refunds of unknown intents (404), of unpaid intents, and above what is left', async () => {
    expect(await refusal(sdk.refunds.create({ payment_intent: 'pi_unknown' }))).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    const unpaid = await sdk.paymentIntents.create({ amount: 2_000, currency: 'eur' });
    expect(await refusal(sdk.refunds.create({ payment_intent: unpaid.id }))).toMatchObject({
      statusCode: 400,
      code: 'payment_intent_unexpected_state',
    });
    const intent = await paid(10_000);
    expect(await refusal(sdk.refunds.create({ payment_intent: intent.id, amount: 10_001 }))).toMatchObject({
      statusCode: 400,
      code: 'amount_too_large',
      param: 'amount',
    });
    await sdk.refunds.create({ payment_intent: intent.id, amount: 6_000 });
    expect(await refusal(sdk.refunds.create({ payment_intent: intent.id, amount: 4_001 }))).toMatchObject({
      code: 'amount_too_large',
    });
    await sdk.refunds.create({ payment_intent: intent.id, amount: 4_000 });
    expect(await refusal(sdk.refunds.create({ payment_intent: intent.id, amount: 1 }))).toMatchObject({
      code: 'charge_already_refunded',
    });
  });

  it('lets a test keep a refund pending, then fail it and send refund.failed; the money is refundable again', async () => {
    const intent = await paid(10_000);
    standIn.refundsPending = true;
    const refund = await sdk.refunds.create({ payment_intent: intent.id, amount: 10_000 });
    standIn.refundsPending = false;
    expect(refund.status).toBe('pending');
    expect((await sdk.refunds.retrieve(refund.id)).status).toBe('pending');
    const failed = standIn.settleRefund(refund.id, 'failed');
    expect(failed).toMatchObject({ status: 'failed', failure_reason: 'expired_or_canceled_card' });
    const { payload, headers, event } = standIn.webhook('refund.failed', failed);
    const parsed = sdk.webhooks.constructEvent(
      payload,
      headers['stripe-signature']!,
      standIn.env.STRIPE_WEBHOOK_SECRET!,
    );
    expect(parsed).toMatchObject({
      id: event.id,
      type: 'refund.failed',
      data: { object: { id: refund.id, status: 'failed' } },
    });
    expect(await sdk.refunds.create({ payment_intent: intent.id, amount: 10_000 })).toMatchObject({
      status: 'succeeded',
    });
  });
});
