// Money that must not be kept (docs/decisions.md, "A success that should
// no longer be paid"): a card success on an intent canceled here, on a canceled booking, past the due
// date, or beyond the booking's total is refunded in full at once through the provider, recorded as
// refunded with its reason, and the booking does not move. Also: the customer's history labels
// refunds, SPEC.md §8's 'Votre caution de n€ est déjà autorisée', and card amounts under 0,50 €.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingParticipants, outbox, paymentConfigs, payments, testProviderIntents } from '../../src/server/db/schema';
import { paymentHistoryResponse, paymentIntentResponse } from '../../src/shared/api/payments.schema';
import { addIsoDays, tomorrowInParis } from '../../src/shared/booking-days';
import { expectError } from '../support/auth';
import { cb } from '../support/customer-bookings';
import { bookingRow, pay, paymentRows, prebookedBooking, type PaymentState } from '../support/payment-states';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';
import { createTestApp, type TestApp } from '../support/test-app';
import { providerSweepTasks } from '../../src/server/payment-provider-from-config';
import { runSweeps } from '../../src/server/modules/sweeps/sweeps.service';
import { sweepDeps } from '../support/sweep-deps';

const CARD_OK = '4242 4242 4242 4242';
const EXPIRED = 'Délai de paiement expiré';
const GIVEN_BACK = 'ce paiement vous est remboursé intégralement.';
const CONFIG_CHANGED = `Les modalités de paiement de votre réservation ont changé : ${GIVEN_BACK}`;
const BOOKING_CANCELED = `Cette réservation est annulée : ${GIVEN_BACK}`;
const TOTAL_EXCEEDED = `Le montant payé dépasserait le total de la réservation : ${GIVEN_BACK}`;
const CANCELED_BEFORE_CHARGE =
  'Ce paiement a été annulé, les modalités de paiement de votre réservation ont changé : fermez cette fenêtre et relancez le paiement.';

let t: TestApp;
let s: TestApp;
let stripe: StripeStandIn;
let staff: TestStaff;
let stripeStaff: TestStaff;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  [t, s] = await Promise.all([createTestApp(), createTestApp({ env: stripe.env })]);
  staff = await createStaffWithSession(t.db);
  stripeStaff = await createStaffWithSession(s.db);
});

afterAll(async () => {
  await t?.close();
  await s?.close();
  await stripe?.close();
});

async function openIntent(app: TestApp, token: string, bookingId: string, path = 'organizer-stripe-intent') {
  const res = await cb(app.app, 'POST', pay(bookingId, path), token, {});
  expect(res.statusCode, res.body).toBe(200);
  return paymentIntentResponse.parse(res.json()).data;
}

function staffCall(
  app: TestApp,
  who: TestStaff,
  method: 'POST' | 'PUT',
  bookingId: string,
  action: string,
  payload = {},
) {
  return app.app.inject({
    method,
    url: `/api/v1/staff/booking-requests/${bookingId}/${action}`,
    headers: { authorization: `Bearer ${who.token}` },
    payload,
  });
}

/** "The clock moving on": the due date set in the past, as the e2e journeys do. */
async function dueDatePassed(app: TestApp, bookingId: string) {
  await app.db
    .update(paymentConfigs)
    .set({ dueAt: new Date(Date.now() - 60_000) })
    .where(eq(paymentConfigs.bookingId, bookingId));
}

/**
 * The test provider's card went through anyway (the race the provider can lose: the customer's
 * card step completing while the intent was being canceled here): its intent made succeeded.
 */
async function testCardWentThrough(intentId: string, status: 'succeeded' | 'requires_capture' = 'succeeded') {
  const [intent] = await t.db.select().from(testProviderIntents).where(eq(testProviderIntents.id, intentId));
  await t.db
    .update(testProviderIntents)
    .set({ status, amountReceivedCents: status === 'succeeded' ? intent!.amountCents : 0 })
    .where(eq(testProviderIntents.id, intentId));
}

