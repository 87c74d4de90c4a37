import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequests, outbox } from '../../src/server/db/schema';
import {
  holdReleaseAt,
  holdWindowOpens,
  HOLD_RENEW_BEFORE_HOURS,
} from '../../src/server/modules/payments/deposit-holds';
import { releaseFinishedDepositHolds } from '../../src/server/modules/payments/payments-staff.service';
import { DEPOSIT_CARD_CONSENT } from '../../src/shared/api/deposit-card.schema';
import { addIsoDays } from '../../src/shared/booking-days';
import { parisDayStart } from '../../src/shared/paris-day-start';
import { defaultDueDate } from '../../src/shared/payment-rules';
import { expectError } from '../support/auth';
import { cb, futureDay } from '../support/customer-bookings';
import { bookingRow, pay, paymentRows, prebookedBooking, type PaymentState } from '../support/payment-states';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { staffCall } from '../support/staff-api';
import { sweepDeps } from '../support/sweep-deps';
import { startStripeStandIn, type StandInCard, type StripeStandIn } from '../support/stripe-stand-in';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The card deposit hold on a saved card (docs/decisions.md, "Card holds"): the Stripe SDK against
 * the stand-in, time moved with `app.jobs.runDue(now)` and the stand-in's clock together.
 */

let t: TestApp;
let stripe: StripeStandIn;
let staff: TestStaff;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await createTestApp({ env: stripe.env });
  staff = await createStaffWithSession(t.db);
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

/** Moves both clocks to `instant` and runs every job due by then. */
async function moveTo(instant: Date) {
  stripe.clock = () => instant.getTime();
  let ran = 0;
  // Jobs scheduled by the jobs that ran (a renewal's follow-up) may be due already.
  for (let round = 0; round < 5; round += 1) {
    const count = await t.app.jobs.runDue(instant);
    ran += count;
    if (count === 0) break;
  }
  return ran;
}

/** A card deposit booking of `days` days starting in 17 days, its option held until the hold window's next day. */
async function depositBooking(days: number): Promise<PaymentState & { startDate: string; endDate: string }> {
  const startDate = futureDay(10);
  const state = await prebookedBooking(t.app, t.db, {
    type: 'deposit_card',
    startDate,
    dueAt: defaultDueDate('deposit_card', startDate),
  });
  const endDate = addIsoDays(startDate, days - 1);
  await t.db.update(bookingRequests).set({ endDate }).where(eq(bookingRequests.id, state.bookingId));
  return { ...state, startDate, endDate };
}

