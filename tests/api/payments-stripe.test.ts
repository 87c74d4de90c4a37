import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentIntentResponse } from '../../src/shared/api/payments.schema';
import { addIsoDays, tomorrowInParis } from '../../src/shared/booking-days';
import { outbox, providerEvents } from '../../src/server/db/schema';
import { expectError } from '../support/auth';
import { cb } from '../support/customer-bookings';
import { bookingRow, pay, paymentRows, prebookedBooking } from '../support/payment-states';
import { createStaffWithSession } from '../support/staff';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';
import { createTestApp, type TestApp } from '../support/test-app';

/** The same payment flows as payments.test.ts, through the Stripe SDK against a local stand-in. */

let t: TestApp;
let stripe: StripeStandIn;
const WEBHOOK = '/api/v1/payments/stripe/webhook';
const SIGNATURE = 'Signature du webhook invalide';

beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await createTestApp({ env: stripe.env });
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

async function intentFor(token: string, bookingId: string, path = 'organizer-stripe-intent') {
  const res = await cb(t.app, 'POST', pay(bookingId, path), token, { amount: 0.5 });
  expect(res.statusCode, res.body).toBe(200);
  return paymentIntentResponse.parse(res.json()).data;
}

/** A deposit booking two days ahead whose 150 € hold the organizer authorized at Stripe. */
async function authorizedHold() {
  const state = await prebookedBooking(t.app, t.db, {
    type: 'deposit_card',
    startDate: addIsoDays(tomorrowInParis(), 1),
  });
  const intent = await intentFor(state.organizer.token, state.bookingId);
  stripe.confirm(intent.intentId);
  const done = await cb(t.app, 'POST', pay(state.bookingId, 'complete-deposit-authorization'), state.organizer.token, {
    intentId: intent.intentId,
  });
  expect(done.statusCode, done.body).toBe(200);
  return { state, intent };
}

function postWebhook(payload: string, headers: Record<string, string>) {
  return t.app.inject({ method: 'POST', url: WEBHOOK, payload, headers });
}

/** The outbox's e-mails of one template about one booking (each carries the booking's link). */
async function mailsAbout(bookingId: string, template: string) {
  return t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.template, template), like(outbox.text, `%/booking/${bookingId}%`)));
}

async function eventCount() {
  const [row] = await t.db.select({ n: count() }).from(providerEvents);
  return row!.n;
}