async function testIntent(intentId: string) {
  const [intent] = await t.db.select().from(testProviderIntents).where(eq(testProviderIntents.id, intentId));
  return intent!;
}

function confirm(app: TestApp, token: string, bookingId: string, intentId: string) {
  return cb(app.app, 'POST', pay(bookingId, 'stripe-confirm'), token, { intentId });
}

async function paymentMails(app: TestApp, bookingId: string) {
  return app.db
    .select()
    .from(outbox)
    .where(and(like(outbox.text, `%/booking/${bookingId}%`)))
    .then((rows) => rows.filter((row) => ['payment-received', 'booking-confirmed'].includes(row.template)));
}

async function history(app: TestApp, token: string) {
  const res = await cb(app.app, 'GET', '/payments/history', token);
  expect(res.statusCode, res.body).toBe(200);
  return paymentHistoryResponse.parse(res.json()).data.payments;
}

/** The refused payment and its refund row, as the database keeps them. */
async function refusedRows(app: TestApp, bookingId: string, paymentId: string) {
  const rows = await paymentRows(app.db, bookingId);
  return {
    payment: rows.find((row) => row.id === paymentId)!,
    refund: rows.find((row) => row.idempotencyKey === `late-refund:${paymentId}`),
  };
}

describe('test provider: a success that should no longer be paid is refunded at once', () => {
  it('(a) staff changed the configuration: the card form refuses the old intent before any charge', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer', totalCents: 45_000 });
    const intent = await openIntent(t, state.organizer.token, state.bookingId);
    const changed = await staffCall(t, staff, 'PUT', state.bookingId, 'payment-config', {
      type: 'partial_payment_card',
      totalAmount: 450,
      percentage: 30,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const refused = await cb(t.app, 'POST', pay(state.bookingId, 'test-card'), state.organizer.token, {
      intentId: intent.intentId,
      cardNumber: CARD_OK,
    });
    expectError(refused, 409, CANCELED_BEFORE_CHARGE, 'PAYMENT_NOT_ALLOWED');
    const charged = await testIntent(intent.intentId);
    expect(charged.amountReceivedCents).toBe(0);
    expect(charged.status).not.toBe('succeeded');
    expect(await paymentRows(t.db, state.bookingId)).toMatchObject([
      { kind: 'full', status: 'canceled', capturedCents: 0 },
    ]);
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'prebooked', paymentStatus: 'unpaid' });

    // The new configuration's payment goes through: 30 % of 450 €.
    const partial = await openIntent(t, state.organizer.token, state.bookingId);
    expect(partial.amount).toBe(135);
    const paid = await cb(t.app, 'POST', pay(state.bookingId, 'test-card'), state.organizer.token, {
      intentId: partial.intentId,
      cardNumber: CARD_OK,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'partial' });
  });

  it('(a) the card went through on the canceled intent anyway: refunded in full, the booking does not move', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer', totalCents: 45_000 });
    const intent = await openIntent(t, state.organizer.token, state.bookingId);
    const changed = await staffCall(t, staff, 'PUT', state.bookingId, 'payment-config', {
      type: 'partial_payment_card',
      totalAmount: 450,
      percentage: 30,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await testCardWentThrough(intent.intentId);
    const [paymentId] = (await paymentRows(t.db, state.bookingId)).map((row) => row.id);

    expectError(
      await confirm(t, state.organizer.token, state.bookingId, intent.intentId),
      409,
      CONFIG_CHANGED,
      'PAYMENT_NOT_ALLOWED',
    );
    // Asked again: the same answer, and still one refund.
    expectError(await confirm(t, state.organizer.token, state.bookingId, intent.intentId), 409, CONFIG_CHANGED);
    const { payment, refund } = await refusedRows(t, state.bookingId, paymentId!);
    expect(payment).toMatchObject({
      status: 'refunded',
      capturedCents: 45_000,
      refundedCents: 45_000,
      failureMessage: CONFIG_CHANGED,
    });
    expect(refund).toMatchObject({
      kind: 'refund',
      status: 'completed',
      amountCents: 45_000,
      capturedCents: 45_000,
      payerCustomerId: state.organizer.id,
      failureMessage: CONFIG_CHANGED,
    });
    const { refunds } = await testIntent(intent.intentId);
    expect(Object.entries(refunds).map(([key, value]) => [key, value.amountCents])).toEqual([
      [`late-refund:${paymentId}`, 45_000],
    ]);
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'prebooked', paymentStatus: 'unpaid' });
    expect(await paymentMails(t, state.bookingId)).toEqual([]);

    // The history says it went back: the payment 'Remboursé', and the refund as its own line.
    expect(await history(t, state.organizer.token)).toMatchObject([
      { kind: 'refund', amount: 450, status: 'refunded', statusLabel: 'Remboursé' },
      { kind: 'full', amount: 450, status: 'refunded', statusLabel: 'Remboursé' },
    ]);
  });

  it('(b) the booking was canceled: the success is refunded and the booking stays canceled', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer', totalCents: 45_000 });
    const intent = await openIntent(t, state.organizer.token, state.bookingId);
    const canceled = await staffCall(t, staff, 'POST', state.bookingId, 'cancel', { reason: 'Demande du groupe' });
    expect(canceled.statusCode, canceled.body).toBe(200);
    // Refused before any charge on the card form…
    expectError(
      await cb(t.app, 'POST', pay(state.bookingId, 'test-card'), state.organizer.token, {
        intentId: intent.intentId,
        cardNumber: CARD_OK,
      }),
      409,
      'Vous ne pouvez pas effectuer de paiement pour le moment',
    );
    expect((await testIntent(intent.intentId)).amountReceivedCents).toBe(0);
    // …and refunded when the card went through anyway.
    await testCardWentThrough(intent.intentId);
    expectError(
      await confirm(t, state.organizer.token, state.bookingId, intent.intentId),
      409,
      BOOKING_CANCELED,
      'PAYMENT_NOT_ALLOWED',
    );
    const [row] = await paymentRows(t.db, state.bookingId);
    expect(row).toMatchObject({ status: 'refunded', refundedCents: 45_000, failureMessage: BOOKING_CANCELED });
    expect(Object.keys((await testIntent(intent.intentId)).refunds)).toEqual([`late-refund:${row!.id}`]);
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'canceled', paymentStatus: 'unpaid' });
    expect(await paymentMails(t, state.bookingId)).toEqual([]);
  });

  it('(c) past the due date: refused before any charge, and a card that went through is refunded', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer', totalCents: 45_000 });
    const intent = await openIntent(t, state.organizer.token, state.bookingId);
    await dueDatePassed(t, state.bookingId);
    expectError(
      await cb(t.app, 'POST', pay(state.bookingId, 'test-card'), state.organizer.token, {
        intentId: intent.intentId,
        cardNumber: CARD_OK,
      }),
      409,
      EXPIRED,
      'PAYMENT_EXPIRED',
    );
    expect((await testIntent(intent.intentId)).status).toBe('requires_payment_method');
    await testCardWentThrough(intent.intentId);
    expectError(
      await confirm(t, state.organizer.token, state.bookingId, intent.intentId),
      409,
      EXPIRED,
      'PAYMENT_EXPIRED',
    );
    const [row] = await paymentRows(t.db, state.bookingId);
    expect(row).toMatchObject({
      status: 'refunded',
      capturedCents: 45_000,
      refundedCents: 45_000,
      failureMessage: EXPIRED,
    });
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'prebooked', paymentStatus: 'unpaid' });
  });

  it('(c) a card hold placed past the due date is released, nothing taken, the booking not confirmed', async () => {
    const state = await prebookedBooking(t.app, t.db, {
      type: 'deposit_card',
      startDate: addIsoDays(tomorrowInParis(), 2),
    });
    const intent = await openIntent(t, state.organizer.token, state.bookingId);
    await dueDatePassed(t, state.bookingId);
    await testCardWentThrough(intent.intentId, 'requires_capture');
    const res = await cb(t.app, 'POST', pay(state.bookingId, 'complete-deposit-authorization'), state.organizer.token, {
      intentId: intent.intentId,
    });
    expectError(res, 409, EXPIRED, 'PAYMENT_EXPIRED');
    expect((await testIntent(intent.intentId)).status).toBe('canceled');
    expect(await paymentRows(t.db, state.bookingId)).toMatchObject([
      { kind: 'deposit', status: 'canceled', capturedCents: 0, failureMessage: EXPIRED },
    ]);
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'prebooked', paymentStatus: 'unpaid' });
  });

  it('(d) beyond the total: a stale share intent is refused before the charge, refunded after it; Σ paid = total', async () => {
    // 300 € between the organizer and two participants; while the second was away, the first
    // opened a 150 € share that no longer exists once they are three again (100 € each).
    const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 30_000, joined: 2 });
    const [first, second] = state.participants as [PaymentState['participants'][0], PaymentState['participants'][0]];
    const away = (isActive: boolean) =>
      t.db.update(bookingParticipants).set({ isActive }).where(eq(bookingParticipants.id, second.participantId));
    await away(false);
    const stale = await openIntent(t, first.token, state.bookingId, `participant-stripe-intent/${first.participantId}`);
    expect(stale.amount).toBe(150);
    await away(true);
    for (const [person, participantId] of [
      [state.organizer, state.organizerParticipantId],
      [second, second.participantId],
    ] as const) {
      const share = await openIntent(t, person.token, state.bookingId, `participant-stripe-intent/${participantId}`);
      expect(share.amount).toBe(100);
      const paid = await cb(t.app, 'POST', pay(state.bookingId, 'test-card'), person.token, {
        intentId: share.intentId,
        cardNumber: CARD_OK,
      });
      expect(paid.statusCode, paid.body).toBe(200);
    }
    expectError(
      await cb(t.app, 'POST', pay(state.bookingId, 'test-card'), first.token, {
        intentId: stale.intentId,
        cardNumber: CARD_OK,
      }),
      409,
      'Le montant payé dépasserait le total de la réservation',
      'ALREADY_PAID',
    );
    await testCardWentThrough(stale.intentId);
    expectError(await confirm(t, first.token, state.bookingId, stale.intentId), 409, TOTAL_EXCEEDED, 'ALREADY_PAID');
    const staleRow = (await paymentRows(t.db, state.bookingId)).find((row) => row.providerIntentId === stale.intentId)!;
    expect(staleRow).toMatchObject({ status: 'refunded', refundedCents: 15_000, failureMessage: TOTAL_EXCEEDED });
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'prebooked', paymentStatus: 'partial' });

    // The first participant pays the real share: the total exactly, confirmed.
    const share = await openIntent(t, first.token, state.bookingId, `participant-stripe-intent/${first.participantId}`);
    expect(share.amount).toBe(100);
    await cb(t.app, 'POST', pay(state.bookingId, 'test-card'), first.token, {
      intentId: share.intentId,
      cardNumber: CARD_OK,
    });
    const rows = await paymentRows(t.db, state.bookingId);
    const kept = rows.filter((row) => row.status === 'completed' && row.kind === 'share');
    expect(kept.reduce((sum, row) => sum + row.capturedCents, 0)).toBe(30_000);
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });

    // Each payer sees their own refund; the organizer sees every line of the booking.
    const mine = (await history(t, first.token)).filter((item) => item.bookingId === state.bookingId);
    expect(mine.map(({ kind, amount, statusLabel }) => [kind, amount, statusLabel]).sort()).toEqual(
      [
        ['refund', 150, 'Remboursé'],
        ['share', 100, 'Payé'],
        ['share', 150, 'Remboursé'],
      ].sort(),
    );
    const theirs = await history(t, second.token);
    expect(theirs.map(({ kind, amount, statusLabel }) => [kind, amount, statusLabel])).toEqual([
      ['share', 100, 'Payé'],
    ]);
  });
});

