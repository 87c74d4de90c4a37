import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxResponse, plannerResponse, weeklyStatsResponse } from '../../src/shared/api/staff.schema';
import { addIsoDays, todayInParis } from '../../src/shared/booking-days';
import { bookingItems, catalogueItems, outbox } from '../../src/server/db/schema';
import { maskSecrets } from '../../src/server/modules/staff/outbox-masking';
import { bearer, call, expectError, expectValidation, registerCustomer } from '../support/auth';
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
    // Only the e-mails about that booking (their subject names its reference), newest first.
    expect(mine.emails.map((email) => [email.template, email.to, email.subject])).toEqual([
      ['quote-ready', first.organizer.email, `Votre devis est prêt – demande ${first.reference}`],
      ['request-received', first.organizer.email, `Demande ${first.reference} bien reçue – Parc Aventure des Landes`],
    ]);

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

  it('pages past the end with the true total and an empty page', async () => {
    const outboxPage = async (query: string) => {
      const res = await staffCall(t.app, 'GET', `/outbox${query}`, staff.token);
      expect(res.statusCode, res.body).toBe(200);
      return outboxResponse.strict().parse(res.json()).data;
    };
    const [total] = await t.db.select({ n: count() }).from(outbox);
    const n = Number(total!.n);
    expect(n).toBeGreaterThan(2);

    const first2 = await outboxPage('?page=1&limit=2');
    expect(first2.emails).toHaveLength(2);
    expect(first2.pagination).toEqual({ page: 1, limit: 2, total: n, pages: Math.ceil(n / 2) });
    const beyond = await outboxPage('?page=500&limit=2');
    expect(beyond.emails).toEqual([]);
    expect(beyond.pagination).toEqual({ page: 500, limit: 2, total: n, pages: Math.ceil(n / 2) });

    // The same with a filter: the booking's two e-mails.
    const mine = await outboxPage(`?bookingId=${first.id}&page=3&limit=1`);
    expect(mine.emails).toEqual([]);
    expect(mine.pagination).toEqual({ page: 3, limit: 1, total: 2, pages: 2 });
    // An empty filter stays an empty first page.
    const nobody = await outboxPage('?to=personne@exemple.fr&page=2');
    expect(nobody.emails).toEqual([]);
    expect(nobody.pagination).toEqual({ page: 2, limit: 50, total: 0, pages: 1 });
  });

  it('masks the temporary password, the one credential of the mail, and nothing else', async () => {
    const customer = await registerCustomer(t.app, { firstName: 'Nina', lastName: 'Roux' });
    expect((await call(t.app, 'POST', 'forgot-password', { payload: { email: customer.email } })).statusCode).toBe(200);
    await t.settled();
    const data = outboxResponse.parse(
      (await staffCall(t.app, 'GET', `/outbox?to=${encodeURIComponent(customer.email)}`, staff.token)).json(),
    ).data;
    const mail = data.emails.find((email) => email.template === 'temporary-password')!;
    const paragraphs = mail.text.split('\n\n');
    expect(paragraphs.slice(0, 4)).toEqual([
      'Bonjour Nina,',
      'Voici votre mot de passe temporaire : ••••••',
      'Il est valable 24 heures et ne sert qu’une fois. Connectez-vous avec ce mot de passe : vous serez ensuite invité à choisir un nouveau mot de passe sécurisé.',
      'Votre mot de passe habituel reste valable : si vous n’êtes pas à l’origine de cette demande, ignorez simplement cet e-mail.',
    ]);
    // Neither a login token nor the address in the link (docs/decisions.md, "E-mail").
    expect(paragraphs[4]).toMatch(/^Me connecter : \S+\/login$/);
    expect(mail.html).toContain('<p>Voici votre mot de passe temporaire : ••••••</p>');
    expect(mail.html).toContain(
      '<p>Il est valable 24 heures et ne sert qu’une fois. Connectez-vous avec ce mot de passe : vous serez ensuite invité à choisir un nouveau mot de passe sécurisé.</p>',
    );
    expect(mail.html).toMatch(/href="[^"]+\/login"/);
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
    expect(maskSecrets('Connectez-vous avec ce mot de passe : vous serez ensuite invité.')).toBe(
      'Connectez-vous avec ce mot de passe : vous serez ensuite invité.',
    );
    expect(maskSecrets('<p>Voici votre mot de passe temporaire : sapin-lac-velo-42</p>')).toBe(
      '<p>Voici votre mot de passe temporaire : ••••••</p>',
    );
  });
});

