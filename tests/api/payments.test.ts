import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequests, paymentConfigs } from '../../src/server/db/schema';
import { outboxMailer } from '../../src/server/modules/mail/mailer.public';
import { releaseFinishedDepositHolds } from '../../src/server/modules/payments/payments-staff.service';
import {
  collectiveStatusResponse,
  depositAuthorizationResponse,
  nextStepsResponse,
  paymentHistoryResponse,
  paymentIntentResponse,
  paymentOutcomeResponse,
} from '../../src/shared/api/payments.schema';
import { addIsoDays, tomorrowInParis } from '../../src/shared/booking-days';
import { expectError, registerCustomer } from '../support/auth';
import { cb, getDetail, MSG } from '../support/customer-bookings';
import { bookingRow, participantRow, pay, paymentRows, prebookedBooking } from '../support/payment-states';
import { createStaffWithSession } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const CARD_OK = '4242 4242 4242 4242';
const CARD_DECLINED = '4000 0000 0000 0002';
const CARD_3DS = '4000 0025 0000 3155';

async function organizerIntent(token: string, bookingId: string, body: unknown = {}) {
  const res = await cb(t.app, 'POST', pay(bookingId, 'organizer-stripe-intent'), token, body);
  expect(res.statusCode, res.body).toBe(200);
  return paymentIntentResponse.strict().parse(res.json()).data;
}

function testCard(token: string, bookingId: string, intentId: string, cardNumber: string, authentication?: string) {
  return cb(t.app, 'POST', pay(bookingId, 'test-card'), token, {
    intentId,
    cardNumber,
    ...(authentication ? { authentication } : {}),
  });
}

async function confirm(token: string, bookingId: string, intentId: string) {
  const res = await cb(t.app, 'POST', pay(bookingId, 'stripe-confirm'), token, { intentId });
  expect(res.statusCode, res.body).toBe(200);
  return paymentOutcomeResponse.strict().parse(res.json());
}

describe('test provider: configuration', () => {
  it('tells the renderer it is in test mode, on both stripe-config calls', async () => {
    for (const url of ['/api/v1/customer-booking-requests/stripe-config', '/api/v1/establishment/stripe-config']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        payment_mode: 'test',
        stripe_configured: false,
        can_receive_payments: true,
        publishable_key: null,
      });
    }
  });
});