describe('SPEC.md §8: the deposit already authorized, and card amounts under 0,50 €', () => {
  it('asking for the deposit again once authorized answers "Votre caution de 150€ est déjà autorisée"', async () => {
    const state = await prebookedBooking(t.app, t.db, {
      type: 'deposit_card',
      startDate: addIsoDays(tomorrowInParis(), 2),
    });
    const intent = await openIntent(t, state.organizer.token, state.bookingId);
    await cb(t.app, 'POST', pay(state.bookingId, 'test-card'), state.organizer.token, {
      intentId: intent.intentId,
      cardNumber: CARD_OK,
    });
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'authorized' });
    const again = await cb(t.app, 'POST', pay(state.bookingId, 'organizer-stripe-intent'), state.organizer.token, {});
    expectError(again, 409, 'Votre caution de 150€ est déjà autorisée', 'ALREADY_AUTHORIZED');
  });

  it('refuses a collective split whose smallest share is under 0,50 €, and any card payment under 0,50 €', async () => {
    const tiny = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 2, joined: 2 });
    for (const [person, participantId] of [
      [tiny.participants[0]!, tiny.participants[0]!.participantId],
      [tiny.organizer, tiny.organizerParticipantId],
    ] as const) {
      expectError(
        await cb(t.app, 'POST', pay(tiny.bookingId, `participant-stripe-intent/${participantId}`), person.token, {}),
        409,
        'Chaque part doit être d’au moins 0,50 € pour être payée par carte : contactez notre équipe pour changer les modalités de paiement.',
        'PAYMENT_NOT_ALLOWED',
      );
    }
    expect(await paymentRows(t.db, tiny.bookingId)).toEqual([]);

    const even = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 150, joined: 2 });
    const share = await openIntent(
      t,
      even.participants[0]!.token,
      even.bookingId,
      `participant-stripe-intent/${even.participants[0]!.participantId}`,
    );
    expect(share.amount).toBe(0.5);

    const small = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer', totalCents: 49 });
    expectError(
      await cb(t.app, 'POST', pay(small.bookingId, 'organizer-stripe-intent'), small.organizer.token, {}),
      409,
      'Le montant à payer par carte doit être d’au moins 0,50 € : contactez notre équipe pour changer les modalités de paiement.',
      'PAYMENT_NOT_ALLOWED',
    );
    expect(await paymentRows(t.db, small.bookingId)).toEqual([]);
  });
});

