import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionSizes } from '../../src/shared/sessions';
import { expectError, registerCustomer, type RegisteredCustomer } from '../support/auth';
import {
  catalogueBySlug,
  lineFor,
  postBookingRequest,
  storedItems,
  type CatalogueRow,
} from '../support/booking-requests';
import { createBooking, editLine, futureDay, getDetail, putOk, MSG } from '../support/customer-bookings';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let organizer: RegisteredCustomer;
let catalogue: Map<string, CatalogueRow>;
const item = (slug: string) => catalogue.get(slug)!;

beforeAll(async () => {
  t = await createTestApp();
  organizer = await registerCustomer(t.app);
  catalogue = await catalogueBySlug(t.db);
});
afterAll(async () => {
  await t.close();
});

describe('sessionSizes: groups over 50 take an activity in sessions of at most 50', () => {
  it.each([
    [1, [1]],
    [50, [50]],
    [51, [26, 25]],
    [60, [30, 30]],
    [100, [50, 50]],
    [101, [34, 34, 33]],
  ])('%i participants → %j', (participants, sizes) => {
    expect(sessionSizes(participants)).toEqual(sizes);
    expect(sessionSizes(participants).reduce((a, b) => a + b, 0)).toBe(participants);
  });
});

describe('a line holds at most 50 participants (SPEC.md §9)', () => {
  it('refuses a wizard line of 60 with the per-activity message and stores nothing', async () => {
    const day = futureDay();
    const res = await postBookingRequest(
      t.app,
      {
        customerId: organizer.id,
        bookingType: 'act',
        type: 'act',
        participants: 60,
        startDate: day,
        bookingActivities: [lineFor(item('paintball'), day, 60)],
      },
      organizer.token,
    );
    expectError(res, 400, MSG.activityParticipants, 'VALIDATION_ERROR');
  });

  it('stores a group of 60 as two sessions of 30, priced like 60 people (Paintball 1 200 €)', async () => {
    const day = futureDay();
    const res = await postBookingRequest(
      t.app,
      {
        customerId: organizer.id,
        bookingType: 'act',
        type: 'act',
        participants: 60,
        startDate: day,
        bookingActivities: sessionSizes(60).map((size) => lineFor(item('paintball'), day, size)),
      },
      organizer.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    const detail = await getDetail(t.app, organizer.token, res.json().data._id);
    expect(detail.bookingActivities.map((line) => [line.customParticipants, line.followsBookingCount])).toEqual([
      [30, true],
      [30, true],
    ]);
    expect(detail.estimatedTotal).toBe(60 * 20);
  });
});

describe("changing the booking's participant count", () => {
  it('moves the lines that followed the count, keeps those set by hand, and recomputes the estimate', async () => {
    const start = futureDay(2);
    const booking = await createBooking(t.app, organizer, {
      startDate: start,
      participants: 8,
      lines: [{ item: item('paintball') }, { item: item('parcours-aventure'), participants: 5 }],
    });
    let detail = await getDetail(t.app, organizer.token, booking._id);
    expect(detail.estimatedTotal).toBe(8 * 20 + 5 * 25);
    detail = await putOk(t.app, organizer.token, booking._id, { participants: 12, lastModified: detail.lastModified });
    expect(detail.bookingActivities.map((line) => [line.name, line.customParticipants])).toEqual([
      ['Paintball', 12],
      ['Parcours aventure', 5],
    ]);
    expect(detail.estimatedTotal).toBe(12 * 20 + 5 * 25);

    // Over 50: the followed line becomes as many sessions as needed, and back.
    detail = await putOk(t.app, organizer.token, booking._id, { participants: 80, lastModified: detail.lastModified });
    expect(
      detail.bookingActivities.filter((line) => line.name === 'Paintball').map((line) => line.customParticipants),
    ).toEqual([40, 40]);
    expect(detail.estimatedTotal).toBe(80 * 20 + 5 * 25);
    detail = await putOk(t.app, organizer.token, booking._id, { participants: 30, lastModified: detail.lastModified });
    expect(detail.bookingActivities.map((line) => line.customParticipants)).toEqual([30, 5]);
    expect((await storedItems(t.db, booking._id)).length).toBe(2);
  });

  it('a count set by hand in the detail page stops following the booking', async () => {
    const start = futureDay(3);
    const booking = await createBooking(t.app, organizer, {
      startDate: start,
      participants: 10,
      lines: [{ item: item('paintball') }],
    });
    let detail = await getDetail(t.app, organizer.token, booking._id);
    detail = await putOk(t.app, organizer.token, booking._id, {
      bookingActivities: [{ ...editLine(item('paintball'), start, 6), _id: detail.bookingActivities[0]!._id }],
      lastModified: detail.lastModified,
    });
    expect(detail.bookingActivities[0]!.followsBookingCount).toBe(false);
    detail = await putOk(t.app, organizer.token, booking._id, { participants: 20, lastModified: detail.lastModified });
    expect(detail.bookingActivities[0]!.customParticipants).toBe(6);
  });
});