describe('planner', () => {
  it('shows each activity’s slots that day with the groups booked, each booking sent once', async () => {
    const catalogue = await catalogueBySlug(t.db);
    const item = catalogue.get('parcours-aventure')!;
    const [morning, later] = await slotsOn(item.id);
    const slot = await slotRow(t.db, item.id, weekdayOf(day), morning!);
    const next = await slotRow(t.db, item.id, weekdayOf(day), later!);
    // The first group in two slots of the day (staff schedule edit), the second left unscheduled.
    const res = await staffCall(t.app, 'PUT', `/booking-requests/${first.id}/schedule`, staff.token, {
      bookingActivities: [
        editLine(item, day, 8, { startTime: slot.startTime, endTime: slot.endTime }),
        editLine(item, day, 3, { startTime: next.startTime, endTime: next.endTime }),
      ],
      lastModified: await lastModifiedOf(t.db, first.id),
    });
    expect(res.statusCode, res.body).toBe(200);

    const planner = plannerResponse
      .strict()
      .parse((await staffCall(t.app, 'GET', `/planner?date=${day}`, staff.token)).json()).data;
    expect(planner).toMatchObject({ date: day, weekday: weekdayOf(day) });
    // Each booking once, however many lines it has that day; its groups name it by index.
    expect(planner.bookings.map((booking) => booking._id).sort()).toEqual([first.id, second.id].sort());
    const firstIndex = planner.bookings.findIndex((booking) => booking._id === first.id);
    expect(planner.bookings[firstIndex]).toEqual({
      _id: first.id,
      bookingRequestId: first.reference,
      organizerName: 'Léa Martin',
      status: 'prebooked',
    });
    const activity = planner.activities.find((entry) => entry._id === item.id)!;
    const planned = activity.slots.find((entry) => entry.startTime === slot.startTime)!;
    expect(planned).toEqual({
      startTime: slot.startTime,
      endTime: slot.endTime,
      capacity: slot.capacity,
      booked: 8,
      groups: [{ booking: firstIndex, participants: 8 }],
    });
    expect(activity.slots.find((entry) => entry.startTime === next.startTime)?.groups).toEqual([
      { booking: firstIndex, participants: 3 },
    ]);
    expect(activity.unscheduled.map((group) => planner.bookings[group.booking]?._id)).toEqual([second.id]);

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

  it('a kept answer goes out compressed as the client accepts, its bytes new after a change', async () => {
    const [line] = await t.db.select().from(bookingItems).where(eq(bookingItems.bookingId, first.id));
    const url = `/api/v1/staff/planner?date=${day}`;
    const read = async (encoding: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...bearer(staff.token), 'accept-encoding': encoding },
      });
      expect(res.statusCode).toBe(200);
      const bytes = res.rawPayload;
      const decoded = { br: brotliDecompressSync, gzip: gunzipSync }[String(res.headers['content-encoding'])];
      return {
        encoding: res.headers['content-encoding'],
        vary: res.headers.vary,
        json: (decoded?.(bytes) ?? bytes).toString(),
      };
    };
    const plain = await read('identity');
    expect(plain.encoding).toBeUndefined();
    for (const encoding of ['br', 'gzip, deflate', 'br;q=0, gzip']) {
      const expected = encoding.startsWith('br,') || encoding === 'br' ? 'br' : 'gzip';
      expect(await read(encoding)).toEqual({
        encoding: expected,
        vary: expect.stringContaining('Accept-Encoding'),
        json: plain.json,
      });
    }
    const rename = (name: string) =>
      t.db.update(catalogueItems).set({ name }).where(eq(catalogueItems.id, line!.catalogueItemId));
    await rename('Parcours nocturne');
    expect((await read('br')).json).toContain('Parcours nocturne');
    await rename(line!.name);
  });
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
