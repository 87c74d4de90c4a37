import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addIsoDays, todayInParis, tomorrowInParis } from '../../src/shared/booking-days';
import { actionResponse, cancelResponse } from '../../src/shared/api/staff.schema';
import { paymentIntentResponse } from '../../src/shared/api/payments.schema';
import type { Db } from '../../src/server/db/client';
import { auditLog, bookingRequests, paymentConfigs, testProviderIntents } from '../../src/server/db/schema';
import { ProviderError, type PaymentProvider } from '../../src/server/providers/payments/payment-provider';
import { sweepDeps } from '../support/sweep-deps';
import {
  prorate,
  refundBooking,
  releaseFinishedDepositHolds,
} from '../../src/server/modules/payments/payments-staff.service';
import { cancelBooking, setPaymentConfig } from '../../src/server/modules/staff/staff-actions.service';
import { runSweeps } from '../../src/server/modules/sweeps/sweeps.service';
import { expectError } from '../support/auth';
import { cb } from '../support/customer-bookings';
import { bookingRow, pay, paymentRows, prebookedBooking, type PaymentState } from '../support/payment-states';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { staffCall } from '../support/staff-api';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The team's money rules (docs/decisions.md, "Payments"): a refund only of a
 * canceled booking, shared pro rata between the payers; a cancellation, an option released or a new
 * payment configuration closing the card intents and holds left open; every refund and capture in
 * the audit trail. Through the built-in test provider, then through the Stripe SDK and its stand-in.
 */

const CARD_OK = '4242 4242 4242 4242';
const NOT_CANCELED = 'Seule une réservation annulée peut être remboursée : annulez-la d’abord';
const ALREADY_REFUNDED = 'Cette réservation a déjà été remboursée';
const CAPTURE_CANCELED = 'Cette réservation est annulée : sa caution ne peut plus être encaissée';
const ALREADY_CANCELED = 'Cette réservation est déjà annulée';
const NOTHING = 'Aucun montant n’est remboursable selon les conditions de vente';
const NO_HOLD = 'Aucune caution autorisée à encaisser pour cette réservation';
const REQUESTS = '/booking-requests';

/** 30 days ahead: the terms give 80 % back (SPEC.md §9), less the 10 € fee unless waived. */
const IN_30_DAYS = () => addIsoDays(todayInParis(), 30);

function sessionOf(staff: TestStaff) {
  return { sessionId: 'session', staffId: staff.id, role: staff.role, name: 'Camille Dupuy', email: staff.email };
}

function helpers(get: () => { t: TestApp; staff: TestStaff }) {
  const app = (): FastifyInstance => get().t.app;
  const db = (): Db => get().t.db;
  const staffPost = (id: string, action: string, payload?: unknown) =>
    staffCall(app(), 'POST', `${REQUESTS}/${id}/${action}`, get().staff.token, payload);
  return {
    cancel: (id: string, reason = 'Demande du client') => staffPost(id, 'cancel', { reason }),
    refund: (id: string, body: unknown = {}) => staffPost(id, 'refund', body),
    capture: (id: string, amount: number) => staffPost(id, 'deposit-capture', { amount }),
    configure: (id: string, body: unknown) =>
      staffCall(app(), 'PUT', `${REQUESTS}/${id}/payment-config`, get().staff.token, body),
    async intent(token: string, bookingId: string, path = 'organizer-stripe-intent') {
      const res = await cb(app(), 'POST', pay(bookingId, path), token, {});
      expect(res.statusCode, res.body).toBe(200);
      return paymentIntentResponse.parse(res.json()).data;
    },
    async audit(bookingId: string, action: string) {
      return db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.bookingId, bookingId), eq(auditLog.action, action)))
        .orderBy(auditLog.createdAt);
    },
    async config(bookingId: string) {
      const [row] = await db().select().from(paymentConfigs).where(eq(paymentConfigs.bookingId, bookingId));
      return row!;
    },
  };
}

