import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxResponse, plannerResponse, weeklyStatsResponse } from '../../src/shared/api/staff.schema';
import { addIsoDays, todayInParis } from '../../src/shared/booking-days';
import { outbox } from '../../src/server/db/schema';
import { maskSecrets } from '../../src/server/modules/staff/outbox-masking';
import { expectError, expectValidation } from '../support/auth';
import { catalogueBySlug } from '../support/booking-requests';
import { bookingInState, type BookingInState } from '../support/booking-states';
import { editLine, lastModifiedOf, slotRow, weekdayOf } from '../support/customer-bookings';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { staffCall } from '../support/staff-api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let staff: TestStaff;
let first: BookingInState;
let second: BookingInState;
const day = addIsoDays(todayInParis(), 12);

beforeAll(async () => {
  t = await createTestApp();
  staff = await createStaffWithSession(t.db, 'staff');
  first = await bookingInState(t, 'prebooked', { staff, startDate: day, participants: 8 });
  second = await bookingInState(t, 'client-validated', { staff, startDate: day, participants: 5 });
});
afterAll(async () => {
  await t.close();
});

describe('outbox', () => {
  it('lists e-mails newest first, per booking and per address', async () => {
    const all = outboxResponse.strict().parse((await staffCall(t.app, 'GET', '/outbox', staff.token)).json()).data;
    const times = all.emails.map((email) => email.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.pagination.total).toBe(all.emails.length);

    const mine = outboxResponse.parse(
      (await staffCall(t.app, 'GET', `/outbox?bookingId=${first.id}`, staff.token)).json(),
    ).data;
    expect(mine.emails.length).toBeGreaterThan(0);
    expect(
      mine.emails.every((email) => email.to === first.organizer.email || email.text.includes(first.reference)),
    ).toBe(true);
    expect(mine.emails.map((email) => email.template)).toEqual(
      expect.arrayContaining(['quote-ready', 'request-received']),
    );

    const byAddress = outboxResponse.parse(
      (
        await staffCall(
          t.app,
          'GET',
          `/outbox?to=${encodeURIComponent(second.organizer.email.toUpperCase())}`,
          staff.token,
        )
      ).json(),
    ).data;
    expect(byAddress.emails.length).toBeGreaterThan(0);
    expect(byAddress.emails.every((email) => email.to === second.organizer.email)).toBe(true);
    expectError(
      await staffCall(t.app, 'GET', '/outbox?bookingId=inconnu', staff.token),
      404,
      'Réservation non trouvée',
    );
  });

  it('masks temporary passwords and link tokens', async () => {
    await t.db.insert(outbox).values({
      template: 'temporary-password',
      to: 'secret@exemple.fr',
      subject: 'Votre mot de passe temporaire',
      text: 'Voici votre mot de passe temporaire : sapin-lac-velo-42\n\nMe connecter : http://parc.test/login?email=a%40b.fr&token=abcdefghijklmnop\nRejoindre : http://parc.test/invitation/Qx8vK2mP9sLw3nR7tY1zAb',
      html: '<p>Voici votre mot de passe temporaire : sapin-lac-velo-42</p><a href="http://parc.test/admin/setup?token=U4cZ408CPm6veANh">lien</a>',
    });
    const data = outboxResponse.parse(
      (await staffCall(t.app, 'GET', '/outbox?to=secret@exemple.fr', staff.token)).json(),
    ).data;
    const [mail] = data.emails;
    expect(mail!.text).not.toContain('sapin-lac-velo-42');
    expect(mail!.text).not.toContain('abcdefghijklmnop');
    expect(mail!.text).not.toContain('Qx8vK2mP9sLw3nR7tY1zAb');
    expect(mail!.text).toContain('Voici votre mot de passe temporaire : ••••••');
    expect(mail!.html).not.toContain('sapin-lac-velo-42');
    expect(mail!.html).not.toContain('U4cZ408CPm6veANh');
    // Ordinary sentences stay readable.
    expect(maskSecrets('Votre mot de passe habituel reste valable : ignorez cet email.')).toBe(
      'Votre mot de passe habituel reste valable : ignorez cet email.',
    );
  });
});

describe('planner', () => {
  it('shows each activity’s slots that day with the groups booked and the places left', async () => {
    const catalogue = await catalogueBySlug(t.db);
    const item = catalogue.get('parcours-aventure')!;
    const slot = await slotRow(t.db, item.id, weekdayOf(day), (await slotsOn(item.id))[0]!);
    // Put the first group in a slot (staff schedule edit), leave the second unscheduled.
    const res = await staffCall(t.app, 'PUT', `/booking-requests/${first.id}/schedule`, staff.token, {
      bookingActivities: [editLine(item, day, 8, { startTime: slot.startTime, endTime: slot.endTime })],
      lastModified: await lastModifiedOf(t.db, first.id),
    });
    expect(res.statusCode, res.body).toBe(200);

    const planner = plannerResponse
      .strict()
      .parse((await staffCall(t.app, 'GET', `/planner?date=${day}`, staff.token)).json()).data;
    expect(planner).toMatchObject({ date: day, weekday: weekdayOf(day) });
    const activity = planner.activities.find((entry) => entry._id === item.id)!;
    const planned = activity.slots.find((entry) => entry.startTime === slot.startTime)!;
    expect(planned).toMatchObject({
      booked: 8,
      capacity: slot.capacity,
      placesLeft: slot.capacity === null ? null : slot.capacity - 8,
    });
    expect(planned.groups).toEqual([
      {
        bookingId: first.id,
        bookingRequestId: first.reference,
        organizerName: 'Léa Martin',
        participants: 8,
        status: 'prebooked',
      },
    ]);
    expect(activity.unscheduled.map((group) => group.bookingId)).toEqual([second.id]);

    const empty = plannerResponse.parse(
      (await staffCall(t.app, 'GET', `/planner?date=${addIsoDays(day, 1)}`, staff.token)).json(),
    ).data;
    expect(empty.activities.flatMap((entry) => entry.slots.flatMap((s) => s.groups))).toEqual([]);
    expectValidation(
      await staffCall(t.app, 'GET', '/planner?date=2026-02-30', staff.token),
      'date',
      'Date invalide (format AAAA-MM-JJ)',
    );
  });

  async function slotsOn(itemId: string) {
    const catalogue = await staffCall(t.app, 'GET', `/planner?date=${day}`, staff.token);
    const data = plannerResponse.parse(catalogue.json()).data;
    return data.activities.find((entry) => entry._id === itemId)!.slots.map((entry) => entry.startTime);
  }
});

describe('weekly stats', () => {
  it('counts the last 12 weeks’ requests and the confirmed revenue', async () => {
    const confirmed = await bookingInState(t, 'confirmed', { staff });
    expect(confirmed.detail!.paymentConfig!.totalAmount).toBe(250);
    const data = weeklyStatsResponse
      .strict()
      .parse((await staffCall(t.app, 'GET', '/stats/weekly', staff.token)).json()).data;
    expect(data.weeks).toHaveLength(12);
    const current = data.weeks.at(-1)!;
    expect(new Date(`${current.weekStart}T12:00:00Z`).getUTCDay()).toBe(1);
    expect(current).toMatchObject({ requests: 3, confirmed: 1, confirmedRevenue: 250 });
    expect(data.weeks.slice(0, -1).every((week) => week.requests === 0)).toBe(true);
  });
});