describe('Stripe: intents', () => {
  it('says the mode is stripe and gives the publishable key', async () => {
    const res = await cb(t.app, 'GET', '/stripe-config');
    expect(res.json().data).toEqual({
      payment_mode: 'stripe',
      stripe_configured: true,
      can_receive_payments: true,
      publishable_key: 'pk_test_standin',
    });
  });

  it('creates the full payment for the quote total, automatic capture, with a key derived from the business intent', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer', totalCents: 45_000 });
    const intent = await intentFor(state.organizer.token, state.bookingId);
    expect(intent).toMatchObject({ amount: 450, captureMethod: 'automatic', payment_mode: 'stripe' });
    const created = stripe.requests.filter((request) => request.path === '/v1/payment_intents');
    const mine = created.find((request) => request.form['metadata[bookingId]'] === state.bookingId)!;
    expect(mine.form).toMatchObject({ amount: '45000', currency: 'eur', capture_method: 'automatic' });
    expect(mine.idempotencyKey).toBe(`booking:${state.bookingId}:full:45000`);
    // The retry returns the same intent.
    expect((await intentFor(state.organizer.token, state.bookingId)).intentId).toBe(intent.intentId);
    expect(stripe.requests.filter((request) => request.form['metadata[bookingId]'] === state.bookingId)).toHaveLength(
      1,
    );
  });

  it('places the deposit hold with capture_method manual; staff capture part of it through Stripe', async () => {
    const { state, intent } = await authorizedHold();
    expect(stripe.intents.get(intent.intentId)).toMatchObject({ amount: 15_000, capture_method: 'manual' });
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'authorized' });
    const again = await cb(t.app, 'POST', pay(state.bookingId, 'organizer-stripe-intent'), state.organizer.token, {});
    expectError(again, 409, 'Votre caution de 150€ est déjà autorisée', 'ALREADY_AUTHORIZED');

    const staff = await createStaffWithSession(t.db);
    const capture = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/booking-requests/${state.bookingId}/deposit-capture`,
      headers: { authorization: `Bearer ${staff.token}` },
      payload: { amount: 25.5 },
    });
    expect(capture.statusCode, capture.body).toBe(200);
    const request = stripe.requests.find((entry) => entry.path === `/v1/payment_intents/${intent.intentId}/capture`)!;
    expect(request.form.amount_to_capture).toBe('2550');
    expect(request.idempotencyKey).toMatch(/^capture:/);
  });

  it('two team members capturing the same hold at once: one capture, the other told the hold is spent', async () => {
    const { state, intent } = await authorizedHold();
    const [first, second] = await Promise.all([createStaffWithSession(t.db), createStaffWithSession(t.db)]);
    const capture = (token: string, amount: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/staff/booking-requests/${state.bookingId}/deposit-capture`,
        headers: { authorization: `Bearer ${token}` },
        payload: { amount },
      });
    const answers = await Promise.all([capture(first.token, 60), capture(second.token, 40)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expectError(
      answers.find((answer) => answer.statusCode === 409)!,
      409,
      'Aucune caution autorisée à encaisser pour cette réservation',
      'NO_HOLD',
    );
    const captures = stripe.requests.filter((entry) => entry.path === `/v1/payment_intents/${intent.intentId}/capture`);
    expect(stripe.intents.get(intent.intentId)).toMatchObject({ status: 'succeeded' });
    expect(captures.length).toBeGreaterThanOrEqual(1);
  });

  it('refunds through Stripe the amount the terms give (8 days before: 50 % less the 10 € fee)', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer', totalCents: 45_000 });
    const intent = await intentFor(state.organizer.token, state.bookingId);
    stripe.confirm(intent.intentId);
    await cb(t.app, 'POST', pay(state.bookingId, 'stripe-confirm'), state.organizer.token, {
      intentId: intent.intentId,
    });
    const staff = await createStaffWithSession(t.db);
    const refund = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/staff/booking-requests/${state.bookingId}/refund`,
        headers: { authorization: `Bearer ${staff.token}` },
        payload: {},
      });
    // Only a canceled booking is refunded (tests/api/payments-staff-rules.test.ts has the rules).
    const canceled = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/booking-requests/${state.bookingId}/cancel`,
      headers: { authorization: `Bearer ${staff.token}` },
      payload: { reason: 'Demande du client' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const [first, second] = await Promise.all([refund(), refund()]);
    const ok = [first, second].find((res) => res.statusCode === 200)!;
    expect(ok.json()).toMatchObject({
      message: 'Remboursement effectué',
      data: { refunded: 215, rate: 50, fee: 10, paid: 450 },
    });
    expectError(
      [first, second].find((res) => res !== ok)!,
      409,
      'Cette réservation a déjà été remboursée',
    );
    const refunds = stripe.requests.filter(
      (request) => request.path === '/v1/refunds' && request.form.payment_intent === intent.intentId,
    );
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.form.amount).toBe('21500');
    const rows = await paymentRows(t.db, state.bookingId);
    expect(rows.find((row) => row.kind === 'full')).toMatchObject({ refundedCents: 21_500, status: 'completed' });
    expect(rows.find((row) => row.kind === 'refund')).toMatchObject({ status: 'completed', capturedCents: 21_500 });
  });
});