describe('full payment by the organizer', () => {
  it('charges the quote total whatever amount the client sends, and confirms the booking', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer', totalCents: 45_000 });
    const detail = await getDetail(t.app, state.organizer.token, state.bookingId);
    expect(detail.permissions.canPay).toBe(true);
    expect(detail.payment.config).toMatchObject({ type: 'full_payment_organizer', amount: 450 });
    expect(detail.payment.totalAmount).toBe(450);
    expect(detail.payment.config?.contractUrl).toBe(`/api/v1/contracts/contrat-${state.reference}.pdf`);

    const intent = await organizerIntent(state.organizer.token, state.bookingId, { amount: 1 });
    expect(intent).toMatchObject({
      amount: 450,
      captureMethod: 'automatic',
      payment_mode: 'test',
      status: 'requires_payment_method',
    });
    expect(intent.client_secret).toMatch(/^pi_test_\w+_secret_\w+$/);
    // A retry (double click) gets the same intent.
    expect((await organizerIntent(state.organizer.token, state.bookingId)).intentId).toBe(intent.intentId);

    const paid = await testCard(state.organizer.token, state.bookingId, intent.intentId, CARD_OK);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toEqual({ intentId: intent.intentId, status: 'succeeded', error: null });
    const confirmed = await confirm(state.organizer.token, state.bookingId, intent.intentId);
    expect(confirmed.message).toBe('Paiement confirmé');
    expect(confirmed.data).toMatchObject({
      intentStatus: 'succeeded',
      paymentStatus: 'paid',
      bookingStatus: 'confirmed',
    });

    const rows = await paymentRows(t.db, state.bookingId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'full',
      status: 'completed',
      amountCents: 45_000,
      capturedCents: 45_000,
      provider: 'test',
    });
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });

    const again = await cb(t.app, 'POST', pay(state.bookingId, 'organizer-stripe-intent'), state.organizer.token, {});
    expectError(again, 409, 'Vous ne pouvez pas effectuer de paiement pour le moment');
  });

  it('a declined card is refused with the card message, stores the failure, and the same intent can be paid again', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer' });
    const intent = await organizerIntent(state.organizer.token, state.bookingId);
    const declined = await testCard(state.organizer.token, state.bookingId, intent.intentId, CARD_DECLINED);
    expectError(declined, 402, 'Votre carte a été refusée.', 'CARD_ERROR');
    expect(await paymentRows(t.db, state.bookingId)).toMatchObject([
      { status: 'failed', failureMessage: 'Votre carte a été refusée.' },
    ]);
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'prebooked', paymentStatus: 'unpaid' });
    const early = await cb(t.app, 'POST', pay(state.bookingId, 'stripe-confirm'), state.organizer.token, {
      intentId: intent.intentId,
    });
    expectError(early, 409, 'Statut de paiement inattendu: requires_payment_method');

    const retry = await organizerIntent(state.organizer.token, state.bookingId);
    expect(retry.intentId).toBe(intent.intentId);
    expect((await testCard(state.organizer.token, state.bookingId, intent.intentId, CARD_OK)).statusCode).toBe(200);
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });

  it('the authentication card asks for 3-D Secure; approving it pays, refusing it fails', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer' });
    const intent = await organizerIntent(state.organizer.token, state.bookingId);
    const challenge = await testCard(state.organizer.token, state.bookingId, intent.intentId, CARD_3DS);
    expect(challenge.json().data.status).toBe('requires_action');
    expectError(
      await testCard(state.organizer.token, state.bookingId, intent.intentId, CARD_3DS, 'refuse'),
      402,
      'L’authentification de la carte a échoué.',
    );
    expect((await testCard(state.organizer.token, state.bookingId, intent.intentId, CARD_3DS)).json().data.status).toBe(
      'requires_action',
    );
    const approved = await testCard(state.organizer.token, state.bookingId, intent.intentId, CARD_3DS, 'approve');
    expect(approved.json().data.status).toBe('succeeded');
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed' });
  });

  it('refuses a payment past the due date with the SPEC.md §8 message, and strangers get 404', async () => {
    const state = await prebookedBooking(t.app, t.db, {
      type: 'full_payment_organizer',
      dueAt: new Date(Date.now() - 60_000),
    });
    const res = await cb(t.app, 'POST', pay(state.bookingId, 'organizer-stripe-intent'), state.organizer.token, {});
    expectError(res, 409, 'Délai de paiement expiré');
    expect(await paymentRows(t.db, state.bookingId)).toHaveLength(0);
    const steps = nextStepsResponse.parse(
      (await cb(t.app, 'GET', `/${state.bookingId}/next-steps`, state.organizer.token)).json(),
    );
    expect(steps.data.steps[0]).toMatchObject({
      title: 'Délai de paiement expiré',
      status: 'expired',
      action: 'contact',
    });

    const stranger = await registerCustomer(t.app);
    expectError(
      await cb(t.app, 'POST', pay(state.bookingId, 'organizer-stripe-intent'), stranger.token, {}),
      404,
      MSG.notFound,
    );
    expectError(await cb(t.app, 'GET', pay(state.bookingId, 'collective-status'), stranger.token), 404, MSG.notFound);
  });
});

describe('partial payment', () => {
  it('charges the percentage of the total and confirms; the balance is due on arrival', async () => {
    const state = await prebookedBooking(t.app, t.db, {
      type: 'partial_payment_card',
      totalCents: 45_001,
      percentage: 30,
    });
    const intent = await organizerIntent(state.organizer.token, state.bookingId);
    expect(intent.amount).toBe(135);
    await testCard(state.organizer.token, state.bookingId, intent.intentId, CARD_OK);
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'partial' });
  });
});

