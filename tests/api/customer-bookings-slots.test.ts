import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addIsoDays } from '../../src/shared/booking-days';
import { timeSlots } from '../../src/server/db/schema';
import { expectError, registerCustomer, type RegisteredCustomer } from '../support/auth';
import { catalogueBySlug, type CatalogueRow, seedItem } from '../support/booking-requests';
import {
  createBooking,
  editLine,
  expectUnchanged,
  futureDay,
  getDetail,
  lastModifiedOf,
  MSG,
  putBooking,
  putOk,
  setBookingState,
  setSlot,
  slotRow,
  snapshot,
  weekdayOf,
} from '../support/customer-bookings';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let organizer: RegisteredCustomer;
let other: RegisteredCustomer;
let catalogue: Map<string, CatalogueRow>;

const item = (slug: string): CatalogueRow => seedItem(catalogue, slug);

/** A one-day request starting on `startDate` (one parcours line), for `owner`. */
async function newBooking(owner: RegisteredCustomer, startDate: string) {
  const created = await createBooking(t.app, owner, {
    startDate,
    participants: 20,
    lines: [{ item: item('parcours-aventure') }],
  });
  return created._id;
}

/** PUT of one activity line on a slot, with the request's current lastModified. */
async function putSlot(
  owner: RegisteredCustomer,
  id: string,
  activity: CatalogueRow,
  day: string,
  participants: number,
  slot: { startTime: string; endTime: string },
) {
  return putBooking(t.app, owner.token, id, {
    bookingActivities: [editLine(activity, day, participants, slot)],
    lastModified: await lastModifiedOf(t.db, id),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  [organizer, other] = await Promise.all([
    registerCustomer(t.app, { firstName: 'Léa', lastName: 'Martin' }),
    registerCustomer(t.app, { firstName: 'Hugo', lastName: 'Lefèvre' }),
  ]);
  catalogue = await catalogueBySlug(t.db);
});

afterAll(async () => {
  await t?.close();
});

describe('PUT: time slots (SPEC.md §5)', () => {
  it("stores a slot of the activity's active slots for that weekday; the detail lists the slots sorted", async () => {
    const day = futureDay(0);
    const id = await newBooking(organizer, day);
    const tir = item('tir-a-l-arc');
    const res = await putSlot(organizer, id, tir, day, 12, { startTime: '10:30', endTime: '11:30' });
    expect(res.statusCode, res.body).toBe(200);
    const [line] = (await snapshot(t.db, id)).items;
    expect(line).toMatchObject({
      catalogueItemId: tir.id,
      scheduledDate: day,
      startTime: '10:30',
      endTime: '11:30',
      participants: 12,
    });

    const detail = await getDetail(t.app, organizer.token, id);
    expect(detail.bookingActivities[0]).toMatchObject({
      scheduledTime: '10:30-11:30',
      selectedTimeSlot: { startTime: '10:30', endTime: '11:30' },
      customParticipants: 12,
    });
    const starts = detail.bookingActivities[0]!.timeSlots.filter((slot) => slot.day === weekdayOf(day)).map(
      (slot) => slot.startTime,
    );
    expect(starts).toEqual(['09:00', '10:30', '12:00', '13:30', '15:00', '16:30', '18:00']);
    expect(detail.bookingActivities[0]!.timeSlots.map((slot) => slot.startTime)).toEqual(
      detail.bookingActivities[0]!.timeSlots.map((slot) => slot.startTime).sort(),
    );

    // Removing the slot is allowed.
    const cleared = await putBooking(t.app, organizer.token, id, {
      bookingActivities: [editLine(tir, day, 12)],
      lastModified: detail.lastModified,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((await snapshot(t.db, id)).items[0]).toMatchObject({ startTime: null, endTime: null });
  });

  it('refuses a slot of another weekday, an inactive slot and an invented one with 400, changing nothing', async () => {
    const day = futureDay(0);
    const nextDay = addIsoDays(day, 1);
    const id = await newBooking(organizer, day);
    const tir = item('tir-a-l-arc');
    // An evening slot the park opens only on the weekday after `day`.
    await t.db
      .insert(timeSlots)
      .values({ itemId: tir.id, day: weekdayOf(nextDay), startTime: '19:30', endTime: '20:30' });
    // The 09:00 slot is closed on `day`'s weekday only.
    const closed = await slotRow(t.db, tir.id, weekdayOf(day), '09:00');
    await setSlot(t.db, closed.id, { isActive: false });
    try {
      await expectUnchanged(t.db, id, async () => {
        for (const slot of [
          { startTime: '19:30', endTime: '20:30' },
          { startTime: '09:00', endTime: '10:00' },
          { startTime: '08:00', endTime: '09:00' },
          { startTime: '10:30', endTime: '12:00' },
          { startTime: 'demain', endTime: 'midi' },
        ]) {
          expectError(await putSlot(organizer, id, tir, day, 10, slot), 400, MSG.slotUnavailable, 'SLOT_UNAVAILABLE');
        }
        // Another activity's slot is not this one's.
        expectError(
          await putSlot(organizer, id, tir, day, 10, { startTime: '09:00', endTime: '11:00' }),
          400,
          MSG.slotUnavailable,
        );
      });
      // The same slots on the day they are open are accepted.
      expect(
        (await putSlot(organizer, id, tir, nextDay, 10, { startTime: '19:30', endTime: '20:30' })).statusCode,
      ).toBe(200);
      expect(
        (await putSlot(organizer, id, tir, nextDay, 10, { startTime: '09:00', endTime: '10:00' })).statusCode,
      ).toBe(200);
    } finally {
      await setSlot(t.db, closed.id, { isActive: true });
    }
  });
});

describe('PUT: slot capacity across all bookings', () => {
  it('never exceeds a slot capacity; canceled requests and the request itself do not count', async () => {
    const day = futureDay(2);
    const orientation = item('course-orientation');
    const slot = { startTime: '09:00', endTime: '10:30' };
    const row = await slotRow(t.db, orientation.id, weekdayOf(day), '09:00');
    expect(row.capacity).toBeNull();
    await setSlot(t.db, row.id, { capacity: 20 });

    const first = await newBooking(organizer, day);
    expect((await putSlot(organizer, first, orientation, day, 15, slot)).statusCode).toBe(200);

    const second = await newBooking(other, day);
    await expectUnchanged(t.db, second, async () => {
      expectError(await putSlot(other, second, orientation, day, 10, slot), 409, MSG.slotFull(5), 'SLOT_FULL');
      expectError(await putSlot(other, second, orientation, day, 6, slot), 409, MSG.slotFull(5));
    });
    const ok = await putSlot(other, second, orientation, day, 5, slot);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await snapshot(t.db, second)).items[0]).toMatchObject({ startTime: '09:00', participants: 5 });

    // Full: a third request gets the plain message.
    const third = await newBooking(other, day);
    await expectUnchanged(t.db, third, async () => {
      expectError(await putSlot(other, third, orientation, day, 1, slot), 409, 'Ce créneau est complet', 'SLOT_FULL');
    });
    // Other slots and other dates of the same slot are unaffected.
    expect(
      (await putSlot(other, third, orientation, day, 20, { startTime: '11:00', endTime: '12:30' })).statusCode,
    ).toBe(200);
    const nextWeek = addIsoDays(day, 7);
    expect((await putSlot(other, await newBooking(other, nextWeek), orientation, nextWeek, 20, slot)).statusCode).toBe(
      200,
    );
    // The first request's own places are not counted against it; two of its lines on one slot add up.
    expect((await putSlot(organizer, first, orientation, day, 15, slot)).statusCode).toBe(200);
    await expectUnchanged(t.db, first, async () => {
      const res = await putBooking(t.app, organizer.token, first, {
        bookingActivities: [editLine(orientation, day, 15, slot), editLine(orientation, day, 1, slot)],
        lastModified: await lastModifiedOf(t.db, first),
      });
      expectError(res, 409, MSG.slotFull(15));
    });

    // Once the first request is canceled, its 15 places are free again.
    await setBookingState(t.db, first, { status: 'canceled' });
    const freed = await putSlot(other, third, orientation, day, 15, slot);
    expect(freed.statusCode, freed.body).toBe(200);
    expectError(
      await putSlot(organizer, await newBooking(organizer, day), orientation, day, 1, slot),
      409,
      'Ce créneau est complet',
    );
  });

  it('moving the date cannot bring a line onto a full slot or a weekday without its slot', async () => {
    const day = futureDay(4);
    const earlier = addIsoDays(day, -7);
    const orientation = item('course-orientation');
    const slot = { startTime: '13:00', endTime: '14:30' };
    const row = await slotRow(t.db, orientation.id, weekdayOf(day), '13:00');
    await setSlot(t.db, row.id, { capacity: 10 });

    const full = await newBooking(organizer, day);
    expect((await putSlot(organizer, full, orientation, day, 10, slot)).statusCode).toBe(200);
    const mover = await newBooking(other, earlier);
    expect((await putSlot(other, mover, orientation, earlier, 3, slot)).statusCode).toBe(200);

    // A week later: same weekday, but the slot is full that day.
    await expectUnchanged(t.db, mover, async () => {
      expectError(
        await putBooking(t.app, other.token, mover, {
          startDate: day,
          lastModified: await lastModifiedOf(t.db, mover),
        }),
        409,
        'Ce créneau est complet',
        'SLOT_FULL',
      );
    });

    // A tir-à-l'arc slot open on one weekday only cannot move to the next day.
    const tir = item('tir-a-l-arc');
    const evening = addIsoDays(day, 1);
    await t.db
      .insert(timeSlots)
      .values({ itemId: tir.id, day: weekdayOf(evening), startTime: '19:30', endTime: '20:30' })
      .onConflictDoNothing();
    const late = await newBooking(other, evening);
    expect((await putSlot(other, late, tir, evening, 4, { startTime: '19:30', endTime: '20:30' })).statusCode).toBe(
      200,
    );
    await expectUnchanged(t.db, late, async () => {
      expectError(
        await putBooking(t.app, other.token, late, {
          startDate: addIsoDays(evening, 1),
          lastModified: await lastModifiedOf(t.db, late),
        }),
        400,
        MSG.slotUnavailable,
        'SLOT_UNAVAILABLE',
      );
    });
    // Moving by a whole week keeps the weekday: accepted, slot kept.
    const week = await putOk(t.app, other.token, late, {
      startDate: addIsoDays(evening, 7),
      lastModified: await lastModifiedOf(t.db, late),
    });
    expect(week.bookingActivities[0]).toMatchObject({
      scheduledDate: addIsoDays(evening, 7),
      scheduledTime: '19:30-20:30',
    });
  });
});
