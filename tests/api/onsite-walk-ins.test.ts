import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkInResponse,
  kioskTodayResponse,
  personalPassResponse,
  walkInResponse,
  walkInStatusResponse,
} from '../../src/shared/api/onsite.schema';
import { addIsoDays, parisMidnight, tomorrowInParis } from '../../src/shared/booking-days';
import { catalogueBySlug } from '../support/booking-requests';
import { expectError, expectValidation, nextAddress, registerCustomer, uniqueEmail } from '../support/auth';
import { cb, snapshot } from '../support/customer-bookings';
import { joinOk } from '../support/invitations';
import { createStaffWithSession } from '../support/staff';
import { staffCall } from '../support/staff-api';
import { createTestApp, type TestApp } from '../support/test-app';

/** Walk-ins at the kiosk (docs/decisions.md, "Walk-ins"): today only, slots not started, capacity claimed. */
const DAY = addIsoDays(tomorrowInParis(), 30);
// Between 7:30 and 8:30 in Paris, whatever the season: before the first slot (9:00).
let now = new Date(`${DAY}T06:30:00Z`);

let t: TestApp;
let archery: string;
beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => now } });
  archery = (await catalogueBySlug(t.db)).get('tir-a-l-arc')!.id; // 9:00, 10:30, 12:00, 13:30, 15:00, 16:30, 18:00; 20 places
});
afterAll(async () => {
  await t.close();
});

function walkIn(participants: number, startTime?: string, overrides: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/kiosk/walk-ins',
    remoteAddress: nextAddress(),
    payload: {
      participants,
      date: DAY,
      bookingActivities: [{ catalogActivityId: archery, ...(startTime ? { startTime } : {}) }],
      mainContact: { firstName: 'Marc', lastName: 'Sansrésa', email: uniqueEmail('borne'), phone: '06 12 34 56 78' },
      ...overrides,
    },
  });
}