describe('the customer history labels refunds', () => {
  it('a partly refunded payment reads "Remboursé en partie", the refund "Remboursé", and each payer sees their own', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 30_000, joined: 1 });
    const person = state.participants[0]!;
    for (const [payer, participantId] of [
      [person, person.participantId],
      [state.organizer, state.organizerParticipantId],
    ] as const) {
      const share = await openIntent(t, payer.token, state.bookingId, `participant-stripe-intent/${participantId}`);
      await cb(t.app, 'POST', pay(state.bookingId, 'test-card'), payer.token, {
        intentId: share.intentId,
        cardNumber: CARD_OK,
      });
    }
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    const canceled = await staffCall(t, staff, 'POST', state.bookingId, 'cancel', {
      reason: 'Empêchement du groupe',
      withFee: false,
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    // 8 days before the first day: 50 % of 300 €, no fee, 75 € back on each share.
    const refund = await staffCall(t, staff, 'POST', state.bookingId, 'refund', { withFee: false });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().data).toMatchObject({ refunded: 150, rate: 50, fee: 0, paid: 300 });

    const lines = (items: Awaited<ReturnType<typeof history>>) =>
      items
        .filter((item) => item.bookingId === state.bookingId)
        .map(({ kind, amount, status, statusLabel }) => ({ kind, amount, status, statusLabel }));
    const own = [
      { kind: 'refund', amount: 75, status: 'refunded', statusLabel: 'Remboursé' },
      { kind: 'share', amount: 150, status: 'refunded', statusLabel: 'Remboursé en partie' },
    ];
    expect(lines(await history(t, person.token))).toEqual(own);
    // The organizer sees both payers' lines, newest first: the two refunds, then the two shares.
    expect(lines(await history(t, state.organizer.token))).toEqual([own[0], own[0], own[1], own[1]]);
    expect((await history(t, state.organizer.token)).map((item) => item.statusLabel)).not.toContain('Payé');
  });
});