describe('card deposit hold', () => {
  it('cannot be placed earlier than 6 days before the first day, and says from when', async () => {
    const state = await prebookedBooking(t.app, t.db, {
      type: 'deposit_card',
      startDate: addIsoDays(tomorrowInParis(), 10),
    });
    const from = addIsoDays(tomorrowInParis(), 4);
    const label = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${from}T00:00:00Z`),
    );
    const res = await cb(t.app, 'POST', pay(state.bookingId, 'organizer-stripe-intent'), state.organizer.token, {});
    expectError(res, 409, `La caution pourra être autorisée à partir du ${label}`);
    const status = depositAuthorizationResponse.parse(
      (await cb(t.app, 'GET', pay(state.bookingId, 'deposit-authorization-status'), state.organizer.token)).json(),
    ).data;
    expect(status).toMatchObject({
      authorization_created: false,
      availableFrom: from,
      canAuthorizeNow: false,
      amount: 150,
      savedCard: 'unavailable',
      failure: null,
    });
  });

  it('places a manual-capture hold, confirms the booking, then staff capture part of it', async () => {
    const state = await prebookedBooking(t.app, t.db, {
      type: 'deposit_card',
      startDate: addIsoDays(tomorrowInParis(), 2),
    });
    expectError(
      await cb(t.app, 'POST', pay(state.bookingId, 'complete-deposit-authorization'), state.organizer.token, {}),
      404,
      'Aucune autorisation disponible',
    );
    const intent = await organizerIntent(state.organizer.token, state.bookingId);
    expect(intent).toMatchObject({ amount: 150, captureMethod: 'manual' });
    const before = depositAuthorizationResponse.parse(
      (await cb(t.app, 'GET', pay(state.bookingId, 'deposit-authorization-status'), state.organizer.token)).json(),
    ).data;
    expect(before).toMatchObject({
      authorization_created: true,
      authorization_confirmed: false,
      client_secret: intent.client_secret,
    });

    expect((await testCard(state.organizer.token, state.bookingId, intent.intentId, CARD_OK)).json().data.status).toBe(
      'requires_capture',
    );
    const done = await cb(
      t.app,
      'POST',
      pay(state.bookingId, 'complete-deposit-authorization'),
      state.organizer.token,
      {},
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      message: 'Caution autorisée',
      data: { paymentStatus: 'authorized', bookingStatus: 'confirmed' },
    });
    expect((await bookingRow(t.db, state.bookingId)).status).toBe('confirmed');

    const staff = await createStaffWithSession(t.db);
    const tooMuch = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/booking-requests/${state.bookingId}/deposit-capture`,
      headers: { authorization: `Bearer ${staff.token}` },
      payload: { amount: 150.01 },
    });
    expectError(tooMuch, 400, 'Le montant à encaisser doit être compris entre 0,01 € et 150 €');
    const absurd = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/booking-requests/${state.bookingId}/deposit-capture`,
      headers: { authorization: `Bearer ${staff.token}` },
      payload: { amount: 1e9 },
    });
    expectError(absurd, 400, 'Le montant ne peut pas dépasser 1 000 000 €');
    const capture = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/booking-requests/${state.bookingId}/deposit-capture`,
      headers: { authorization: `Bearer ${staff.token}` },
      payload: { amount: 40 },
    });
    expect(capture.statusCode, capture.body).toBe(200);
    expect(capture.json()).toMatchObject({ message: 'Caution encaissée', data: { captured: 40, released: 110 } });
    expect(await paymentRows(t.db, state.bookingId)).toMatchObject([
      { kind: 'deposit', status: 'completed', capturedCents: 4000 },
    ]);
  });
});

