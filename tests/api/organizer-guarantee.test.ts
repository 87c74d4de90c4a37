import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outbox } from '../../src/server/db/schema';
import { GUARANTEE_CONSENT } from '../../src/shared/api/guarantee.schema';
import { paymentIntentResponse } from '../../src/shared/api/payments.schema';
import { staffQueueResponse } from '../../src/shared/api/staff-requests.schema';
import { expectError } from '../support/auth';
import { createStaffWithSession } from '../support/staff';
import { staffCall } from '../support/staff-api';
import { cb } from '../support/customer-bookings';
import { bookingRow, pay, paymentRows, prebookedBooking, type PaymentState } from '../support/payment-states';
import { startStripeStandIn, type StandInCard, type StripeStandIn } from '../support/stripe-stand-in';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The organizer's guarantee of a collective payment (docs/decisions.md, "The organizer's guarantee"):
 * the Stripe SDK against the stand-in, the due date reached with `app.jobs.runDue(now)`.
 */

let t: TestApp;
let stripe: StripeStandIn;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await createTestApp({ env: stripe.env });
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

/** Moves both clocks to `instant` and runs every job due by then. */
async function moveTo(instant: Date) {
  stripe.clock = () => instant.getTime();
  for (let round = 0; round < 5; round += 1) {
    if ((await t.app.jobs.runDue(instant)) === 0) break;
  }
}

/** 450 € shared by the organizer and two participants (150 € each), due in `dueInHours`. */
async function collectiveBooking(dueInHours = 48) {
  const dueAt = new Date(Date.now() + dueInHours * HOUR);
  const state = await prebookedBooking(t.app, t.db, {
    type: 'collective_payment',
    totalCents: 45_000,
    joined: 2,
    dueAt,
  });
  return { ...state, dueAt };
}

async function guarantee(state: PaymentState, settlement: 'refund' | 'self', card: StandInCard = 'visa') {
  const setup = await cb(t.app, 'POST', pay(state.bookingId, 'guarantee-setup'), state.organizer.token, {
    settlement,
  });
  expect(setup.statusCode, setup.body).toBe(200);
  const data = setup.json().data as { setupIntentId: string; consent: string; saved: boolean; settlement: string };
  expect(data).toMatchObject({ consent: GUARANTEE_CONSENT, saved: false, settlement });
  expect(stripe.setupIntents.get(data.setupIntentId)).toMatchObject({ usage: 'off_session' });
  stripe.confirmSetup(data.setupIntentId, card);
  const saved = await cb(t.app, 'POST', pay(state.bookingId, 'guarantee-saved'), state.organizer.token, {
    setupIntentId: data.setupIntentId,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json().message).toBe(
    'Votre carte est enregistrée : ce qui restera impayé à la date limite y sera débité, puis la réservation sera confirmée.',
  );
}

/** A participant's share paid at the stand-in and reported by the customer's confirmation. */
async function payShare(state: PaymentState, index: number) {
  const person = state.participants[index]!;
  const res = await cb(
    t.app,
    'POST',
    pay(state.bookingId, `participant-stripe-intent/${person.participantId}`),
    person.token,
    {},
  );
  expect(res.statusCode, res.body).toBe(200);
  const intent = paymentIntentResponse.parse(res.json()).data;
  stripe.confirm(intent.intentId);
  return () => cb(t.app, 'POST', pay(state.bookingId, 'stripe-confirm'), person.token, { intentId: intent.intentId });
}

async function mailsAbout(bookingId: string, template: string) {
  return t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.template, template), like(outbox.text, `%/booking/${bookingId}%`)));
}

const kept = (rows: Awaited<ReturnType<typeof paymentRows>>) =>
  rows
    .filter((row) => row.status === 'completed' && ['share', 'guarantee'].includes(row.kind))
    .reduce((sum, row) => sum + row.capturedCents - (row.kind === 'guarantee' ? row.refundedCents : 0), 0);