describe('with the test provider', () => {
  let t: TestApp;
  let staff: TestStaff;
  const h = helpers(() => ({ t, staff }));

  beforeAll(async () => {
    t = await createTestApp();
    staff = await createStaffWithSession(t.db, 'staff', { firstName: 'Camille', lastName: 'Dupuy' });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function payCard(token: string, bookingId: string, intentId: string) {
    const res = await cb(t.app, 'POST', pay(bookingId, 'test-card'), token, { intentId, cardNumber: CARD_OK });
    expect(res.statusCode, res.body).toBe(200);
  }

  async function testIntent(id: string) {
    const [row] = await t.db.select().from(testProviderIntents).where(eq(testProviderIntents.id, id));
    return row!;
  }

  /** The server's hold-release sweep task, with the provider (docs/decisions.md, "Card holds"). */
  const releaseSweep = () => releaseFinishedDepositHolds({ ...sweepDeps(t.db), provider: t.app.paymentProvider });

  /** A deposit_card booking two days ahead whose 150 € hold is placed: confirmed, 'authorized'. */
  async function heldBooking() {
    const state = await prebookedBooking(t.app, t.db, {
      type: 'deposit_card',
      startDate: addIsoDays(tomorrowInParis(), 1),
    });
    const intent = await h.intent(state.organizer.token, state.bookingId);
    await payCard(state.organizer.token, state.bookingId, intent.intentId);
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'authorized',
    });
    return { state, intentId: intent.intentId };
  }

  describe('refund', () => {
    it('is refused on a booking that is not canceled, changes nothing, then refunds the terms once canceled, audited', async () => {
      const state = await prebookedBooking(t.app, t.db, {
        type: 'full_payment_organizer',
        totalCents: 30_000,
        startDate: IN_30_DAYS(),
      });
      expectError(await h.refund(state.bookingId), 409, NOT_CANCELED, 'INVALID_TRANSITION');
      const intent = await h.intent(state.organizer.token, state.bookingId);
      await payCard(state.organizer.token, state.bookingId, intent.intentId);
      expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });

      const before = await paymentRows(t.db, state.bookingId);
      expectError(await h.refund(state.bookingId), 409, NOT_CANCELED, 'INVALID_TRANSITION');
      expect(await paymentRows(t.db, state.bookingId)).toEqual(before);
      expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
      expect((await testIntent(intent.intentId)).refunds).toEqual({});
      expect(await h.audit(state.bookingId, 'refund')).toEqual([]);

      const canceled = await h.cancel(state.bookingId);
      expect(canceled.statusCode, canceled.body).toBe(200);
      expect(cancelResponse.parse(canceled.json()).data.refundQuote).toMatchObject({ rate: 80, refundAmount: 230 });
      const res = await h.refund(state.bookingId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Remboursement effectué',
        data: { refunded: 230, rate: 80, fee: 10, paid: 300 },
      });
      const rows = await paymentRows(t.db, state.bookingId);
      const full = rows.find((row) => row.kind === 'full')!;
      expect(full).toMatchObject({ status: 'completed', capturedCents: 30_000, refundedCents: 23_000 });
      expect(rows.find((row) => row.kind === 'refund')).toMatchObject({
        status: 'completed',
        amountCents: 23_000,
        capturedCents: 23_000,
      });
      expect(Object.values((await testIntent(intent.intentId)).refunds)).toMatchObject([{ amountCents: 23_000 }]);
      const [entry, ...more] = await h.audit(state.bookingId, 'refund');
      expect(more).toEqual([]);
      expect(entry).toMatchObject({
        actorType: 'staff',
        actorId: staff.id,
        actorName: 'Camille Dupuy',
        before: { status: 'canceled', paymentStatus: 'paid', refundedCents: 0 },
        after: {
          status: 'canceled',
          refundedCents: 23_000,
          refund: {
            outcome: 'completed',
            amountCents: 23_000,
            rate: 80,
            feeCents: 1000,
            paidCents: 30_000,
            cancelDay: todayInParis(),
            parts: [{ paymentId: full.id, kind: 'full', cents: 23_000 }],
          },
        },
      });

      expectError(await h.refund(state.bookingId), 409, ALREADY_REFUNDED, 'ALREADY_REFUNDED');
      expect(await h.audit(state.bookingId, 'refund')).toHaveLength(1);
    });

    it('says when nothing is due, and takes the rate of the day the booking was canceled', async () => {
      const unpaid = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer' });
      expect((await h.cancel(unpaid.bookingId)).statusCode).toBe(200);
      expectError(await h.refund(unpaid.bookingId), 409, NOTHING, 'NOTHING_TO_REFUND');

      // Canceled 25 days before its first day (80 %), refunded 5 days before it (which would be 0 %).
      const late = await prebookedBooking(t.app, t.db, {
        type: 'full_payment_organizer',
        totalCents: 10_000,
        startDate: addIsoDays(todayInParis(), 5),
      });
      const intent = await h.intent(late.organizer.token, late.bookingId);
      await payCard(late.organizer.token, late.bookingId, intent.intentId);
      expect((await h.cancel(late.bookingId)).statusCode).toBe(200);
      await t.db
        .update(bookingRequests)
        .set({ canceledAt: new Date(Date.now() - 20 * 24 * 3600_000) })
        .where(eq(bookingRequests.id, late.bookingId));
      // The request page quotes the refund at that same rate.
      const detail = await staffCall(t.app, 'GET', `${REQUESTS}/${late.bookingId}`, staff.token);
      expect(detail.json().data.refundQuote).toMatchObject({ rate: 80, paidAmount: 100, grossAmount: 80 });
      const res = await h.refund(late.bookingId, { withFee: false });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ refunded: 80, rate: 80, fee: 0, paid: 100 });
    });

    /** 90 € split 30/30/30, each share paid by card (oldest first: two guests, then the organizer), then canceled. */
    async function canceledCollective() {
      const state = await prebookedBooking(t.app, t.db, {
        type: 'collective_payment',
        totalCents: 9000,
        joined: 2,
        startDate: IN_30_DAYS(),
      });
      const payers: Array<[PaymentState['organizer'], string]> = [
        [state.participants[1]!, state.participants[1]!.participantId],
        [state.participants[0]!, state.participants[0]!.participantId],
        [state.organizer, state.organizerParticipantId],
      ];
      const intents = new Map<string, string>();
      for (const [person, participantId] of payers) {
        const intent = await h.intent(person.token, state.bookingId, `participant-stripe-intent/${participantId}`);
        expect(intent.amount).toBe(30);
        await payCard(person.token, state.bookingId, intent.intentId);
        intents.set(participantId, intent.intentId);
      }
      expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
      expect((await h.cancel(state.bookingId)).statusCode).toBe(200);
      return { state, payers, intents };
    }

    it('gives each payer of a collective booking the same rate of their share, to the cent, once under 10 concurrent clicks', async () => {
      const { state, payers, intents } = await canceledCollective();

      const answers = await Promise.all(Array.from({ length: 10 }, () => h.refund(state.bookingId)));
      const ok = answers.filter((res) => res.statusCode === 200);
      expect(ok).toHaveLength(1);
      // 80 % of 90 € less the 10 € fee: 62 €, 20,67 + 20,67 + 20,66 (the oldest payments take the odd cents).
      expect(ok[0]!.json().data).toEqual({ refunded: 62, rate: 80, fee: 10, paid: 90 });
      for (const res of answers.filter((answer) => answer.statusCode !== 200)) {
        expectError(res, 409, ALREADY_REFUNDED);
      }
      const shares = (await paymentRows(t.db, state.bookingId)).filter((row) => row.kind === 'share');
      expect(shares.map((row) => [row.participantId, row.capturedCents, row.refundedCents])).toEqual([
        [payers[0]![1], 3000, 2067],
        [payers[1]![1], 3000, 2067],
        [payers[2]![1], 3000, 2066],
      ]);
      for (const [, participantId] of payers) {
        const row = shares.find((share) => share.participantId === participantId)!;
        const refunds = Object.values((await testIntent(intents.get(participantId)!)).refunds);
        expect(refunds).toMatchObject([{ amountCents: row.refundedCents }]);
      }
      const [entry] = await h.audit(state.bookingId, 'refund');
      expect(entry!.after).toMatchObject({
        refundedCents: 6200,
        refund: {
          amountCents: 6200,
          parts: shares.map((row) => ({ paymentId: row.id, kind: 'share', cents: row.refundedCents })),
        },
      });
    });

    it('refunds what the cancellation announced unless told otherwise: the park cancels, or the fee waived', async () => {
      const cancelWith = (id: string, choices: Record<string, boolean>) =>
        staffCall(t.app, 'POST', `${REQUESTS}/${id}/cancel`, staff.token, { reason: 'Parc fermé', ...choices });
      const paidBooking = async () => {
        const state = await prebookedBooking(t.app, t.db, {
          type: 'full_payment_organizer',
          totalCents: 30_000,
          startDate: IN_30_DAYS(),
        });
        const intent = await h.intent(state.organizer.token, state.bookingId);
        await payCard(state.organizer.token, state.bookingId, intent.intentId);
        return state.bookingId;
      };

      const parkClosed = await paidBooking();
      const canceled = await cancelWith(parkClosed, { parkCancels: true });
      expect(cancelResponse.parse(canceled.json()).data.refundQuote).toMatchObject({ rate: 100, refundAmount: 300 });
      const full = await h.refund(parkClosed);
      expect(full.statusCode, full.body).toBe(200);
      expect(full.json().data).toEqual({ refunded: 300, rate: 100, fee: 0, paid: 300 });

      const feeWaived = await paidBooking();
      await cancelWith(feeWaived, { withFee: false });
      expect((await h.refund(feeWaived)).json().data).toEqual({ refunded: 240, rate: 80, fee: 0, paid: 300 });

      // The refund call's own choice still wins when it makes one.
      const overridden = await paidBooking();
      await cancelWith(overridden, { withFee: false });
      expect((await h.refund(overridden, { withFee: true })).json().data).toEqual({
        refunded: 230,
        rate: 80,
        fee: 10,
        paid: 300,
      });
    });

    it('finishes a refund the provider stopped half-way on the next click: same amount, each part once', async () => {
      const { state, payers, intents } = await canceledCollective();

      // The provider refunds the first payment, then stops answering.
      const real = t.app.paymentProvider;
      let calls = 0;
      const flaky: PaymentProvider = {
        mode: real.mode,
        createIntent: (input) => real.createIntent(input),
        retrieveIntent: (id) => real.retrieveIntent(id),
        captureIntent: (id, cents, key) => real.captureIntent(id, cents, key),
        cancelIntent: (id, key) => real.cancelIntent(id, key),
        refund: async (id, cents, key) => {
          calls += 1;
          if (calls > 1) throw new ProviderError('Service de paiement indisponible', 'unavailable');
          return real.refund(id, cents, key);
        },
      };
      await expect(
        refundBooking(
          { ...sweepDeps(t.db), provider: flaky },
          { kind: 'staff', staffId: staff.id, role: staff.role, name: 'Camille Dupuy' },
          state.bookingId,
        ),
      ).rejects.toMatchObject({
        code: 'PROVIDER_ERROR',
        message:
          'Le remboursement n’a pas pu aboutir auprès du prestataire de paiement : relancez-le dans quelques instants',
      });
      const halfway = (await paymentRows(t.db, state.bookingId)).filter((row) => row.kind === 'share');
      expect(halfway.map((row) => row.refundedCents)).toEqual([2067, 0, 0]);

      // The next click (the real provider answers again) sends the two parts left, not the first again.
      const res = await h.refund(state.bookingId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ refunded: 62, rate: 80, fee: 10, paid: 90 });
      const shares = (await paymentRows(t.db, state.bookingId)).filter((row) => row.kind === 'share');
      expect(shares.map((row) => [row.participantId, row.refundedCents])).toEqual([
        [payers[0]![1], 2067],
        [payers[1]![1], 2067],
        [payers[2]![1], 2066],
      ]);
      for (const row of shares) {
        const refunds = Object.values((await testIntent(intents.get(row.participantId!)!)).refunds);
        expect(refunds).toMatchObject([{ amountCents: row.refundedCents }]);
      }
      const [refundRow] = (await paymentRows(t.db, state.bookingId)).filter((row) => row.kind === 'refund');
      expect(refundRow).toMatchObject({ status: 'completed', amountCents: 6200, capturedCents: 6200 });
      expectError(await h.refund(state.bookingId), 409, ALREADY_REFUNDED, 'ALREADY_REFUNDED');
      expect((await h.audit(state.bookingId, 'refund')).map((entry) => entry.after?.refund)).toMatchObject([
        { outcome: 'failed', amountCents: 6200, parts: [{ cents: 2067 }] },
        { outcome: 'completed', amountCents: 6200, parts: [{ cents: 2067 }, { cents: 2066 }] },
      ]);
    });

    it('shares cents so that the sum is the refund and nobody gets more than they paid', () => {
      expect(prorate(6200, [3000, 3000, 3000])).toEqual([2067, 2067, 2066]);
      expect(prorate(10_001, [3335, 3333, 3333])).toEqual([3335, 3333, 3333]);
      expect(prorate(7990, [3335, 3333, 3333])).toEqual([2664, 2663, 2663]);
      expect(prorate(1, [3335, 3333, 3333])).toEqual([1, 0, 0]);
      expect(prorate(0, [100, 200])).toEqual([0, 0]);
      expect(prorate(5, [1, 1, 1, 1, 1])).toEqual([1, 1, 1, 1, 1]);
    });
  });

  describe('deposit capture', () => {
    it('is audited with who captured what and what was released', async () => {
      const { state, intentId } = await heldBooking();
      const hold = (await paymentRows(t.db, state.bookingId))[0]!;
      const res = await h.capture(state.bookingId, 40);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'Caution encaissée',
        data: { captured: 40, released: 110 },
      });
      expect((await testIntent(intentId)).amountReceivedCents).toBe(4000);
      const entries = await h.audit(state.bookingId, 'deposit_capture');
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        actorType: 'staff',
        actorId: staff.id,
        actorName: 'Camille Dupuy',
        before: { paymentId: hold.id, hold: 'authorized', amountCents: 15_000 },
        after: { paymentId: hold.id, hold: 'captured', capturedCents: 4000, releasedCents: 11_000 },
      });
      expectError(await h.capture(state.bookingId, 10), 409, NO_HOLD, 'NO_HOLD');
      expect(await h.audit(state.bookingId, 'deposit_capture')).toHaveLength(1);
    });
  });

  describe('cancellation', () => {
    it('releases the card hold at the provider, records it, and refuses a capture afterwards', async () => {
      const { state, intentId } = await heldBooking();
      const hold = (await paymentRows(t.db, state.bookingId))[0]!;
      const res = await h.cancel(state.bookingId, 'Annulation demandée par le client');
      expect(res.statusCode, res.body).toBe(200);
      const [cancelEntry] = await h.audit(state.bookingId, 'cancel');
      expect(cancelEntry!.after).toMatchObject({
        status: 'canceled',
        paymentsToRelease: [{ paymentId: hold.id, kind: 'deposit', status: 'authorized', amountCents: 15_000 }],
      });
      // The hold is released by the cancel itself where the staff routes have the provider, else by
      // the server's hold-release sweep a minute later at most (docs/decisions.md, "Closing card intents").
      const releasedAtCancel = (await testIntent(intentId)).status === 'canceled';
      if (!releasedAtCancel) await releaseSweep();

      expect(await testIntent(intentId)).toMatchObject({ status: 'canceled', amountReceivedCents: 0 });
      expect(await paymentRows(t.db, state.bookingId)).toMatchObject([
        { id: hold.id, kind: 'deposit', status: 'canceled', capturedCents: 0 },
      ]);
      expect((await h.config(state.bookingId)).authorizationCanceled).toBe(true);
      const released = await h.audit(state.bookingId, 'payments_released');
      expect(released).toHaveLength(1);
      expect(released[0]).toMatchObject({
        actorType: releasedAtCancel ? 'staff' : 'system',
        before: { payments: [{ paymentId: hold.id, kind: 'deposit', status: 'authorized', amountCents: 15_000 }] },
        after: { payments: [{ paymentId: hold.id, kind: 'deposit', status: 'canceled', amountCents: 15_000 }] },
      });

      expectError(await h.capture(state.bookingId, 200), 409, CAPTURE_CANCELED, 'ALREADY_CANCELED');
      expectError(await h.capture(state.bookingId, 20), 409, CAPTURE_CANCELED, 'ALREADY_CANCELED');
      expect(await testIntent(intentId)).toMatchObject({ status: 'canceled', amountReceivedCents: 0 });
      expect(await h.audit(state.bookingId, 'deposit_capture')).toEqual([]);
      // A second sweep finds nothing more to do for it, and writes nothing more.
      await releaseSweep();
      expect(await h.audit(state.bookingId, 'payments_released')).toHaveLength(1);
    });

    it('with the provider at hand, the cancel itself releases the hold and the intents not paid yet', async () => {
      const { state, intentId } = await heldBooking();
      const hold = (await paymentRows(t.db, state.bookingId))[0]!;
      const answer = await cancelBooking(sweepDeps(t.db, t.app.paymentProvider), sessionOf(staff), state.bookingId, {
        reason: 'Intempéries',
        withFee: false,
        parkCancels: true,
      });
      expect(answer.booking.status).toBe('canceled');
      expect(await testIntent(intentId)).toMatchObject({ status: 'canceled' });
      expect(await paymentRows(t.db, state.bookingId)).toMatchObject([{ id: hold.id, status: 'canceled' }]);
      expect(await h.audit(state.bookingId, 'payments_released')).toMatchObject([
        { actorType: 'staff', actorId: staff.id, actorName: 'Camille Dupuy' },
      ]);

      // An intent opened and not paid: canceled at the provider and here by the cancellation.
      const open = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer', totalCents: 20_000 });
      const intent = await h.intent(open.organizer.token, open.bookingId);
      await cancelBooking(sweepDeps(t.db, t.app.paymentProvider), sessionOf(staff), open.bookingId, {
        reason: 'Demande du client',
        withFee: true,
        parkCancels: false,
      });
      expect(await testIntent(intent.intentId)).toMatchObject({ status: 'canceled' });
      expect(await paymentRows(t.db, open.bookingId)).toMatchObject([{ kind: 'full', status: 'canceled' }]);
    });

    it('20 concurrent cancels and captures: one cancel; no capture is admitted after it; money and provider agree', async () => {
      for (let round = 0; round < 3; round += 1) {
        const { state, intentId } = await heldBooking();
        const calls = Array.from({ length: 20 }, (_, index) =>
          index % 2 === round % 2 ? h.cancel(state.bookingId) : h.capture(state.bookingId, 40),
        );
        const answers = await Promise.all(calls);
        const cancels = answers.filter((_, index) => index % 2 === round % 2);
        const captures = answers.filter((_, index) => index % 2 !== round % 2);
        expect(cancels.filter((res) => res.statusCode === 200)).toHaveLength(1);
        for (const res of cancels.filter((answer) => answer.statusCode !== 200)) {
          expectError(res, 409, ALREADY_CANCELED, 'ALREADY_CANCELED');
        }
        const captured = captures.filter((res) => res.statusCode === 200);
        for (const res of captured) expect(res.json().data).toEqual({ captured: 40, released: 110 });
        for (const res of captures.filter((answer) => answer.statusCode !== 200)) {
          // Refused because the booking is canceled, or because another capture took the hold first.
          expect(res.statusCode, res.body).toBe(409);
          expect([CAPTURE_CANCELED, NO_HOLD]).toContain(res.json().message);
        }
        // Once the cancellation has answered, every capture is refused.
        expectError(await h.capture(state.bookingId, 40), 409, CAPTURE_CANCELED);
        await releaseSweep();

        const [hold] = await paymentRows(t.db, state.bookingId);
        const provider = await testIntent(intentId);
        if (captured.length > 0) {
          expect(hold).toMatchObject({ status: 'completed', capturedCents: 4000 });
          expect(provider).toMatchObject({ status: 'succeeded', amountReceivedCents: 4000 });
          expect(await h.audit(state.bookingId, 'deposit_capture')).toHaveLength(1);
        } else {
          expect(hold).toMatchObject({ status: 'canceled', capturedCents: 0 });
          expect(provider).toMatchObject({ status: 'canceled', amountReceivedCents: 0 });
          expect(await h.audit(state.bookingId, 'deposit_capture')).toEqual([]);
        }
        expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'canceled' });
        expect(await h.audit(state.bookingId, 'cancel')).toHaveLength(1);
      }
    });

    it('the same race with the provider at hand: the release and the captures meet at the provider, one wins', async () => {
      for (let round = 0; round < 3; round += 1) {
        const { state, intentId } = await heldBooking();
        const deps = sweepDeps(t.db, t.app.paymentProvider);
        const cancelNow = () =>
          cancelBooking(deps, sessionOf(staff), state.bookingId, {
            reason: 'Demande du client',
            withFee: true,
            parkCancels: false,
          }).then(
            () => 'annulée',
            (error: Error) => error.message,
          );
        const outcomes = await Promise.all(
          Array.from({ length: 20 }, (_, index) =>
            index % 2 === round % 2
              ? // Later rounds give the captures a head start, so both orders meet at the provider.
                new Promise((resolve) => setTimeout(resolve, round * 20)).then(cancelNow)
              : h
                  .capture(state.bookingId, 40)
                  .then((res) => (res.statusCode === 200 ? 'encaissée' : res.json().message)),
          ),
        );
        const cancels = outcomes.filter((_, index) => index % 2 === round % 2);
        const captures = outcomes.filter((_, index) => index % 2 !== round % 2);
        expect(cancels.filter((outcome) => outcome === 'annulée')).toHaveLength(1);
        expect(cancels.filter((outcome) => outcome !== 'annulée')).toEqual(Array(9).fill(ALREADY_CANCELED));
        for (const outcome of captures) expect(['encaissée', CAPTURE_CANCELED, NO_HOLD]).toContain(outcome);

        // Nothing left for the sweep: the provider and the database already agree.
        const [hold] = await paymentRows(t.db, state.bookingId);
        const provider = await testIntent(intentId);
        if (captures.includes('encaissée')) {
          expect(hold).toMatchObject({ status: 'completed', capturedCents: 4000 });
          expect(provider).toMatchObject({ status: 'succeeded', amountReceivedCents: 4000 });
          expect(await h.audit(state.bookingId, 'payments_released')).toEqual([]);
        } else {
          expect(hold).toMatchObject({ status: 'canceled', capturedCents: 0 });
          expect(provider).toMatchObject({ status: 'canceled', amountReceivedCents: 0 });
          expect(await h.audit(state.bookingId, 'payments_released')).toHaveLength(1);
        }
        expectError(await h.capture(state.bookingId, 40), 409, CAPTURE_CANCELED);
      }
    });
  });

  describe('payment configuration changed while an intent is open', () => {
    it('cancels the open intent, so that no more than the new total is ever collected', async () => {
      const state = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer', totalCents: 10_000 });
      const first = await h.intent(state.organizer.token, state.bookingId);
      expect(first.amount).toBe(100);
      const [opened] = await paymentRows(t.db, state.bookingId);

      const res = await h.configure(state.bookingId, {
        type: 'full_payment_organizer',
        totalAmount: 500,
        instructions: 'Nouveau devis',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(actionResponse.parse(res.json()).data.paymentConfig).toMatchObject({ totalAmount: 500, amountDue: 500 });
      expect(await paymentRows(t.db, state.bookingId)).toMatchObject([
        { id: opened!.id, kind: 'full', amountCents: 10_000, status: 'canceled' },
      ]);
      const [entry] = await h.audit(state.bookingId, 'payment_config');
      expect(entry).toMatchObject({
        actorType: 'staff',
        actorId: staff.id,
        before: { paymentConfig: { totalCents: 10_000 } },
        after: {
          paymentConfig: { totalCents: 50_000 },
          canceledIntents: [{ paymentId: opened!.id, kind: 'full', status: 'canceled', amountCents: 10_000 }],
        },
      });

      const second = await h.intent(state.organizer.token, state.bookingId);
      expect(second).toMatchObject({ amount: 500 });
      expect(second.intentId).not.toBe(first.intentId);
      await payCard(state.organizer.token, state.bookingId, second.intentId);
      expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
      // Paying the first intent now: canceled at the provider (staff routes with the provider), or
      // refused and given back (a success on a canceled intent): never counted.
      await cb(t.app, 'POST', pay(state.bookingId, 'test-card'), state.organizer.token, {
        intentId: first.intentId,
        cardNumber: CARD_OK,
      });
      const rows = await paymentRows(t.db, state.bookingId);
      const kept = rows.filter((row) => row.kind === 'full' && row.status === 'completed');
      expect(kept.map((row) => row.capturedCents)).toEqual([50_000]);
      expect(rows.find((row) => row.id === opened!.id)!.status).not.toBe('completed');
      expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    });

    it('with the provider at hand, the change cancels the intent at the provider too', async () => {
      const state = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer', totalCents: 10_000 });
      const first = await h.intent(state.organizer.token, state.bookingId);
      await setPaymentConfig(sweepDeps(t.db, t.app.paymentProvider), sessionOf(staff), state.bookingId, {
        type: 'full_payment_organizer',
        totalAmount: 500,
        instructions: 'Nouveau devis',
      });
      expect(await testIntent(first.intentId)).toMatchObject({ status: 'canceled' });
      const refused = await cb(t.app, 'POST', pay(state.bookingId, 'test-card'), state.organizer.token, {
        intentId: first.intentId,
        cardNumber: CARD_OK,
      });
      expect(refused.statusCode).not.toBe(500);
      expect(await testIntent(first.intentId)).toMatchObject({ status: 'canceled', amountReceivedCents: 0 });
      expect(await paymentRows(t.db, state.bookingId)).toMatchObject([{ status: 'canceled', capturedCents: 0 }]);
    });
  });

  describe('hold release sweep of several servers at once', () => {
    it('counts each hold released once between the runs, the retries of canceled bookings included', async () => {
      // What earlier tests left to release goes first: the runs below only see the holds made here.
      await releaseSweep();
      const finished: Array<Awaited<ReturnType<typeof heldBooking>>> = [];
      for (let i = 0; i < 6; i += 1) finished.push(await heldBooking());
      for (const { state } of finished) {
        await t.db
          .update(bookingRequests)
          .set({ startDate: addIsoDays(todayInParis(), -5), endDate: addIsoDays(todayInParis(), -4) })
          .where(eq(bookingRequests.id, state.bookingId));
      }
      // Canceled where no provider was at hand: their holds are left to the sweep's retry.
      const canceled: Array<Awaited<ReturnType<typeof heldBooking>>> = [];
      for (let i = 0; i < 2; i += 1) {
        const held = await heldBooking();
        await cancelBooking(sweepDeps(t.db), sessionOf(staff), held.state.bookingId, {
          reason: 'Demande du client',
          withFee: false,
          parkCancels: false,
        });
        expect(await paymentRows(t.db, held.state.bookingId)).toMatchObject([{ status: 'authorized' }]);
        canceled.push(held);
      }

      const counts = await Promise.all(Array.from({ length: 5 }, () => releaseSweep()));
      expect(
        counts.reduce((sum, n) => sum + n, 0),
        `counts ${counts.join(', ')}`,
      ).toBe(8);
      for (const { state, intentId } of [...finished, ...canceled]) {
        expect(await testIntent(intentId)).toMatchObject({ status: 'canceled', amountReceivedCents: 0 });
        expect(await paymentRows(t.db, state.bookingId)).toMatchObject([{ kind: 'deposit', status: 'canceled' }]);
      }
      for (const { state } of canceled) expect(await h.audit(state.bookingId, 'payments_released')).toHaveLength(1);
      expect(await releaseSweep()).toBe(0);
    });
  });

  describe('option released by the sweep', () => {
    async function expiredOptionWithIntent() {
      const state = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer', totalCents: 12_000 });
      const intent = await h.intent(state.organizer.token, state.bookingId);
      await t.db
        .update(paymentConfigs)
        .set({ dueAt: new Date(Date.now() - 60_000) })
        .where(eq(paymentConfigs.bookingId, state.bookingId));
      return { state, intentId: intent.intentId };
    }

    it('cancels its open intent at the provider and here, in the same sweep of a server', async () => {
      const { state, intentId } = await expiredOptionWithIntent();
      const [row] = await paymentRows(t.db, state.bookingId);
      // The shared tasks alone (a provider-less run), then the task that needs the provider.
      await runSweeps(sweepDeps(t.db));
      expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'canceled' });
      const [released] = await h.audit(state.bookingId, 'option_released');
      expect(released!.after).toEqual({
        status: 'canceled',
        paymentsToRelease: [{ paymentId: row!.id, kind: 'full', status: 'pending', amountCents: 12_000 }],
      });
      await releaseSweep();
      expect(await testIntent(intentId)).toMatchObject({ status: 'canceled' });
      expect(await paymentRows(t.db, state.bookingId)).toMatchObject([{ id: row!.id, status: 'canceled' }]);
      expect(await h.audit(state.bookingId, 'payments_released')).toMatchObject([
        {
          actorType: 'system',
          actorName: 'Système (tâche automatique)',
          after: { payments: [{ paymentId: row!.id, status: 'canceled' }] },
        },
      ]);
      // Too late to pay it: the card step on the old intent takes nothing.
      await cb(t.app, 'POST', pay(state.bookingId, 'test-card'), state.organizer.token, {
        intentId,
        cardNumber: CARD_OK,
      });
      expect(await testIntent(intentId)).toMatchObject({ status: 'canceled', amountReceivedCents: 0 });
      expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'canceled', paymentStatus: 'unpaid' });
    });

    it('with the provider at hand, the release cancels the intent right away', async () => {
      const { state, intentId } = await expiredOptionWithIntent();
      await runSweeps(sweepDeps(t.db, t.app.paymentProvider));
      expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'canceled' });
      expect(await testIntent(intentId)).toMatchObject({ status: 'canceled' });
      expect(await paymentRows(t.db, state.bookingId)).toMatchObject([{ status: 'canceled' }]);
      expect(await h.audit(state.bookingId, 'payments_released')).toHaveLength(1);
    });
  });
});

