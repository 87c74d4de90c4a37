import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/server/db/schema';
import {
  checkInBoardResponse,
  checkInResponse,
  personalPassResponse,
  waiverResponse,
} from '../../src/shared/api/onsite.schema';
import { paymentIntentResponse } from '../../src/shared/api/payments.schema';
import { addIsoDays, tomorrowInParis } from '../../src/shared/booking-days';
import { WAIVER_VERSION } from '../../src/shared/waiver';
import { signPass } from '../../src/server/modules/onsite/pass-code';
import { expectError, expectValidation, registerCustomer } from '../support/auth';
import { cb, setBookingState } from '../support/customer-bookings';
import { pay, paymentRows, prebookedBooking, type PaymentState } from '../support/payment-states';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { staffCall } from '../support/staff-api';
import { createTestApp, type TestApp } from '../support/test-app';

/** The clock the app reads: noon in Paris on `day`. */
let now = new Date();
const setToday = (day: string) => {
  now = new Date(`${day}T11:00:00Z`);
};
const PASS_SECRET = 'cle-des-pass-du-parc-pour-les-tests-0123456789';

let t: TestApp;
let staff: TestStaff;
beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => now }, env: { PASS_SECRET } });
  staff = await createStaffWithSession(t.db, 'staff', { firstName: 'Camille', lastName: 'Dupuy' });
});
afterAll(async () => {
  await t.close();
});

/** The booking's audit entries of one action, oldest first. */
const auditOf = (bookingId: string, action: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.bookingId, bookingId), eq(auditLog.action, action)))
    .orderBy(auditLog.createdAt);

async function passOf(token: string, bookingId: string) {
  const res = await cb(t.app, 'GET', `/${bookingId}/pass`, token);
  expect(res.statusCode, res.body).toBe(200);
  return personalPassResponse.strict().parse(res.json()).data;
}
const scan = (code: string) => staffCall(t.app, 'POST', '/check-in', staff.token, { code });
const sign = (token: string, bookingId: string, fullName: string) =>
  cb(t.app, 'POST', `/${bookingId}/waiver`, token, { fullName, accepted: true });

/** A confirmed booking (two days from tomorrow) with the organizer and one participant who joined. */
async function confirmedGroup(): Promise<PaymentState & { day: string }> {
  const day = addIsoDays(tomorrowInParis(), 20);
  const state = await prebookedBooking(t.app, t.db, { type: 'deposit_check', startDate: day, joined: 1 });
  await setBookingState(t.db, state.bookingId, { status: 'confirmed' });
  return { ...state, day };
}

describe('personal pass', () => {
  it('is the caller’s own, signed, with its QR; a stranger gets 404', async () => {
    const group = await confirmedGroup();
    const organizerPass = await passOf(group.organizer.token, group.bookingId);
    expect(organizerPass).toMatchObject({
      participantId: group.organizerParticipantId,
      firstName: 'Claire',
      lastName: 'Organisatrice',
      bookingRequestId: group.reference,
      startDate: group.day,
      waiver: null,
      checkedInAt: null,
    });
    expect(organizerPass.qrPng).toMatch(/^data:image\/png;base64,/);
    expect(organizerPass.code).toBe(
      signPass(PASS_SECRET, {
        bookingId: group.bookingId,
        participantId: group.organizerParticipantId,
        startDate: group.day,
        endDate: organizerPass.endDate,
      }),
    );
    const member = group.participants[0]!;
    const memberPass = await passOf(member.token, group.bookingId);
    expect(memberPass.participantId).toBe(member.participantId);
    expect(memberPass.code).not.toBe(organizerPass.code);

    const stranger = await registerCustomer(t.app, { firstName: 'Inconnu', lastName: 'Passant' });
    expectError(await cb(t.app, 'GET', `/${group.bookingId}/pass`, stranger.token), 404, 'Réservation non trouvée');
  });
});

describe('waiver', () => {
  it('needs the person’s own name and the acceptance, and keeps the version', async () => {
    const group = await confirmedGroup();
    expectValidation(
      await sign(group.organizer.token, group.bookingId, 'Quelqu’un Dautre'),
      'fullName',
      'Le nom saisi ne correspond pas au participant : saisissez votre prénom et votre nom',
    );
    expectValidation(
      await cb(t.app, 'POST', `/${group.bookingId}/waiver`, group.organizer.token, {
        fullName: 'Claire Organisatrice',
        accepted: false,
      }),
      'accepted',
      'Veuillez accepter la décharge pour continuer',
    );
    const res = await sign(group.organizer.token, group.bookingId, '  organisatrice   CLAIRE ');
    expect(res.statusCode, res.body).toBe(200);
    const body = waiverResponse.parse(res.json());
    expect(body).toMatchObject({
      message: 'Décharge signée',
      data: { fullName: 'organisatrice   CLAIRE', version: WAIVER_VERSION, signedOnSite: false },
    });
    expect((await passOf(group.organizer.token, group.bookingId)).waiver).toMatchObject({ version: WAIVER_VERSION });
  });
});

