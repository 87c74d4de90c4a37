import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequests, paymentConfigs } from '../../src/server/db/schema';
import { dayPassesResponse } from '../../src/shared/api/onsite-day.schema';
import { checkInBoardResponse } from '../../src/shared/api/onsite.schema';
import { addIsoDays, tomorrowInParis } from '../../src/shared/booking-days';
import { verifyPass } from '../../src/server/modules/onsite/pass-code';
import { cb, setBookingState } from '../support/customer-bookings';
import { payShare, prebookedBooking } from '../support/payment-states';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { staffCall } from '../support/staff-api';
import { createTestApp, type TestApp } from '../support/test-app';

const PASS_SECRET = 'cle-des-pass-du-parc-pour-les-tests-0123456789';

let t: TestApp;
let staff: TestStaff;
beforeAll(async () => {
  t = await createTestApp({ env: { PASS_SECRET } });
  staff = await createStaffWithSession(t.db, 'staff', { firstName: 'Camille', lastName: 'Dupuy' });
});
afterAll(async () => {
  await t.close();
});

const dayPasses = (day: string, token?: string) => staffCall(t.app, 'GET', `/day/${day}/passes`, token);

describe('GET /api/v1/staff/day/{date}/passes', () => {
  it('gives the day’s confirmed bookings and walk-ins with each pass, its code as GET …/pass gives it, and the contract', async () => {
    const day = addIsoDays(tomorrowInParis(), 40);
    const confirmed = await prebookedBooking(t.app, t.db, { type: 'deposit_check', startDate: day, joined: 1 });
    await setBookingState(t.db, confirmed.bookingId, { status: 'confirmed' });
    await t.db
      .update(paymentConfigs)
      .set({ contractFilename: `contrat-${confirmed.reference}-signe.pdf` })
      .where(eq(paymentConfigs.bookingId, confirmed.bookingId));
    const walkIn = await prebookedBooking(t.app, t.db, { type: 'deposit_check', startDate: day, joined: 0 });
    await t.db
      .update(bookingRequests)
      .set({ status: 'confirmed', eventData: { walkIn: 'true' } })
      .where(eq(bookingRequests.id, walkIn.bookingId));
    // Neither a prebooked booking of that day nor a confirmed one of the next day is printed.
    await prebookedBooking(t.app, t.db, { type: 'deposit_check', startDate: day, joined: 0 });
    const nextDay = await prebookedBooking(t.app, t.db, {
      type: 'deposit_check',
      startDate: addIsoDays(day, 1),
      joined: 0,
    });
    await setBookingState(t.db, nextDay.bookingId, { status: 'confirmed' });

    const res = await dayPasses(day, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = dayPassesResponse.strict().parse(res.json()).data;
    expect(data.date).toBe(day);
    expect(data.bookings.map((booking) => booking.bookingId).sort()).toEqual(
      [confirmed.bookingId, walkIn.bookingId].sort(),
    );
    const first = data.bookings.find((booking) => booking.bookingId === confirmed.bookingId)!;
    expect(first).toMatchObject({
      bookingRequestId: confirmed.reference,
      walkIn: false,
      contractFile: `contrat-${confirmed.reference}-signe.pdf`,
    });
    expect(first.passes).toHaveLength(2);
    const second = data.bookings.find((booking) => booking.bookingId === walkIn.bookingId)!;
    expect(second).toMatchObject({ walkIn: true, bookingRequestId: walkIn.reference });
    expect(second.passes).toHaveLength(1);

    const own = await cb(t.app, 'GET', `/${confirmed.bookingId}/pass`, confirmed.organizer.token);
    const ownCode = (own.json() as { data: { code: string } }).data.code;
    expect(first.passes.map((pass) => pass.code)).toContain(ownCode);
    for (const pass of [...first.passes, ...second.passes]) {
      expect(verifyPass(PASS_SECRET, pass.code)).toMatchObject({ participantId: pass.participantId });
      expect(pass.qrPng).toMatch(/^data:image\/png;base64,/);
    }
  });

  it('is for the team only: 401 without a staff session, 400 on a bad date', async () => {
    const group = await prebookedBooking(t.app, t.db, {
      type: 'deposit_check',
      startDate: addIsoDays(tomorrowInParis(), 41),
      joined: 0,
    });
    expect((await dayPasses('2030-01-01')).statusCode).toBe(401);
    expect((await dayPasses('2030-01-01', group.organizer.token)).statusCode).toBe(401);
    const bad = await dayPasses('2030-02-31', staff.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Date invalide (format AAAA-MM-JJ)');
  });
});

describe('the day’s board: the balance reception collects (docs/decisions.md, "On site", "Balance to collect on site")', () => {
  it('is the total less what was paid towards it, flagged when the organizer chose to pay on site', async () => {
    const day = addIsoDays(tomorrowInParis(), 41);
    // 90 € for three; one share of 30 € paid by card; the organizer chose at D-2 to pay the rest on site.
    const group = await prebookedBooking(t.app, t.db, {
      type: 'collective_payment',
      totalCents: 9_000,
      startDate: day,
      joined: 2,
    });
    await payShare(t.app, group.bookingId, group.participants[0]!.participantId, group.participants[0]!.token);
    await t.db
      .update(paymentConfigs)
      .set({ dueChoice: 'on_site' })
      .where(eq(paymentConfigs.bookingId, group.bookingId));
    await setBookingState(t.db, group.bookingId, { status: 'confirmed' });
    // Paid in full by card: nothing to collect.
    const paid = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 9_000, startDate: day });
    await payShare(t.app, paid.bookingId, paid.organizerParticipantId, paid.organizer.token);

    const res = await staffCall(t.app, 'GET', `/check-in/board?date=${day}`, staff.token);
    expect(res.statusCode, res.body).toBe(200);
    const groups = checkInBoardResponse.strict().parse(res.json()).data.groups;
    expect(groups.find((row) => row.bookingId === group.bookingId)?.balanceDue).toEqual({
      amount: 60,
      onSiteChosen: true,
    });
    expect(groups.find((row) => row.bookingId === paid.bookingId)?.balanceDue).toEqual({
      amount: 0,
      onSiteChosen: false,
    });
  });
});