describe('collective payment', () => {
  it('splits the total in cents between joined people, the odd cents one each from the organizer on, and confirms on the last share', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 10_001, joined: 2 });
    const [first, second] = state.participants;
    const status = collectiveStatusResponse.parse(
      (await cb(t.app, 'GET', pay(state.bookingId, 'collective-status'), first!.token)).json(),
    ).data;
    expect(status).toMatchObject({
      enabled: true,
      totalParticipants: 3,
      paidParticipants: 0,
      amountPerParticipant: 33.33,
      isComplete: false,
    });
    expect(status.participants.map((person) => person.paymentAmount)).toEqual([33.34, 33.34, 33.33]);

    const other = await cb(
      t.app,
      'POST',
      pay(state.bookingId, `participant-stripe-intent/${second!.participantId}`),
      first!.token,
      {},
    );
    expectError(other, 403, 'Seul ce participant peut régler sa part');

    const own = await cb(
      t.app,
      'POST',
      pay(state.bookingId, `participant-payment/${first!.participantId}`),
      first!.token,
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data).toEqual({ canPay: true, amount: 33.34, status: 'pending', paidAt: null });

    for (const [person, participantId] of [
      [first!, first!.participantId],
      [second!, second!.participantId],
      [state.organizer, state.organizerParticipantId],
    ] as const) {
      const res = await cb(
        t.app,
        'POST',
        pay(state.bookingId, `participant-stripe-intent/${participantId}`),
        person.token,
        {},
      );
      expect(res.statusCode, res.body).toBe(200);
      const intent = paymentIntentResponse.parse(res.json()).data;
      // Another member's payment is not found for them, whichever call they try it on.
      const stranger = person === first ? second! : first!;
      for (const call of ['stripe-confirm', 'test-card']) {
        expectError(
          await cb(t.app, 'POST', pay(state.bookingId, call), stranger.token, {
            intentId: intent.intentId,
            cardNumber: CARD_OK,
          }),
          404,
          'Paiement introuvable',
        );
      }
      expect((await testCard(person.token, state.bookingId, intent.intentId, CARD_OK)).statusCode).toBe(200);
      const booking = await bookingRow(t.db, state.bookingId);
      expect(booking.status).toBe(participantId === state.organizerParticipantId ? 'confirmed' : 'prebooked');
    }
    const rows = await paymentRows(t.db, state.bookingId);
    expect(rows.reduce((sum, row) => sum + row.capturedCents, 0)).toBe(10_001);
    expect((await participantRow(t.db, first!.participantId)).paymentStatus).toBe('paid');
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    const detail = await getDetail(t.app, first!.token, state.bookingId);
    expect(detail.payment.collective).toMatchObject({ isComplete: true, progressPercentage: 100, paidAmount: 100.01 });
  });

  it('20 concurrent payments of the last share give one payment', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 20_000, joined: 1 });
    const last = state.participants[0]!;
    const intents = await Promise.all(
      Array.from({ length: 20 }, () =>
        cb(t.app, 'POST', pay(state.bookingId, `participant-stripe-intent/${last.participantId}`), last.token, {}),
      ),
    );
    const ids = new Set(intents.map((res) => paymentIntentResponse.parse(res.json()).data.intentId));
    expect(ids.size).toBe(1);
    const [intentId] = [...ids];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2 === 0
          ? testCard(last.token, state.bookingId, intentId!, CARD_OK)
          : cb(t.app, 'POST', pay(state.bookingId, 'stripe-confirm'), last.token, { intentId }),
      ),
    );
    expect(results.every((res) => res.statusCode === 200 || res.statusCode === 409)).toBe(true);
    const rows = await paymentRows(t.db, state.bookingId);
    expect(rows.filter((row) => row.status === 'completed')).toHaveLength(1);
    expect(rows[0]!.capturedCents).toBe(10_000);
  });
});

describe('next steps and history', () => {
  it('guides the organizer to pay, then shows the confirmation; the history labels payments in French', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer' });
    const before = nextStepsResponse.parse(
      (await cb(t.app, 'GET', `/${state.bookingId}/next-steps`, state.organizer.token)).json(),
    );
    expect(before.data.steps[0]).toMatchObject({
      title: 'Paiement à effectuer',
      status: 'current',
      action: 'pay',
      actionLabel: 'Payer maintenant',
    });
    const intent = await organizerIntent(state.organizer.token, state.bookingId);
    await testCard(state.organizer.token, state.bookingId, intent.intentId, CARD_DECLINED);
    await testCard(state.organizer.token, state.bookingId, intent.intentId, CARD_OK);
    const after = nextStepsResponse.parse(
      (await cb(t.app, 'GET', `/${state.bookingId}/next-steps`, state.organizer.token)).json(),
    );
    expect(after.data.steps[0]).toMatchObject({
      title: 'Réservation confirmée',
      actionUrl: `/api/v1/contracts/contrat-${state.reference}.pdf`,
    });
    const history = paymentHistoryResponse.parse(
      (await cb(t.app, 'GET', '/payments/history', state.organizer.token)).json(),
    );
    expect(history.data.payments).toMatchObject([
      { bookingRequestId: state.reference, amount: 450, status: 'completed', statusLabel: 'Payé' },
    ]);
    expect(history.data.contracts).toEqual([
      {
        bookingId: state.bookingId,
        bookingRequestId: state.reference,
        contractUrl: `/api/v1/contracts/contrat-${state.reference}.pdf`,
      },
    ]);
  });
});