async function saveCard(state: PaymentState, card: StandInCard = 'visa') {
  const setup = await cb(t.app, 'POST', pay(state.bookingId, 'deposit-card-setup'), state.organizer.token);
  expect(setup.statusCode, setup.body).toBe(200);
  const data = setup.json().data as { client_secret: string; setupIntentId: string; consent: string; saved: boolean };
  expect(data).toMatchObject({ consent: DEPOSIT_CARD_CONSENT, saved: false });
  expect(data.consent).toContain('le cryptogramme (CVC) n’est jamais conservé');
  expect(stripe.setupIntents.get(data.setupIntentId)).toMatchObject({
    usage: 'off_session',
    status: 'requires_payment_method',
  });
  stripe.confirmSetup(data.setupIntentId, card);
  const saved = await cb(t.app, 'POST', pay(state.bookingId, 'deposit-card-saved'), state.organizer.token, {
    setupIntentId: data.setupIntentId,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json().message).toBe(
    'Votre carte est enregistrée : la caution sera placée automatiquement 6 jours avant votre venue.',
  );
  const status = await cb(t.app, 'GET', pay(state.bookingId, 'deposit-authorization-status'), state.organizer.token);
  expect(status.json().data).toMatchObject({ savedCard: 'saved', status: 'none', failure: null });
  return data.setupIntentId;
}

async function heldDeposits(bookingId: string) {
  return (await paymentRows(t.db, bookingId)).filter((row) => row.kind === 'deposit' && row.status === 'authorized');
}

/** The hold in place at `instant`: one authorized row, valid then at the provider too. */
async function expectCoveredAt(bookingId: string, instant: Date) {
  await moveTo(instant);
  const held = await heldDeposits(bookingId);
  expect(held).toHaveLength(1);
  expect(held[0]!.holdCaptureBefore!.getTime()).toBeGreaterThan(instant.getTime());
  const retrieved = await t.app.paymentProvider.retrieveIntent(held[0]!.providerIntentId!);
  expect(retrieved.status).toBe('requires_capture');
  return held[0]!;
}

const offSessionCreates = (bookingId: string) =>
  stripe.requests.filter(
    (request) =>
      request.path === '/v1/payment_intents' &&
      request.form['metadata[bookingId]'] === bookingId &&
      request.form.off_session === 'true',
  );

describe('Card holds on a saved card', () => {
  it('a 3-day event: placed off-session when the window opens, renewed before capture_before, valid on its last day', async () => {
    const state = await depositBooking(3);
    await saveCard(state);
    const opens = holdWindowOpens(state.startDate);
    await moveTo(new Date(opens.getTime() - 60_000));
    expect(await heldDeposits(state.bookingId)).toHaveLength(0);

    await moveTo(new Date(opens.getTime() + 60_000));
    const [first] = await heldDeposits(state.bookingId);
    expect(first).toBeDefined();
    const [create] = offSessionCreates(state.bookingId);
    expect(create!.form).toMatchObject({
      amount: '15000',
      capture_method: 'manual',
      confirm: 'true',
      off_session: 'true',
      'payment_method_options[card][request_extended_authorization]': 'if_available',
      'expand[0]': 'latest_charge',
    });
    // capture_before read from the charge: 7 days after the authorization.
    expect(first!.holdCaptureBefore!.getTime()).toBe(
      Math.floor((opens.getTime() + 60_000) / 1000) * 1000 + 7 * 24 * HOUR,
    );
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'authorized' });
    const authorizedMails = await t.db.select().from(outbox).where(eq(outbox.template, 'deposit-authorized'));
    expect(authorizedMails.filter((mail) => mail.text.includes(state.reference))).toHaveLength(1);

    // The first hold lapses the day after the first day: renewed 24 h before.
    const lastDayNoon = new Date(parisDayStart(state.endDate).getTime() + 12 * HOUR);
    const renewed = await expectCoveredAt(state.bookingId, lastDayNoon);
    expect(renewed.id).not.toBe(first!.id);
    expect(stripe.intents.get(first!.providerIntentId!)!.status).toBe('canceled');
    expect(offSessionCreates(state.bookingId)).toHaveLength(2);
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'authorized' });
  });

  it('a 14-day stay is covered every day by renewals, then released once after the stay', async () => {
    const state = await depositBooking(14);
    await saveCard(state);
    const opens = holdWindowOpens(state.startDate);
    await moveTo(new Date(opens.getTime() + 60_000));
    for (let day = 0; day < 14; day += 1) {
      await expectCoveredAt(
        state.bookingId,
        new Date(parisDayStart(addIsoDays(state.startDate, day)).getTime() + 20 * HOUR),
      );
    }
    // Placed at the window, renewed before each 7-day end: S, S+6, S+12.
    expect(offSessionCreates(state.bookingId)).toHaveLength(4);
    const [last] = await heldDeposits(state.bookingId);

    const releaseAt = holdReleaseAt(state.endDate);
    await moveTo(new Date(releaseAt.getTime() - 60_000));
    expect(await heldDeposits(state.bookingId)).toHaveLength(1);
    await moveTo(new Date(releaseAt.getTime() + 60_000));
    await moveTo(new Date(releaseAt.getTime() + 3 * HOUR));
    expect(await heldDeposits(state.bookingId)).toHaveLength(0);
    expect(stripe.intents.get(last!.providerIntentId!)!.status).toBe('canceled');
    const cancels = stripe.requests.filter(
      (request) => request.path === `/v1/payment_intents/${last!.providerIntentId}/cancel`,
    );
    expect(cancels).toHaveLength(1);
    // Every hold of the booking was canceled once (renewals cancel the one they replace).
    const rows = (await paymentRows(t.db, state.bookingId)).filter((row) => row.kind === 'deposit');
    expect(rows.map((row) => row.status)).toEqual(['canceled', 'canceled', 'canceled', 'canceled']);
  });

  it('with extended authorization the card holds 30 days: a 14-day stay needs no renewal', async () => {
    const state = await depositBooking(14);
    await saveCard(state, 'extendedAuthorization');
    const opens = holdWindowOpens(state.startDate);
    await moveTo(new Date(opens.getTime() + 60_000));
    const [hold] = await heldDeposits(state.bookingId);
    expect(hold!.holdCaptureBefore!.getTime() - (opens.getTime() + 60_000)).toBeGreaterThan(29 * 24 * HOUR);
    await expectCoveredAt(state.bookingId, new Date(parisDayStart(state.endDate).getTime() + 20 * HOUR));
    expect(offSessionCreates(state.bookingId)).toHaveLength(1);
  });

  it('a staff capture above the hold is refused by Stripe and answered in French', async () => {
    const state = await depositBooking(1);
    await saveCard(state);
    await moveTo(new Date(holdWindowOpens(state.startDate).getTime() + 60_000));
    const [hold] = await heldDeposits(state.bookingId);
    // The product checks its own amount first; Stripe refuses what the product let through.
    stripe.intents.get(hold!.providerIntentId!)!.amount_capturable = 10_000;
    const capture = await staffCall(
      t.app,
      'POST',
      `/booking-requests/${state.bookingId}/deposit-capture`,
      staff.token,
      {
        amount: 120,
      },
    );
    expectError(
      capture,
      409,
      'Stripe refuse l’encaissement : le montant dépasse ce que l’empreinte bancaire permet encore. Rien n’a été encaissé',
    );
    expect((await heldDeposits(state.bookingId))[0]!.id).toBe(hold!.id);
  });
});

