import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walkInPaymentResponse, walkInResponse, walkInStatusResponse } from '../../src/shared/api/onsite.schema';
import { paymentIntentResponse } from '../../src/shared/api/payments.schema';
import { addIsoDays, tomorrowInParis } from '../../src/shared/booking-days';
import { catalogueBySlug } from '../support/booking-requests';
import { expectError, expectValidation, nextAddress, uniqueEmail } from '../support/auth';
import { cb, snapshot } from '../support/customer-bookings';
import { joinOk } from '../support/invitations';
import { pay, paymentRows } from '../support/payment-states';
import { createTestApp, type TestApp } from '../support/test-app';

/** « Qui règle ? » at the kiosk (docs/decisions.md, "Walk-ins"): the organizer pays all, or each member their share. */
const DAY = addIsoDays(tomorrowInParis(), 40);
const now = new Date(`${DAY}T06:30:00Z`);
const CARD_OK = '4242 4242 4242 4242';

let t: TestApp;
let archery: string;
beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => now } });
  archery = (await catalogueBySlug(t.db)).get('tir-a-l-arc')!.id; // 15 € per person
});
afterAll(async () => {
  await t.close();
});

async function walkIn(participants: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/kiosk/walk-ins',
    remoteAddress: nextAddress(),
    payload: {
      participants,
      date: DAY,
      bookingActivities: [{ catalogActivityId: archery, startTime: '13:30' }],
      mainContact: { firstName: 'Léa', lastName: 'Borne', email: uniqueEmail('borne'), phone: '06 12 34 56 78' },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { data } = walkInResponse.parse(res.json());
  return { ...data, linkToken: data.joinUrl.split('/').pop()! };
}

function choose(bookingId: string, token: string, mode: unknown) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/kiosk/walk-ins/${bookingId}/payment`,
    remoteAddress: nextAddress(),
    payload: { token, mode },
  });
}

async function status(bookingId: string, linkToken: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/kiosk/walk-ins/${bookingId}?token=${linkToken}` });
  expect(res.statusCode, res.body).toBe(200);
  return walkInStatusResponse.parse(res.json()).data;
}

/** Opens the card intent and pays it with the test provider's card. */
async function payWith(bookingId: string, token: string, intentPath: string) {
  const intent = await cb(t.app, 'POST', pay(bookingId, intentPath), token, {});
  expect(intent.statusCode, intent.body).toBe(200);
  const { intentId, amount } = paymentIntentResponse.parse(intent.json()).data;
  const card = await cb(t.app, 'POST', pay(bookingId, 'test-card'), token, { intentId, cardNumber: CARD_OK });
  expect(card.statusCode, card.body).toBe(200);
  return amount;
}

/** A member joins from the group QR and opens the booking on their phone (which marks them connected). */
async function joinMember(linkToken: string, firstName: string) {
  const joined = await joinOk(t.app, linkToken, {
    firstName,
    lastName: 'Membre',
    email: uniqueEmail(firstName.toLowerCase()),
    password: 'Pinede-Heron-2026',
    confirmPassword: 'Pinede-Heron-2026',
  });
  const opened = await cb(t.app, 'GET', `/${joined.data.bookingDetails.id}`, joined.token!);
  expect(opened.statusCode, opened.body).toBe(200);
  return joined.token!;
}