describe('check-in', () => {
  it('refuses a pass without a waiver, accepts it once signed, then says when it was checked in', async () => {
    const group = await confirmedGroup();
    setToday(group.day);
    const member = group.participants[0]!;
    const { code } = await passOf(member.token, group.bookingId);

    expectError(
      await scan(code),
      409,
      'Décharge non signée : faites-la signer sur place avant l’entrée',
      'WAIVER_MISSING',
    );
    // Signed at reception, on the team's device.
    const onSite = await staffCall(t.app, 'POST', '/check-in/waiver', staff.token, {
      code,
      fullName: 'Invité1 Participant',
      accepted: true,
    });
    expect(onSite.statusCode, onSite.body).toBe(200);
    expect(waiverResponse.parse(onSite.json()).data.signedOnSite).toBe(true);

    const first = await scan(code);
    expect(first.statusCode, first.body).toBe(200);
    const done = checkInResponse.parse(first.json());
    expect(done).toMatchObject({
      message: 'Arrivée de Invité1 Participant enregistrée',
      data: {
        participantId: member.participantId,
        booking: { bookingRequestId: group.reference, organizerName: 'Claire Organisatrice', arrived: 1, expected: 10 },
      },
    });
    // Noon in Paris (11:00 UTC in winter, 10:00 in summer).
    const hhmm = new Intl.DateTimeFormat('fr-FR', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/Paris',
    }).format(now);
    expectError(await scan(code), 409, `Déjà enregistré à ${hhmm}`, 'ALREADY_CHECKED_IN');

    // The booking's history: the waiver signed at reception and the arrival, once each, by the staff member.
    const signedOnSite = await auditOf(group.bookingId, 'waiver_on_site');
    expect(signedOnSite.map((entry) => [entry.actorType, entry.actorName, entry.after])).toEqual([
      [
        'staff',
        'Camille Dupuy',
        {
          participantId: member.participantId,
          participant: 'Invité1 Participant',
          signedName: 'Invité1 Participant',
          waiverVersion: WAIVER_VERSION,
        },
      ],
    ]);
    const arrivals = await auditOf(group.bookingId, 'check_in');
    expect(arrivals.map((entry) => [entry.actorName, entry.after])).toEqual([
      [
        'Camille Dupuy',
        { participantId: member.participantId, participant: 'Invité1 Participant', checkedInAt: now.toISOString() },
      ],
    ]);

    const board = checkInBoardResponse.parse(
      (await staffCall(t.app, 'GET', `/check-in/board?date=${group.day}`, staff.token)).json(),
    ).data;
    const row = board.groups.find((entry) => entry.bookingId === group.bookingId);
    expect(row).toMatchObject({ arrived: 1, expected: 10, checkedOutAt: null });
    expect(
      row!.participants.map((person) => [person.lastName, person.waiverSigned, Boolean(person.checkedInAt)]),
    ).toEqual(
      expect.arrayContaining([
        ['Organisatrice', false, false],
        ['Participant', true, true],
      ]),
    );
  });

  it('refuses a pass of another day, a forged or altered one, and one of a booking not confirmed', async () => {
    const group = await confirmedGroup();
    const pass = await passOf(group.organizer.token, group.bookingId);
    expect((await sign(group.organizer.token, group.bookingId, 'Claire Organisatrice')).statusCode).toBe(200);
    const dayLabel = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeZone: 'UTC' }).format(
      new Date(`${group.day}T12:00:00Z`),
    );
    setToday(addIsoDays(group.day, -1));
    expectError(await scan(pass.code), 409, `Ce pass est valable le ${dayLabel}, pas aujourd’hui`, 'WRONG_DAY');

    setToday(group.day);
    const unknown = 'Pass inconnu ou falsifié';
    // Signed with another key.
    const forged = signPass('une-autre-cle-que-celle-du-parc-0123456789', {
      bookingId: group.bookingId,
      participantId: pass.participantId,
      startDate: group.day,
      endDate: group.day,
    });
    expectError(await scan(forged), 404, unknown, 'PASS_UNKNOWN');
    // The days changed, the signature kept.
    const altered = pass.code.replace(group.day.replaceAll('-', ''), addIsoDays(group.day, 1).replaceAll('-', ''));
    expectError(await scan(altered), 404, unknown, 'PASS_UNKNOWN');
    expectError(await scan('n-importe-quoi'), 404, unknown, 'PASS_UNKNOWN');
    // A well-signed code for a participant who does not exist.
    const hmacOk = signPass(PASS_SECRET, {
      bookingId: group.bookingId,
      participantId: '00000000-0000-4000-8000-000000000000',
      startDate: group.day,
      endDate: group.day,
    });
    expectError(await scan(hmacOk), 404, unknown, 'PASS_UNKNOWN');

    await setBookingState(t.db, group.bookingId, { status: 'prebooked' });
    expectError(
      await scan(pass.code),
      409,
      'Réservation non confirmée : l’entrée ne peut pas être enregistrée',
      'NOT_CONFIRMED',
    );
    await setBookingState(t.db, group.bookingId, { status: 'confirmed' });
    expect((await scan(pass.code)).statusCode).toBe(200);
  });

  it('takes 50 concurrent scans of one pass as one check-in', async () => {
    const group = await confirmedGroup();
    setToday(group.day);
    expect((await sign(group.organizer.token, group.bookingId, 'Claire Organisatrice')).statusCode).toBe(200);
    const { code } = await passOf(group.organizer.token, group.bookingId);
    const answers = await Promise.all(Array.from({ length: 50 }, () => scan(code)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const res of answers.filter((answer) => answer.statusCode === 409)) {
      expect(res.json().error).toMatch(/^Déjà enregistré à \d{2}:\d{2}$/);
    }
    const board = checkInBoardResponse.parse(
      (await staffCall(t.app, 'GET', `/check-in/board?date=${group.day}`, staff.token)).json(),
    ).data;
    expect(board.groups.find((entry) => entry.bookingId === group.bookingId)?.arrived).toBe(1);
    expect(await auditOf(group.bookingId, 'check_in')).toHaveLength(1);
  });

  it('needs a staff session', async () => {
    const group = await confirmedGroup();
    const { code } = await passOf(group.organizer.token, group.bookingId);
    expect((await staffCall(t.app, 'POST', '/check-in', group.organizer.token, { code })).statusCode).toBe(401);
    expect((await staffCall(t.app, 'POST', '/check-in', undefined, { code })).statusCode).toBe(401);
  });
});