describe('with the Stripe SDK against the stand-in', () => {
  let t: TestApp;
  let staff: TestStaff;
  let stripe: StripeStandIn;
  const h = helpers(() => ({ t, staff }));

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await createTestApp({ env: stripe.env });
    staff = await createStaffWithSession(t.db, 'staff', { firstName: 'Camille', lastName: 'Dupuy' });
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  const releaseSweep = () => releaseFinishedDepositHolds({ ...sweepDeps(t.db), provider: t.app.paymentProvider });
  const requestsTo = (path: string) => stripe.requests.filter((request) => request.path === path);

  async function confirmed(bookingId: string, token: string, intentId: string) {
    stripe.confirm(intentId);
    const res = await cb(t.app, 'POST', pay(bookingId, 'stripe-confirm'), token, { intentId });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('refunds a canceled collective booking pro rata through Stripe, and only once canceled', async () => {
    const state = await prebookedBooking(t.app, t.db, {
      type: 'collective_payment',
      totalCents: 9000,
      joined: 2,
      startDate: IN_30_DAYS(),
    });
    const payers: Array<[PaymentState['organizer'], string]> = [
      [state.organizer, state.organizerParticipantId],
      ...state.participants.map((person): [PaymentState['organizer'], string] => [person, person.participantId]),
    ];
    const intents: string[] = [];
    for (const [person, participantId] of payers) {
      const intent = await h.intent(person.token, state.bookingId, `participant-stripe-intent/${participantId}`);
      await confirmed(state.bookingId, person.token, intent.intentId);
      intents.push(intent.intentId);
    }
    expectError(await h.refund(state.bookingId), 409, NOT_CANCELED);
    expect(stripe.requests.filter((request) => request.path === '/v1/refunds')).toHaveLength(0);
    expect((await h.cancel(state.bookingId)).statusCode).toBe(200);
    const res = await h.refund(state.bookingId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ refunded: 62, rate: 80, fee: 10, paid: 90 });
    const refunds = requestsTo('/v1/refunds').filter((request) => intents.includes(request.form.payment_intent!));
    expect(refunds.map((request) => [request.form.payment_intent, request.form.amount])).toEqual([
      [intents[0], '2067'],
      [intents[1], '2067'],
      [intents[2], '2066'],
    ]);
    expect(await h.audit(state.bookingId, 'refund')).toHaveLength(1);
  });

  it('releases the hold of a canceled booking through Stripe and refuses the capture', async () => {
    const state = await prebookedBooking(t.app, t.db, {
      type: 'deposit_card',
      startDate: addIsoDays(tomorrowInParis(), 1),
    });
    const intent = await h.intent(state.organizer.token, state.bookingId);
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
    const [hold] = await paymentRows(t.db, state.bookingId);
    expect((await h.cancel(state.bookingId)).statusCode).toBe(200);
    expectError(await h.capture(state.bookingId, 200), 409, CAPTURE_CANCELED, 'ALREADY_CANCELED');
    if (stripe.intents.get(intent.intentId)!.status !== 'canceled') await releaseSweep();

    const cancels = requestsTo(`/v1/payment_intents/${intent.intentId}/cancel`);
    expect(cancels.map((request) => request.idempotencyKey)).toEqual([`release:${hold!.id}`]);
    expect(requestsTo(`/v1/payment_intents/${intent.intentId}/capture`)).toEqual([]);
    expect(stripe.intents.get(intent.intentId)).toMatchObject({ status: 'canceled', amount_received: 0 });
    expect(await paymentRows(t.db, state.bookingId)).toMatchObject([{ id: hold!.id, status: 'canceled' }]);
    expect((await h.config(state.bookingId)).authorizationCanceled).toBe(true);
    expect(await h.audit(state.bookingId, 'payments_released')).toHaveLength(1);
  });

  it('a new payment configuration cancels the open intent at Stripe (provider at hand) and here', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer', totalCents: 10_000 });
    const first = await h.intent(state.organizer.token, state.bookingId);
    await setPaymentConfig(sweepDeps(t.db, t.app.paymentProvider), sessionOf(staff), state.bookingId, {
      type: 'full_payment_organizer',
      totalAmount: 500,
      instructions: 'Nouveau devis',
    });
    const [row] = await paymentRows(t.db, state.bookingId);
    expect(row).toMatchObject({ status: 'canceled', amountCents: 10_000 });
    expect(requestsTo(`/v1/payment_intents/${first.intentId}/cancel`).map((r) => r.idempotencyKey)).toEqual([
      `release:${row!.id}`,
    ]);
    expect(stripe.intents.get(first.intentId)!.status).toBe('canceled');
    const second = await h.intent(state.organizer.token, state.bookingId);
    expect(stripe.intents.get(second.intentId)).toMatchObject({ amount: 50_000 });
    await confirmed(state.bookingId, state.organizer.token, second.intentId);
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  });

  it('the option sweep cancels the old intent at Stripe: paying it after the due date confirms nothing', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer', totalCents: 12_000 });
    const intent = await h.intent(state.organizer.token, state.bookingId);
    await t.db
      .update(paymentConfigs)
      .set({ dueAt: new Date(Date.now() - 60_000) })
      .where(eq(paymentConfigs.bookingId, state.bookingId));
    await runSweeps(sweepDeps(t.db));
    await releaseSweep();
    const [row] = await paymentRows(t.db, state.bookingId);
    expect(requestsTo(`/v1/payment_intents/${intent.intentId}/cancel`).map((r) => r.idempotencyKey)).toEqual([
      `release:${row!.id}`,
    ]);
    expect(stripe.intents.get(intent.intentId)!.status).toBe('canceled');
    expect(row).toMatchObject({ status: 'canceled' });
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'canceled', paymentStatus: 'unpaid' });
    // The client's confirmation of that intent finds it canceled.
    const late = await cb(t.app, 'POST', pay(state.bookingId, 'stripe-confirm'), state.organizer.token, {
      intentId: intent.intentId,
    });
    expectError(late, 409, 'Statut de paiement inattendu: canceled');
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'canceled', paymentStatus: 'unpaid' });
  });
});