describe('POST /api/v1/kiosk/walk-ins/{id}/payment', () => {
  it('collective: each member pays 15 € of the 4 places from their phone, the kiosk sees who paid', async () => {
    const group = await walkIn(4);
    expect((await status(group.bookingId, group.linkToken)).paymentMode).toBeNull();
    const res = await choose(group.bookingId, group.linkToken, 'collective');
    expect(res.statusCode, res.body).toBe(200);
    expect(walkInPaymentResponse.strict().parse(res.json())).toMatchObject({
      message: 'Chaque membre règle sa part depuis son téléphone après avoir rejoint le groupe',
      data: { mode: 'collective', totalAmount: 60, shareAmount: 15 },
    });

    // Two members join and pay; the share stays 15 € whoever joins later (per head of the headcount).
    const nina = await joinMember(group.linkToken, 'Nina');
    const ninaId = (await snapshot(t.db, group.bookingId)).participants.find((p) => p.firstName === 'Nina')!.id;
    expect(await payWith(group.bookingId, nina, `participant-stripe-intent/${ninaId}`)).toBe(15);
    const paul = await joinMember(group.linkToken, 'Paul');
    const paulId = (await snapshot(t.db, group.bookingId)).participants.find((p) => p.firstName === 'Paul')!.id;
    expect(await payWith(group.bookingId, paul, `participant-stripe-intent/${paulId}`)).toBe(15);
    expect(await status(group.bookingId, group.linkToken)).toMatchObject({
      paymentMode: 'collective',
      paid: false,
      joined: [
        { name: 'Léa B.', paid: false },
        { name: 'Nina M.', paid: true },
        { name: 'Paul M.', paid: true },
      ],
    });
    // Once something is paid, the choice no longer changes.
    expectError(
      await choose(group.bookingId, group.linkToken, 'full'),
      409,
      'Un paiement a déjà été fait : le mode de règlement ne change plus',
    );
    // The organizer pays their share at the kiosk, the last member too: the group is paid, 60 € in all.
    expect(await payWith(group.bookingId, group.token!, 'organizer-stripe-intent')).toBe(15);
    const zoe = await joinMember(group.linkToken, 'Zoé');
    const zoeId = (await snapshot(t.db, group.bookingId)).participants.find((p) => p.firstName === 'Zoé')!.id;
    expect(await payWith(group.bookingId, zoe, `participant-stripe-intent/${zoeId}`)).toBe(15);
    expect(await status(group.bookingId, group.linkToken)).toMatchObject({ paid: true });
    const rows = await paymentRows(t.db, group.bookingId);
    expect(rows.filter((row) => row.status === 'completed').reduce((sum, row) => sum + row.amountCents, 0)).toBe(6000);
    expect((await snapshot(t.db, group.bookingId)).request).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'paid',
    });
  });

  it('full: the organizer pays the whole group at the kiosk; a second choice cancels the first intent', async () => {
    const group = await walkIn(3);
    expect((await choose(group.bookingId, group.linkToken, 'collective')).statusCode).toBe(200);
    const first = await cb(t.app, 'POST', pay(group.bookingId, 'organizer-stripe-intent'), group.token!, {});
    expect(paymentIntentResponse.parse(first.json()).data.amount).toBe(15);
    const res = await choose(group.bookingId, group.linkToken, 'full');
    expect(res.statusCode, res.body).toBe(200);
    expect(walkInPaymentResponse.parse(res.json()).data).toEqual({ mode: 'full', totalAmount: 45, shareAmount: null });
    expect(await payWith(group.bookingId, group.token!, 'organizer-stripe-intent')).toBe(45);
    expect(await status(group.bookingId, group.linkToken)).toMatchObject({ paymentMode: 'full', paid: true });
    const rows = await paymentRows(t.db, group.bookingId);
    expect(rows.map((row) => [row.kind, row.amountCents, row.status]).sort()).toEqual([
      ['full', 4500, 'completed'],
      ['share', 1500, 'canceled'],
    ]);
    // Paid: asking again is refused, nothing changes.
    expectError(
      await choose(group.bookingId, group.linkToken, 'collective'),
      409,
      'Un paiement a déjà été fait : le mode de règlement ne change plus',
    );
  });

  it('refuses a bad mode in French, and another booking’s link or an unknown one with 404', async () => {
    const group = await walkIn(2);
    const other = await walkIn(2);
    expectValidation(
      await choose(group.bookingId, group.linkToken, 'carte'),
      'mode',
      'Choisissez qui règle : l’organisateur ou chaque membre',
    );
    expectError(await choose(group.bookingId, other.linkToken, 'full'), 404, 'Réservation non trouvée');
    expectError(await choose(group.bookingId, 'faux', 'full'), 404, 'Réservation non trouvée');
    expect((await snapshot(t.db, group.bookingId)).request.paymentStatus).toBe('unpaid');
    expect((await status(group.bookingId, group.linkToken)).paymentMode).toBeNull();
  });
});