describe('A hold refused off-session', () => {
  async function refusedHold(card: StandInCard) {
    const state = await depositBooking(2);
    await saveCard(state, card);
    await moveTo(new Date(holdWindowOpens(state.startDate).getTime() + 60_000));
    return state;
  }

  async function mailsTo(state: PaymentState) {
    return t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.template, 'hold-failed'), eq(outbox.to, state.organizer.email)));
  }

  it('a declined card: the organizer is e-mailed a link to authorize it, the team sees the alert', async () => {
    const state = await refusedHold('declined');
    expect(await heldDeposits(state.bookingId)).toHaveLength(0);
    const [row] = (await paymentRows(t.db, state.bookingId)).filter((payment) => payment.kind === 'deposit');
    expect(row).toMatchObject({ status: 'failed', failureMessage: 'Your card was declined.' });
    const mails = await mailsTo(state);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Caution non autorisée – réservation ${state.reference}`);
    expect(mails[0]!.text).toContain(
      `Nous n’avons pas pu placer l’empreinte bancaire de votre caution de 150,00 € sur la carte enregistrée pour la réservation ${state.reference} : votre banque l’a refusée.`,
    );
    expect(mails[0]!.text).toContain(`/booking/${state.bookingId}`);

    const detail = await staffCall(t.app, 'GET', `/booking-requests/${state.bookingId}`, staff.token);
    expect(detail.json().data.paymentAlerts).toEqual([{ kind: 'hold_failed', at: row!.updatedAt.toISOString() }]);
    const queue = await staffCall(t.app, 'GET', `/booking-requests?q=${state.reference}`, staff.token);
    expect(queue.json().data.bookingRequests[0].paymentAlerts).toEqual([
      { kind: 'hold_failed', at: row!.updatedAt.toISOString() },
    ]);

    // The link leads to the hold's own intent, which the organizer confirms on-session.
    const status = await cb(t.app, 'GET', pay(state.bookingId, 'deposit-authorization-status'), state.organizer.token);
    expect(status.json().data).toMatchObject({
      intentId: row!.providerIntentId,
      status: 'pending',
      savedCard: 'saved',
      failure: 'Your card was declined.',
    });
    expect(status.json().data.client_secret).toMatch(/_secret_/);
    // A replayed job changes nothing: one mail.
    await moveTo(new Date(holdWindowOpens(state.startDate).getTime() + 2 * HOUR));
    expect(await mailsTo(state)).toHaveLength(1);
  });

  it('authentication required: the organizer is asked to confirm it themselves', async () => {
    const state = await refusedHold('authenticationRequired');
    const mails = await mailsTo(state);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('votre banque demande que vous confirmiez vous-même cette opération');
  });
});

describe('Saving the card', () => {
  it('only the organizer of a card deposit booking saves a card; an unconfirmed setup is refused in French', async () => {
    const state = await depositBooking(1);
    const setup = await cb(t.app, 'POST', pay(state.bookingId, 'deposit-card-setup'), state.organizer.token);
    const { setupIntentId } = setup.json().data as { setupIntentId: string };
    const early = await cb(t.app, 'POST', pay(state.bookingId, 'deposit-card-saved'), state.organizer.token, {
      setupIntentId,
    });
    expectError(
      early,
      409,
      'Votre carte n’a pas encore été confirmée : terminez la saisie de la carte puis réessayez.',
    );
    const other = await depositBooking(1);
    const stranger = await cb(t.app, 'POST', pay(state.bookingId, 'deposit-card-setup'), other.organizer.token);
    expect(stranger.statusCode).toBe(404);
    const wrong = await cb(t.app, 'POST', pay(other.bookingId, 'deposit-card-saved'), other.organizer.token, {
      setupIntentId,
    });
    expectError(wrong, 404, 'Enregistrement de carte introuvable : recommencez depuis la page de votre réservation.');
    // The same setup on a retry.
    const again = await cb(t.app, 'POST', pay(state.bookingId, 'deposit-card-setup'), state.organizer.token);
    expect(again.json().data.setupIntentId).toBe(setupIntentId);
    expect(HOLD_RENEW_BEFORE_HOURS).toBe(24);
  });
});

describe('A payment below what was due', () => {
  async function shortPayment(type: 'full_payment_organizer' | 'partial_payment_card', receivedCents: number) {
    const state = await prebookedBooking(t.app, t.db, { type, totalCents: 45_000 });
    const intent = await cb(t.app, 'POST', pay(state.bookingId, 'organizer-stripe-intent'), state.organizer.token, {});
    expect(intent.statusCode, intent.body).toBe(200);
    const intentId = intent.json().data.intentId as string;
    stripe.confirm(intentId);
    stripe.intents.get(intentId)!.amount_received = receivedCents;
    const confirmed = await cb(t.app, 'POST', pay(state.bookingId, 'stripe-confirm'), state.organizer.token, {
      intentId,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return state;
  }

  it.each([
    ['full_payment_organizer', 20_000],
    ['partial_payment_card', 10_000],
  ] as const)('%s: the money is recorded, the booking is not settled, the team is alerted', async (type, received) => {
    const state = await shortPayment(type, received);
    const [row] = (await paymentRows(t.db, state.bookingId)).filter((payment) => payment.kind !== 'refund');
    expect(row).toMatchObject({ status: 'completed', capturedCents: received });
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'prebooked' });
    const confirmations = await t.db.select().from(outbox).where(eq(outbox.template, 'booking-confirmed'));
    expect(confirmations.filter((mail) => mail.text.includes(state.reference))).toHaveLength(0);
    const detail = await staffCall(t.app, 'GET', `/booking-requests/${state.bookingId}`, staff.token);
    expect(detail.json().data.paymentAlerts).toContainEqual({
      kind: 'payment_short',
      at: row!.updatedAt.toISOString(),
    });
    const queue = await staffCall(t.app, 'GET', `/booking-requests?q=${state.reference}`, staff.token);
    expect(queue.json().data.bookingRequests[0].paymentAlerts).toContainEqual({
      kind: 'payment_short',
      at: row!.updatedAt.toISOString(),
    });
  });

  it('the whole amount settles it: no alert', async () => {
    const state = await shortPayment('full_payment_organizer', 45_000);
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    const detail = await staffCall(t.app, 'GET', `/booking-requests/${state.bookingId}`, staff.token);
    expect(detail.json().data.paymentAlerts).toEqual([]);
  });
});

describe('A hold placed on-session', () => {
  it('is released by its own job exactly once at its time; the sweep’s backstop finds nothing left', async () => {
    const startDate = futureDay(-4);
    const state = await prebookedBooking(t.app, t.db, {
      type: 'deposit_card',
      startDate,
      dueAt: defaultDueDate('deposit_card', startDate),
    });
    const opened = await cb(t.app, 'POST', pay(state.bookingId, 'organizer-stripe-intent'), state.organizer.token, {});
    expect(opened.statusCode, opened.body).toBe(200);
    const intentId = opened.json().data.intentId as string;
    const authorizedAt = Date.now();
    stripe.clock = () => authorizedAt;
    stripe.confirm(intentId);
    const done = await cb(
      t.app,
      'POST',
      pay(state.bookingId, 'complete-deposit-authorization'),
      state.organizer.token,
      {
        intentId,
      },
    );
    expect(done.statusCode, done.body).toBe(200);
    const [hold] = await heldDeposits(state.bookingId);
    // capture_before read from the provider's charge, in the transaction of the move.
    expect(hold!.holdCaptureBefore!.getTime()).toBe(Math.floor(authorizedAt / 1000) * 1000 + 7 * 24 * HOUR);

    const { endDate } = (await t.db.select().from(bookingRequests).where(eq(bookingRequests.id, state.bookingId)))[0]!;
    const releaseAt = holdReleaseAt(endDate);
    await moveTo(new Date(releaseAt.getTime() - 60_000));
    expect(await heldDeposits(state.bookingId)).toHaveLength(1);
    await moveTo(new Date(releaseAt.getTime() + 60_000));
    expect(await heldDeposits(state.bookingId)).toHaveLength(0);
    expect(stripe.intents.get(intentId)!.status).toBe('canceled');
    await moveTo(new Date(releaseAt.getTime() + 3 * 24 * HOUR));
    const backstop = await releaseFinishedDepositHolds(
      { ...sweepDeps(t.db), provider: t.app.paymentProvider },
      new Date(releaseAt.getTime() + 3 * 24 * HOUR),
    );
    expect(backstop).toBe(0);
    const cancels = stripe.requests.filter((request) => request.path === `/v1/payment_intents/${intentId}/cancel`);
    expect(cancels).toHaveLength(1);
    expect(await paymentRows(t.db, state.bookingId)).toMatchObject([{ kind: 'deposit', status: 'canceled' }]);
  });
});