describe('The organizer’s guarantee', () => {
  it('charges what is unpaid at the due date to the saved card, off-session, and confirms the booking', async () => {
    const state = await collectiveBooking();
    await guarantee(state, 'refund');
    const paid = await (await payShare(state, 0))();
    expect(paid.statusCode, paid.body).toBe(200);

    await moveTo(new Date(state.dueAt.getTime() - 60_000));
    expect((await paymentRows(t.db, state.bookingId)).filter((row) => row.kind === 'guarantee')).toHaveLength(0);

    await moveTo(new Date(state.dueAt.getTime() + 60_000));
    const charged = (await paymentRows(t.db, state.bookingId)).filter((row) => row.kind === 'guarantee');
    expect(charged).toMatchObject([{ status: 'completed', amountCents: 30_000, capturedCents: 30_000 }]);
    const create = stripe.requests.find(
      (request) =>
        request.path === '/v1/payment_intents' &&
        request.form['metadata[bookingId]'] === state.bookingId &&
        request.form.off_session === 'true',
    )!;
    expect(create.form).toMatchObject({ amount: '30000', confirm: 'true', off_session: 'true' });
    expect(create.form.capture_method).toBeUndefined();
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    const [mail] = await mailsAbout(state.bookingId, 'guarantee-charged');
    expect(mail).toMatchObject({
      to: state.organizer.email,
      subject: `Garantie débitée – réservation ${state.reference} confirmée`,
    });
    expect(mail!.text).toContain(
      'À la date limite de paiement, 300,00 € restaient à régler par les participants : ce montant a été débité sur la carte que vous avez enregistrée en garantie',
    );
    expect(await mailsAbout(state.bookingId, 'booking-confirmed')).toHaveLength(0);

    // A replayed run charges nothing more.
    await t.app.jobs.runDue(new Date(state.dueAt.getTime() + 2 * HOUR));
    expect((await paymentRows(t.db, state.bookingId)).filter((row) => row.kind === 'guarantee')).toHaveLength(1);
  });

  it('a refused card: the organizer is e-mailed a link to pay, the team sees it in the history, nothing is confirmed', async () => {
    const state = await collectiveBooking();
    await guarantee(state, 'self', 'declined');
    await moveTo(new Date(state.dueAt.getTime() + 60_000));
    const [row] = (await paymentRows(t.db, state.bookingId)).filter((payment) => payment.kind === 'guarantee');
    expect(row).toMatchObject({ status: 'failed', amountCents: 45_000, capturedCents: 0 });
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'prebooked' });
    const [mail] = await mailsAbout(state.bookingId, 'guarantee-failed');
    expect(mail).toMatchObject({
      to: state.organizer.email,
      subject: `Garantie refusée – réservation ${state.reference}`,
    });
    expect(mail!.text).toContain('Payer le reste');
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.bookingId, state.bookingId));
    expect(entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['guarantee_saved', 'guarantee_failed']),
    );
    // The team sees 'Garantie refusée' on the request page and in the queue.
    const staff = await createStaffWithSession(t.db);
    const detail = await staffCall(t.app, 'GET', `/booking-requests/${state.bookingId}`, staff.token);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.paymentAlerts).toContainEqual({
      kind: 'guarantee_failed',
      at: row!.updatedAt.toISOString(),
    });
    const queue = await staffCall(t.app, 'GET', `/booking-requests?q=${state.reference}`, staff.token);
    expect(queue.statusCode, queue.body).toBe(200);
    const [listed] = staffQueueResponse.parse(queue.json()).data.bookingRequests;
    expect(listed!.paymentAlerts.map((alert) => alert.kind)).toContain('guarantee_failed');
  });

  it('is refused for a payment that is not collective, and to a participant', async () => {
    const full = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer' });
    const res = await cb(t.app, 'POST', pay(full.bookingId, 'guarantee-setup'), full.organizer.token, {
      settlement: 'refund',
    });
    expectError(res, 409, 'La garantie de l’organisateur n’est possible qu’avec le paiement collectif.');
    const state = await collectiveBooking();
    const bad = await cb(t.app, 'POST', pay(state.bookingId, 'guarantee-setup'), state.organizer.token, {
      settlement: 'plus tard',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Choisissez comment régler les paiements tardifs des participants');
    const participant = await cb(t.app, 'POST', pay(state.bookingId, 'guarantee-setup'), state.participants[0]!.token, {
      settlement: 'refund',
    });
    expect(participant.statusCode).toBe(403);
  });

  it('a participant paying after the charge is refunded to the organizer when they chose it', async () => {
    const state = await collectiveBooking();
    await guarantee(state, 'refund');
    await moveTo(new Date(state.dueAt.getTime() + 60_000));
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });

    const paid = await (await payShare(state, 0))();
    expect(paid.statusCode, paid.body).toBe(200);
    const rows = await paymentRows(t.db, state.bookingId);
    const share = rows.find((row) => row.kind === 'share')!;
    expect(share).toMatchObject({ status: 'completed', capturedCents: 15_000 });
    expect(rows.find((row) => row.kind === 'guarantee')).toMatchObject({
      capturedCents: 45_000,
      refundedCents: 15_000,
    });
    expect(kept(rows)).toBe(45_000);
    const [mail] = await mailsAbout(state.bookingId, 'guarantee-refund');
    expect(mail).toMatchObject({
      to: state.organizer.email,
      subject: `Remboursement de votre avance – réservation ${state.reference}`,
    });
    expect(mail!.text).toContain('Invité1 Participant a payé sa part : les 150,00 € que vous aviez avancés');

    await moveTo(new Date(state.dueAt.getTime() + 2 * 60_000));
    const guaranteeIntent = rows.find((row) => row.kind === 'guarantee')!.providerIntentId;
    const refunds = stripe.requests.filter(
      (request) => request.path === '/v1/refunds' && request.form.payment_intent === guaranteeIntent,
    );
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.form.amount).toBe('15000');
    expect(refunds[0]!.idempotencyKey).toBe(`guarantee-refund:${share.id}`);
    // Paying the same share again is refused.
    const again = await cb(
      t.app,
      'POST',
      pay(state.bookingId, `participant-stripe-intent/${state.participants[0]!.participantId}`),
      state.participants[0]!.token,
      {},
    );
    expect(again.statusCode).toBe(409);
  });

  it('with "I settle with them myself", nobody pays through the park after the charge', async () => {
    const state = await collectiveBooking();
    await guarantee(state, 'self');
    await moveTo(new Date(state.dueAt.getTime() + 60_000));
    const person = state.participants[0]!;
    const res = await cb(
      t.app,
      'POST',
      pay(state.bookingId, `participant-stripe-intent/${person.participantId}`),
      person.token,
      {},
    );
    expectError(res, 409, 'Vous ne pouvez pas effectuer de paiement pour le moment');
    expect((await mailsAbout(state.bookingId, 'guarantee-charged'))[0]!.text).toContain(
      'Comme vous l’avez choisi, vous vous arrangez directement avec les participants qui n’avaient pas payé.',
    );
  });

  it('the guarantee charge racing the last shares never collects more than the total', async () => {
    const states = await Promise.all([1, 2, 3, 4].map(() => collectiveBooking()));
    const confirms = [];
    for (const state of states) {
      await guarantee(state, 'self');
      // The organizer's own share is paid; both participants pay at the due date itself.
      const organizerIntent = paymentIntentResponse.parse(
        (await cb(t.app, 'POST', pay(state.bookingId, 'organizer-stripe-intent'), state.organizer.token, {})).json(),
      ).data;
      stripe.confirm(organizerIntent.intentId);
      await cb(t.app, 'POST', pay(state.bookingId, 'stripe-confirm'), state.organizer.token, {
        intentId: organizerIntent.intentId,
      });
      confirms.push(await payShare(state, 0), await payShare(state, 1));
    }
    const dueAt = new Date(Math.max(...states.map((state) => state.dueAt.getTime())) + 60_000);
    await Promise.all([moveTo(dueAt), ...confirms.map((confirm) => confirm())]);
    for (const state of states) {
      const rows = await paymentRows(t.db, state.bookingId);
      expect(kept(rows)).toBe(45_000);
      expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    }
  });
});