describe('check-out', () => {
  it('releases the card deposit hold on the stand-in, once', async () => {
    const day = addIsoDays(tomorrowInParis(), 2);
    const state = await prebookedBooking(t.app, t.db, { type: 'deposit_card', startDate: day });
    const intentRes = await cb(
      t.app,
      'POST',
      pay(state.bookingId, 'organizer-stripe-intent'),
      state.organizer.token,
      {},
    );
    expect(intentRes.statusCode, intentRes.body).toBe(200);
    const intent = paymentIntentResponse.parse(intentRes.json()).data;
    const card = await cb(t.app, 'POST', pay(state.bookingId, 'test-card'), state.organizer.token, {
      intentId: intent.intentId,
      cardNumber: '4242 4242 4242 4242',
    });
    expect(card.statusCode, card.body).toBe(200);
    const held = await cb(
      t.app,
      'POST',
      pay(state.bookingId, 'complete-deposit-authorization'),
      state.organizer.token,
      {},
    );
    expect(held.statusCode, held.body).toBe(200);
    expect((await paymentRows(t.db, state.bookingId)).map((row) => [row.kind, row.status])).toEqual([
      ['deposit', 'authorized'],
    ]);

    const out = await staffCall(t.app, 'POST', `/booking-requests/${state.bookingId}/check-out`, staff.token);
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toMatchObject({ message: 'Départ du groupe enregistré', data: { releasedHolds: 1 } });
    expect((await paymentRows(t.db, state.bookingId)).map((row) => [row.kind, row.status])).toEqual([
      ['deposit', 'canceled'],
    ]);
    const again = await staffCall(t.app, 'POST', `/booking-requests/${state.bookingId}/check-out`, staff.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/^Départ déjà enregistré à \d{2}:\d{2}$/);
    const departures = await auditOf(state.bookingId, 'check_out');
    expect(departures.map((entry) => [entry.actorName, entry.after])).toEqual([
      ['Camille Dupuy', { checkedOutAt: now.toISOString(), arrived: 0 }],
    ]);
  });
});