describe('POST /api/v1/kiosk/walk-ins', () => {
  it('books today’s group, confirmed, with the organizer’s session and the group link; members join from the QR', async () => {
    const res = await walkIn(5, '09:00');
    expect(res.statusCode, res.body).toBe(201);
    const { data, message } = walkInResponse.strict().parse(res.json());
    expect(message).toBe('Réservation enregistrée : chaque membre du groupe scanne le QR code pour la rejoindre');
    expect(data.token).toEqual(expect.any(String));
    expect(data.joinUrl).toMatch(/\/invitation\/[A-Za-z0-9_-]+$/);
    const stored = await snapshot(t.db, data.bookingId);
    expect(stored.request).toMatchObject({ status: 'confirmed', startDate: DAY, endDate: DAY, participants: 5 });
    expect(stored.items.map((item) => [item.startTime, item.participants])).toEqual([['09:00', 5]]);
    expect(stored.participants.map((row) => [row.role, row.invitationStatus])).toEqual([['Organisateur', 'joined']]);

    // The kiosk goes on as the organizer: their pass, checked in today once the waiver is signed.
    const pass = personalPassResponse.parse(
      (await cb(t.app, 'GET', `/${data.bookingId}/pass`, data.token!)).json(),
    ).data;
    const waiver = await cb(t.app, 'POST', `/${data.bookingId}/waiver`, data.token!, {
      fullName: 'Marc Sansrésa',
      accepted: true,
    });
    expect(waiver.statusCode, waiver.body).toBe(200);
    const staff = await createStaffWithSession(t.db);
    const scan = await staffCall(t.app, 'POST', '/check-in', staff.token, { code: pass.code });
    expect(scan.statusCode, scan.body).toBe(200);
    expect(checkInResponse.parse(scan.json()).data.booking).toMatchObject({ arrived: 1, expected: 5 });

    // A member scans the group QR and joins; the kiosk's live list shows them.
    const linkToken = data.joinUrl.split('/').pop()!;
    await joinOk(t.app, linkToken, {
      firstName: 'Nina',
      lastName: 'Membre',
      email: uniqueEmail('membre'),
      password: 'Pinede-Heron-2026',
      confirmPassword: 'Pinede-Heron-2026',
    });
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/v1/kiosk/walk-ins/${data.bookingId}?token=${linkToken}`,
    });
    expect(status.statusCode, status.body).toBe(200);
    expect(walkInStatusResponse.parse(status.json()).data).toEqual({
      bookingRequestId: stored.request.reference,
      participants: 5,
      paymentMode: null,
      paid: false,
      joined: [
        { name: 'Marc S.', paid: false },
        { name: 'Nina M.', paid: false },
      ],
    });
    // Without the group's link, nothing.
    const probe = await t.app.inject({ method: 'GET', url: `/api/v1/kiosk/walk-ins/${data.bookingId}?token=faux` });
    expectError(probe, 404, 'Réservation non trouvée');
  });

  it('claims the slot’s places: a group too large is refused, the next slot with room is taken when none is named', async () => {
    expect((await walkIn(12, '12:00')).statusCode).toBe(201);
    expectError(await walkIn(9, '12:00'), 409, 'Il ne reste que 8 places sur ce créneau', 'SLOT_FULL');
    const next = await walkIn(16);
    expect(next.statusCode, next.body).toBe(201);
    const { data } = walkInResponse.parse(next.json());
    // 9:00 has 15 places left after the first test, 10:30 is free for 16.
    expect((await snapshot(t.db, data.bookingId)).items.map((item) => item.startTime)).toEqual(['10:30']);
  });

  it('takes 20 concurrent groups of 5 on one 20-place slot as 4', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => walkIn(5, '15:00')));
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(4);
    expect(answers.filter((res) => res.statusCode === 409)).toHaveLength(16);
  });

  it('offers today’s slots not started with their free places, full ones left out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/kiosk/today' });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = kioskTodayResponse.parse(res.json());
    expect(data.date).toBe(DAY);
    const slots = data.activities.find((activity) => activity.id === archery)?.slots;
    expect(slots?.map((slot) => [slot.startTime, slot.free])).toEqual([
      ['09:00', 15],
      ['10:30', 4],
      ['12:00', 8],
      ['13:30', 20],
      ['16:30', 20],
      ['18:00', 20],
    ]);
  });

  it('books today only, never a slot that started, and gives no session for an address with an account', async () => {
    expectValidation(
      await walkIn(4, '09:00', { date: addIsoDays(DAY, 1) }),
      'date',
      'La borne ne réserve que pour aujourd’hui',
    );
    now = new Date(`${DAY}T09:45:00Z`); // 10:45 or 11:45 in Paris
    expectError(
      await walkIn(4, '09:00'),
      400,
      'Ce créneau n’est plus disponible aujourd’hui : choisissez-en un autre',
      'SLOT_UNAVAILABLE',
    );
    const known = await registerCustomer(t.app, { firstName: 'Déjà', lastName: 'Cliente' });
    const res = await walkIn(2, '16:30', {
      mainContact: { firstName: 'Déjà', lastName: 'Cliente', email: known.email, phone: '0612345678' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { data } = walkInResponse.parse(res.json());
    expect(data.token).toBeNull();
    expect((await snapshot(t.db, data.bookingId)).request.customerId).toBe(known.id);
    now = new Date(`${DAY}T06:30:00Z`);
  });
});

describe('the kiosk’s today is the server clock’s (buildApp({ clock })), never the machine’s', () => {
  it('at 10:00 Paris on the clock’s day, offers and books that day’s slots after 10:00; at 21:30 none is left', async () => {
    // DAY is a month away from the machine's date: only the injected clock can make it today.
    now = new Date(parisMidnight(DAY).getTime() + 10 * 3_600_000);
    const offer = kioskTodayResponse.parse((await t.app.inject({ method: 'GET', url: '/api/v1/kiosk/today' })).json());
    expect(offer.data.date).toBe(DAY);
    const starts = offer.data.activities
      .find((activity) => activity.id === archery)
      ?.slots.map((slot) => slot.startTime);
    expect(starts?.[0]).toBe('10:30');
    expect(starts?.every((start) => start > '10:00')).toBe(true);

    const res = await walkIn(2);
    expect(res.statusCode, res.body).toBe(201);
    const stored = await snapshot(t.db, walkInResponse.parse(res.json()).data.bookingId);
    expect(stored.request).toMatchObject({ startDate: DAY, endDate: DAY });
    expect(stored.items.map((item) => item.startTime)).toEqual(['10:30']);
    expect(stored.participants[0]?.joinedAt).toEqual(now);

    now = new Date(parisMidnight(DAY).getTime() + 21.5 * 3_600_000);
    const evening = kioskTodayResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/kiosk/today' })).json(),
    );
    expect(evening.data).toEqual({ date: DAY, activities: [] });
    expectError(await walkIn(2), 409, 'Plus aucun créneau libre aujourd’hui pour « Tir à l’arc »', 'SLOT_FULL');
    now = new Date(`${DAY}T06:30:00Z`);
  });
});