describe('staff calls and the hold release sweep', () => {
  it('lists who paid which share to staff only, and the sweep releases a hold once the stay is over', async () => {
    const state = await prebookedBooking(t.app, t.db, {
      type: 'deposit_card',
      startDate: addIsoDays(tomorrowInParis(), 1),
    });
    const intent = await organizerIntent(state.organizer.token, state.bookingId);
    await testCard(state.organizer.token, state.bookingId, intent.intentId, CARD_OK);
    expect((await bookingRow(t.db, state.bookingId)).paymentStatus).toBe('authorized');

    const url = `/api/v1/staff/booking-requests/${state.bookingId}/payments`;
    const asCustomer = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${state.organizer.token}` },
    });
    expect(asCustomer.statusCode).toBe(401);
    const staff = await createStaffWithSession(t.db);
    const listed = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${staff.token}` } });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.payments).toMatchObject([
      { kind: 'deposit', status: 'authorized', amount: 150, payerName: 'Claire Organisatrice' },
    ]);

    // The sweep's deps (releasing a hold sends no e-mail).
    const sweep = {
      db: t.db,
      provider: t.app.paymentProvider,
      log: t.app.log,
      mailer: outboxMailer(),
      mailContext: async () => ({
        parkName: 'Parc',
        parkEmail: 'contact@parc.fr',
        parkPhone: '05 00 00 00 00',
        publicUrl: 'http://parc.test',
      }),
    };
    // Not over yet: nothing released.
    expect(await releaseFinishedDepositHolds(sweep)).toBe(0);
    await t.db
      .update(bookingRequests)
      .set({ startDate: addIsoDays(tomorrowInParis(), -5), endDate: addIsoDays(tomorrowInParis(), -4) })
      .where(eq(bookingRequests.id, state.bookingId));
    expect(await releaseFinishedDepositHolds(sweep)).toBe(1);
    expect(await releaseFinishedDepositHolds(sweep)).toBe(0);
    expect(await paymentRows(t.db, state.bookingId)).toMatchObject([{ status: 'canceled' }]);
    const [config] = await t.db.select().from(paymentConfigs).where(eq(paymentConfigs.bookingId, state.bookingId));
    expect(config!.authorizationCanceled).toBe(true);
  });

  it('refunds a canceled booking by the terms through the test provider', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer', totalCents: 45_000 });
    const staff = await createStaffWithSession(t.db);
    const refund = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/staff/booking-requests/${state.bookingId}/refund`,
        headers: { authorization: `Bearer ${staff.token}` },
        payload: { withFee: false },
      });
    const intent = await organizerIntent(state.organizer.token, state.bookingId);
    await testCard(state.organizer.token, state.bookingId, intent.intentId, CARD_OK);
    // Only a canceled booking is refunded (tests/api/payments-staff-rules.test.ts has the rules).
    expectError(await refund(), 409, 'Seule une réservation annulée peut être remboursée : annulez-la d’abord');
    const canceled = await t.app.inject({
      method: 'POST',
      url: `/api/v1/staff/booking-requests/${state.bookingId}/cancel`,
      headers: { authorization: `Bearer ${staff.token}` },
      payload: { reason: 'Demande du client' },
    });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const res = await refund();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ refunded: 225, rate: 50, fee: 0, paid: 450 });
    const history = paymentHistoryResponse.parse(
      (await cb(t.app, 'GET', '/payments/history', state.organizer.token)).json(),
    );
    // The refund reads as one, and the payment half refunded as such (docs/decisions.md, "Refunds
    // in the customer's history").
    expect(
      history.data.payments.map(({ kind, amount, status, statusLabel }) => [kind, amount, status, statusLabel]),
    ).toEqual([
      ['refund', 225, 'refunded', 'Remboursé'],
      ['full', 450, 'refunded', 'Remboursé en partie'],
    ]);
  });
});