describe('Stripe: a late success is refunded through Stripe', () => {
  function postWebhook(payload: string, headers: Record<string, string>) {
    return s.app.inject({ method: 'POST', url: '/api/v1/payments/stripe/webhook', payload, headers });
  }

  const refundsOf = (intentId: string) =>
    stripe.requests.filter((request) => request.path === '/v1/refunds' && request.form.payment_intent === intentId);

  it('(c) stripe-confirm after the due date answers "Délai de paiement expiré" and refunds the intent in full', async () => {
    const state = await prebookedBooking(s.app, s.db, { type: 'full_payment_organizer', totalCents: 45_000 });
    const intent = await openIntent(s, state.organizer.token, state.bookingId);
    await dueDatePassed(s, state.bookingId);
    stripe.confirm(intent.intentId);
    expectError(
      await confirm(s, state.organizer.token, state.bookingId, intent.intentId),
      409,
      EXPIRED,
      'PAYMENT_EXPIRED',
    );
    const [row] = await paymentRows(s.db, state.bookingId);
    const refunds = refundsOf(intent.intentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      idempotencyKey: `late-refund:${row!.id}`,
      form: { payment_intent: intent.intentId, amount: '45000' },
    });
    expect(row).toMatchObject({
      status: 'refunded',
      capturedCents: 45_000,
      refundedCents: 45_000,
      failureMessage: EXPIRED,
    });
    expect(await bookingRow(s.db, state.bookingId)).toMatchObject({ status: 'prebooked', paymentStatus: 'unpaid' });
    expect(await paymentMails(s, state.bookingId)).toEqual([]);
  });

  it('a refund Stripe could not be reached for is sent again by the sweep, once, with the same key', async () => {
    const state = await prebookedBooking(s.app, s.db, { type: 'full_payment_organizer', totalCents: 45_000 });
    const intent = await openIntent(s, state.organizer.token, state.bookingId);
    await dueDatePassed(s, state.bookingId);
    stripe.confirm(intent.intentId);
    stripe.refundsDown = true;
    try {
      expectError(
        await confirm(s, state.organizer.token, state.bookingId, intent.intentId),
        409,
        EXPIRED,
        'PAYMENT_EXPIRED',
      );
    } finally {
      stripe.refundsDown = false;
    }
    const [payment] = await paymentRows(s.db, state.bookingId);
    const owed = () => paymentRows(s.db, state.bookingId).then((rows) => rows.find((row) => row.kind === 'refund'));
    expect(await owed()).toMatchObject({ status: 'failed', amountCents: 45_000 });
    expect(payment).toMatchObject({ status: 'refunded', refundedCents: 0, failureMessage: EXPIRED });

    // No webhook or confirmation comes: the sweep sends it, with the key of the first try.
    const tasks = providerSweepTasks(s.app.paymentProvider);
    expect(await runSweeps(sweepDeps(s.db), new Date(), tasks)).toMatchObject({ 'retry-late-refunds': 1 });
    expect(await runSweeps(sweepDeps(s.db), new Date(), tasks)).toMatchObject({ 'retry-late-refunds': 0 });
    const sent = refundsOf(intent.intentId);
    expect(sent.map((request) => request.idempotencyKey)).toEqual(
      Array(sent.length).fill(`late-refund:${payment!.id}`),
    );
    expect(await owed()).toMatchObject({ status: 'completed', capturedCents: 45_000 });
    expect((await paymentRows(s.db, state.bookingId)).find((row) => row.kind === 'full')).toMatchObject({
      status: 'refunded',
      refundedCents: 45_000,
    });
    expect(await bookingRow(s.db, state.bookingId)).toMatchObject({ status: 'prebooked', paymentStatus: 'unpaid' });
  });

  it('20 concurrent stripe-confirm calls and the webhook (twice) of a late success give exactly one refund', async () => {
    const state = await prebookedBooking(s.app, s.db, { type: 'full_payment_organizer', totalCents: 45_000 });
    const intent = await openIntent(s, state.organizer.token, state.bookingId);
    await dueDatePassed(s, state.bookingId);
    const paid = stripe.confirm(intent.intentId);
    const event = stripe.webhook('payment_intent.succeeded', paid);
    const results = await Promise.all([
      postWebhook(event.payload, event.headers),
      ...Array.from({ length: 20 }, () => confirm(s, state.organizer.token, state.bookingId, intent.intentId)),
      postWebhook(event.payload, event.headers),
    ]);
    expect(results[0]!.statusCode, results[0]!.body).toBe(200);
    expect(results.at(-1)!.statusCode).toBe(200);
    for (const res of results.slice(1, -1)) expectError(res, 409, EXPIRED, 'PAYMENT_EXPIRED');
    expect(refundsOf(intent.intentId)).toHaveLength(1);
    const rows = await paymentRows(s.db, state.bookingId);
    expect(
      rows.map(({ kind, status, capturedCents, refundedCents }) => [kind, status, capturedCents, refundedCents]),
    ).toEqual([
      ['full', 'refunded', 45_000, 45_000],
      ['refund', 'completed', 45_000, 0],
    ]);
    expect(await bookingRow(s.db, state.bookingId)).toMatchObject({ status: 'prebooked', paymentStatus: 'unpaid' });
    expect(await paymentMails(s, state.bookingId)).toEqual([]);
  });

  it('(a) a success the webhook reports on an intent canceled by a new configuration is refunded', async () => {
    const state = await prebookedBooking(s.app, s.db, { type: 'full_payment_organizer', totalCents: 45_000 });
    const intent = await openIntent(s, state.organizer.token, state.bookingId);
    const changed = await staffCall(s, stripeStaff, 'PUT', state.bookingId, 'payment-config', {
      type: 'full_payment_organizer',
      totalAmount: 500,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // The card step had completed at Stripe before the cancellation reached it.
    const event = stripe.webhook('payment_intent.succeeded', stripe.confirm(intent.intentId));
    expect((await postWebhook(event.payload, event.headers)).statusCode).toBe(200);
    expect(refundsOf(intent.intentId).map((request) => request.form.amount)).toEqual(['45000']);
    const [row] = await paymentRows(s.db, state.bookingId);
    expect(row).toMatchObject({ status: 'refunded', refundedCents: 45_000, failureMessage: CONFIG_CHANGED });
    expect(await bookingRow(s.db, state.bookingId)).toMatchObject({ status: 'prebooked', paymentStatus: 'unpaid' });
    // The customer's late confirmation is answered with the reason.
    expectError(await confirm(s, state.organizer.token, state.bookingId, intent.intentId), 409, CONFIG_CHANGED);
    expect(refundsOf(intent.intentId)).toHaveLength(1);
  });

  it('(b) a success on a canceled booking is refunded, and the booking stays canceled', async () => {
    const state = await prebookedBooking(s.app, s.db, { type: 'collective_payment', totalCents: 30_000, joined: 1 });
    const person = state.participants[0]!;
    const intent = await openIntent(
      s,
      person.token,
      state.bookingId,
      `participant-stripe-intent/${person.participantId}`,
    );
    const canceled = await staffCall(s, stripeStaff, 'POST', state.bookingId, 'cancel', { reason: 'Intempéries' });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const event = stripe.webhook('payment_intent.succeeded', stripe.confirm(intent.intentId));
    expect((await postWebhook(event.payload, event.headers)).statusCode).toBe(200);
    expect(refundsOf(intent.intentId).map((request) => request.form.amount)).toEqual(['15000']);
    const [row] = await paymentRows(s.db, state.bookingId);
    expect(row).toMatchObject({
      kind: 'share',
      status: 'refunded',
      refundedCents: 15_000,
      failureMessage: BOOKING_CANCELED,
    });
    expect(await bookingRow(s.db, state.bookingId)).toMatchObject({ status: 'canceled', paymentStatus: 'unpaid' });
    const [participant] = await s.db
      .select()
      .from(bookingParticipants)
      .where(eq(bookingParticipants.id, person.participantId));
    expect(participant!.paymentStatus).not.toBe('paid');
    // The participant sees their payment and its refund.
    expect(
      (await history(s, person.token)).map(({ kind, amount, statusLabel }) => [kind, amount, statusLabel]),
    ).toEqual([
      ['refund', 150, 'Remboursé'],
      ['share', 150, 'Remboursé'],
    ]);
  });

  it('(c) a hold placed past the due date is released at Stripe, never refunded nor kept', async () => {
    const state = await prebookedBooking(s.app, s.db, {
      type: 'deposit_card',
      startDate: addIsoDays(tomorrowInParis(), 2),
    });
    const intent = await openIntent(s, state.organizer.token, state.bookingId);
    await dueDatePassed(s, state.bookingId);
    stripe.confirm(intent.intentId);
    const res = await cb(s.app, 'POST', pay(state.bookingId, 'complete-deposit-authorization'), state.organizer.token, {
      intentId: intent.intentId,
    });
    expectError(res, 409, EXPIRED, 'PAYMENT_EXPIRED');
    const cancels = stripe.requests.filter(
      (request) => request.path === `/v1/payment_intents/${intent.intentId}/cancel`,
    );
    expect(cancels.length).toBeGreaterThanOrEqual(1);
    expect(cancels[0]!.idempotencyKey).toMatch(/^late-release:/);
    expect(stripe.intents.get(intent.intentId)!.status).toBe('canceled');
    expect(refundsOf(intent.intentId)).toEqual([]);
    expect(await bookingRow(s.db, state.bookingId)).toMatchObject({ status: 'prebooked', paymentStatus: 'unpaid' });
  });

  it('a refund Stripe failed is sent again by the next delivery of the event, once', async () => {
    const state = await prebookedBooking(s.app, s.db, { type: 'full_payment_organizer', totalCents: 45_000 });
    const intent = await openIntent(s, state.organizer.token, state.bookingId);
    await dueDatePassed(s, state.bookingId);
    const paid = stripe.confirm(intent.intentId);
    const first = stripe.webhook('payment_intent.succeeded', paid);
    expect((await postWebhook(first.payload, first.headers)).statusCode).toBe(200);
    expect(refundsOf(intent.intentId)).toHaveLength(1);
    // What a refund Stripe failed leaves (written here by hand: the stand-in never fails): the
    // payment refused with nothing refunded yet, its refund row 'failed'.
    const [row] = await paymentRows(s.db, state.bookingId);
    await s.db
      .update(payments)
      .set({ status: 'failed' })
      .where(eq(payments.idempotencyKey, `late-refund:${row!.id}`));
    await s.db.update(payments).set({ refundedCents: 0 }).where(eq(payments.id, row!.id));
    // Stripe delivers the event again (a replay: no new effect, the refund retried).
    expect((await postWebhook(first.payload, first.headers)).statusCode).toBe(200);
    expect((await postWebhook(first.payload, first.headers)).statusCode).toBe(200);
    const retries = refundsOf(intent.intentId);
    expect(retries).toHaveLength(2);
    expect(new Set(retries.map((request) => request.idempotencyKey))).toEqual(new Set([`late-refund:${row!.id}`]));
    const { payment, refund } = await refusedRows(s, state.bookingId, row!.id);
    expect(payment).toMatchObject({ status: 'refunded', refundedCents: 45_000 });
    expect(refund).toMatchObject({ status: 'completed', capturedCents: 45_000 });
  });
});
