import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { paymentIntentResponse } from '../../src/shared/api/payments.schema';
import { addIsoDays, tomorrowInParis } from '../../src/shared/booking-days';
import { STRIPE_REFUSALS } from '../../src/server/providers/payments/stripe-provider';
import { expectError } from '../support/auth';
import { cb } from '../support/customer-bookings';
import { bookingRow, pay, paymentRows, prebookedBooking } from '../support/payment-states';
import { createStaffWithSession } from '../support/staff';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * What Stripe refuses and the product must handle: a capture above what the hold still allows, a
 * refund above what is left on the payment (a part refunded from Stripe's dashboard). The team gets a
 * French message and the database is as it was before the click.
 */

let t: TestApp;
let stripe: StripeStandIn;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await createTestApp({ env: stripe.env });
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

async function intentFor(token: string, bookingId: string) {
  const res = await cb(t.app, 'POST', pay(bookingId, 'organizer-stripe-intent'), token, { amount: 0.5 });
  expect(res.statusCode, res.body).toBe(200);
  return paymentIntentResponse.parse(res.json()).data;
}

function staffPost(token: string, bookingId: string, action: string, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/staff/booking-requests/${bookingId}/${action}`,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
}

async function snapshot(bookingId: string) {
  const audit = await t.app.inject({
    method: 'GET',
    url: `/api/v1/staff/booking-requests/${bookingId}`,
    headers: { authorization: `Bearer ${(await createStaffWithSession(t.db)).token}` },
  });
  return {
    payments: await paymentRows(t.db, bookingId),
    booking: await bookingRow(t.db, bookingId),
    audit: (audit.json() as { data: { auditTrail?: unknown } }).data.auditTrail,
  };
}

describe('Stripe refusals reach the team, and change nothing here', () => {
  it('a capture above what the hold still allows: French message, nothing captured, then a smaller one goes through', async () => {
    const state = await prebookedBooking(t.app, t.db, {
      type: 'deposit_card',
      startDate: addIsoDays(tomorrowInParis(), 1),
    });
    const intent = await intentFor(state.organizer.token, state.bookingId);
    stripe.confirm(intent.intentId);
    const done = await cb(
      t.app,
      'POST',
      pay(state.bookingId, 'complete-deposit-authorization'),
      state.organizer.token,
      {
        intentId: intent.intentId,
      },
    );
    expect(done.statusCode, done.body).toBe(200);
    // The card's issuer kept less than the 150 € hold (a partial authorization): 100 € capturable at Stripe.
    stripe.intents.get(intent.intentId)!.amount_capturable = 10_000;
    const staff = await createStaffWithSession(t.db);
    const before = await snapshot(state.bookingId);

    const refused = await staffPost(staff.token, state.bookingId, 'deposit-capture', { amount: 120 });
    expectError(refused, 409, STRIPE_REFUSALS.captureTooLarge, 'INTENT_INVALID');
    expect(await snapshot(state.bookingId)).toEqual(before);
    expect(stripe.intents.get(intent.intentId)).toMatchObject({ status: 'requires_capture', amount_received: 0 });

    // A retry with another amount is another request for Stripe (not the refused key reused).
    const smaller = await staffPost(staff.token, state.bookingId, 'deposit-capture', { amount: 80 });
    expect(smaller.statusCode, smaller.body).toBe(200);
    expect(stripe.intents.get(intent.intentId)).toMatchObject({ status: 'succeeded', amount_received: 8_000 });
  });

  it('a refund above what is left on the payment: French message, nothing refunded nor recorded', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer', totalCents: 45_000 });
    const intent = await intentFor(state.organizer.token, state.bookingId);
    stripe.confirm(intent.intentId);
    const paid = await cb(t.app, 'POST', pay(state.bookingId, 'stripe-confirm'), state.organizer.token, {
      intentId: intent.intentId,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const staff = await createStaffWithSession(t.db);
    const canceled = await staffPost(staff.token, state.bookingId, 'cancel', { reason: 'Demande du client' });
    expect(canceled.statusCode, canceled.body).toBe(200);
    // Someone refunded 400 € from Stripe's dashboard: 50 € left, the terms give 215 €.
    const sdk = new Stripe(stripe.env.STRIPE_SECRET_KEY!, {
      host: '127.0.0.1',
      port: Number(stripe.env.STRIPE_API_PORT),
      protocol: 'http',
      telemetry: false,
    });
    await sdk.refunds.create({ payment_intent: intent.intentId, amount: 40_000 });
    const before = await snapshot(state.bookingId);

    const refused = await staffPost(staff.token, state.bookingId, 'refund', {});
    expectError(refused, 409, STRIPE_REFUSALS.refundTooLarge, 'INTENT_INVALID');
    expect(await snapshot(state.bookingId)).toEqual(before);
    expect(before.payments.some((row) => row.kind === 'refund')).toBe(false);
    // Asked again, Stripe refuses again; still nothing here.
    expectError(await staffPost(staff.token, state.bookingId, 'refund', {}), 409, STRIPE_REFUSALS.refundTooLarge);
    expect(await snapshot(state.bookingId)).toEqual(before);
  });
});