describe('Stripe: the signed webhook is the source of truth', () => {
  it('applies a signed succeeded event once, whatever the replays', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer' });
    const intent = await intentFor(state.organizer.token, state.bookingId);
    const paid = stripe.confirm(intent.intentId);
    const event = stripe.webhook('payment_intent.succeeded', paid);
    const before = await eventCount();
    for (let replay = 0; replay < 3; replay += 1) {
      const res = await postWebhook(event.payload, event.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
    expect(await eventCount()).toBe(before + 1);
    expect(await paymentRows(t.db, state.bookingId)).toMatchObject([{ status: 'completed', capturedCents: 45_000 }]);
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    // One receipt and one confirmation, whatever the replays.
    const receipts = await mailsAbout(state.bookingId, 'payment-received');
    expect(receipts.map((mail) => [mail.to, mail.subject])).toEqual([
      [state.organizer.email, `Paiement reçu – réservation ${state.reference}`],
    ]);
    const confirmations = await mailsAbout(state.bookingId, 'booking-confirmed');
    expect(confirmations.map((mail) => [mail.to, mail.subject])).toEqual([
      [state.organizer.email, `Réservation ${state.reference} confirmée – Parc Aventure des Landes`],
    ]);
  });

  it('refuses forged, tampered and stale events and changes nothing', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer' });
    const intent = await intentFor(state.organizer.token, state.bookingId);
    const paid = stripe.confirm(intent.intentId);
    const before = await eventCount();

    const forged = stripe.webhook('payment_intent.succeeded', paid, { secret: 'whsec_someone_else' });
    expectError(await postWebhook(forged.payload, forged.headers), 400, SIGNATURE);
    const signed = stripe.webhook('payment_intent.succeeded', paid);
    const tampered = signed.payload.replace('"amount":45000', '"amount":1');
    expectError(await postWebhook(tampered, signed.headers), 400, SIGNATURE);
    const stale = stripe.webhook('payment_intent.succeeded', paid, { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expectError(await postWebhook(stale.payload, stale.headers), 400, SIGNATURE);
    expectError(await postWebhook(signed.payload, { 'content-type': 'application/json' }), 400, SIGNATURE);

    expect(await eventCount()).toBe(before);
    expect(await paymentRows(t.db, state.bookingId)).toMatchObject([{ status: 'pending' }]);
    expect((await bookingRow(t.db, state.bookingId)).status).toBe('prebooked');
  });

  it('an older failure arriving after the success changes nothing (reordering)', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer' });
    const intent = await intentFor(state.organizer.token, state.bookingId);
    const failed = {
      ...stripe.intents.get(intent.intentId)!,
      status: 'requires_payment_method' as const,
      last_payment_error: { type: 'card_error' as const, code: 'card_declined', message: 'Your card was declined.' },
    };
    const paid = stripe.confirm(intent.intentId);
    const success = stripe.webhook('payment_intent.succeeded', paid);
    const failure = stripe.webhook('payment_intent.payment_failed', failed);
    expect((await postWebhook(success.payload, success.headers)).statusCode).toBe(200);
    expect((await postWebhook(failure.payload, failure.headers)).statusCode).toBe(200);
    expect(await paymentRows(t.db, state.bookingId)).toMatchObject([{ status: 'completed', failureMessage: null }]);
    expect((await bookingRow(t.db, state.bookingId)).status).toBe('confirmed');
  });

  it('concurrent webhook and stripe-confirm for one intent give one effect', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 30_000, joined: 1 });
    const person = state.participants[0]!;
    const intent = await intentFor(person.token, state.bookingId, `participant-stripe-intent/${person.participantId}`);
    expect(stripe.intents.get(intent.intentId)!.amount).toBe(15_000);
    const paid = stripe.confirm(intent.intentId);
    const event = stripe.webhook('payment_intent.succeeded', paid);
    const results = await Promise.all([
      postWebhook(event.payload, event.headers),
      cb(t.app, 'POST', pay(state.bookingId, 'stripe-confirm'), person.token, { intentId: intent.intentId }),
      postWebhook(event.payload, event.headers),
      cb(t.app, 'POST', pay(state.bookingId, 'stripe-confirm'), person.token, { intentId: intent.intentId }),
    ]);
    expect(results.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = await paymentRows(t.db, state.bookingId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'completed', capturedCents: 15_000 });
    expect((await bookingRow(t.db, state.bookingId)).status).toBe('prebooked');
    // One receipt for the share; the booking is not confirmed yet, so no confirmation.
    expect((await mailsAbout(state.bookingId, 'payment-received')).map((mail) => mail.to)).toEqual([person.email]);
    expect(await mailsAbout(state.bookingId, 'booking-confirmed')).toEqual([]);
  });

  it('20 concurrent intents for the last share make one Stripe intent', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 30_000, joined: 1 });
    const person = state.participants[0]!;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        cb(t.app, 'POST', pay(state.bookingId, `participant-stripe-intent/${person.participantId}`), person.token, {}),
      ),
    );
    const ids = new Set(results.map((res) => paymentIntentResponse.parse(res.json()).data.intentId));
    expect(ids.size).toBe(1);
    expect(await paymentRows(t.db, state.bookingId)).toHaveLength(1);
  });

  it('the webhook route answers 404 without Stripe, and other JSON calls still parse objects', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({
        method: 'POST',
        url: WEBHOOK,
        payload: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(404);
      const login = await plain.app.inject({
        method: 'POST',
        url: '/api/v1/customer-auth/login',
        payload: { email: 'x@exemple.fr', password: 'nope-nope' },
      });
      expect(login.statusCode).toBe(401);
    } finally {
      await plain.close();
    }
  });
});
