import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingDetailResponse } from '../../src/shared/api/customer-booking.schema';
import { addIsoDays, todayInParis } from '../../src/shared/booking-days';
import { BOOKING_STATUSES } from '../../src/shared/labels';
import { catalogueItems } from '../../src/server/db/schema';
import { expectError, expectValidation, registerCustomer, uniqueEmail, type RegisteredCustomer } from '../support/auth';
import { catalogueBySlug, type CatalogueRow, seedItem } from '../support/booking-requests';
import {
  addParticipant,
  cb,
  joinAsParticipant,
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
  snapshot,
} from '../support/customer-bookings';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let organizer: RegisteredCustomer;
let participant: RegisteredCustomer;
let catalogue: Map<string, CatalogueRow>;

const item = (slug: string): CatalogueRow => seedItem(catalogue, slug);

/** A request of `organizer` over two days (start and start + 1), with `participant` added. */
async function newBooking(startDate = futureDay()) {
  const created = await createBooking(t.app, organizer, {
    startDate,
    participants: 10,
    lines: [
      { item: item('parcours-aventure') },
      { item: item('repas-barbecue') },
      { item: item('paintball'), offset: 1, participants: 8 },
    ],
  });
  await joinAsParticipant(t.app, t.db, organizer.token, created._id, participant);
  return { id: created._id, startDate, endDate: created.endDate };
}

beforeAll(async () => {
  t = await createTestApp();
  [organizer, participant] = await Promise.all([
    registerCustomer(t.app, { firstName: 'Léa', lastName: 'Martin' }),
    registerCustomer(t.app, { firstName: 'Jules', lastName: 'Bernard' }),
  ]);
  catalogue = await catalogueBySlug(t.db);
});

afterAll(async () => {
  await t?.close();
});

describe('PUT /api/v1/customer-booking-requests/{id}: the editing rule (SPEC.md §4)', () => {
  it('the organizer edits a draft pending client validation; lastModified moves on', async () => {
    const { id } = await newBooking();
    const before = await snapshot(t.db, id);
    const data = await putOk(t.app, organizer.token, id, {
      participants: 14,
      lastModified: before.request.updatedAt.toISOString(),
    });
    expect(data.participants).toBe(14);
    expect(data.userRole).toBe('organizer');
    const after = await snapshot(t.db, id);
    expect(after.request.participants).toBe(14);
    expect(after.request.updatedAt.getTime()).toBeGreaterThan(before.request.updatedAt.getTime());
    expect(data.lastModified).toBe(after.request.updatedAt.toISOString());
    // The lines were not sent: those that followed the booking's count (10) follow it to 14,
    // the paintball line set by hand to 8 keeps its count.
    expect(after.items).toEqual(
      before.items.map((row) => (row.followsBookingCount ? { ...row, participants: 14 } : row)),
    );
    expect(after.items.map((row) => [row.name, row.participants])).toEqual([
      ['Parcours aventure', 14],
      ['Repas barbecue', 14],
      ['Paintball', 8],
    ]);
  });

  it('in every combination of status, client validation and role, only organizer + draft + pending may write', async () => {
    const { id } = await newBooking();
    let count = 20;
    for (const status of BOOKING_STATUSES) {
      for (const clientValidation of ['pending', 'validated'] as const) {
        await setBookingState(t.db, id, { status, clientValidation });
        for (const [user, role] of [
          [organizer, 'organizer'],
          [participant, 'participant'],
        ] as const) {
          const editable = role === 'organizer' && status === 'draft' && clientValidation === 'pending';
          const label = `${status}/${clientValidation}/${role}`;
          const detail = await getDetail(t.app, user.token, id);
          expect(detail.permissions, label).toEqual({
            canModify: editable,
            canModifyActivities: editable,
            canAddParticipants:
              role === 'organizer' && clientValidation === 'pending' && status !== 'canceled' && status !== 'completed',
            canPay: false,
          });
          count += 1;
          const body = { participants: count, lastModified: await lastModifiedOf(t.db, id) };
          if (editable) {
            expect((await putOk(t.app, user.token, id, body)).participants, label).toBe(count);
          } else {
            await expectUnchanged(t.db, id, async () => {
              expectError(await putBooking(t.app, user.token, id, body), 403, MSG.locked, 'BOOKING_LOCKED');
            });
          }
        }
      }
    }
  });

  it('after the organizer validated: 403 locked and nothing changes, even with valid lines and date', async () => {
    const { id, startDate } = await newBooking();
    const validate = await cb(t.app, 'POST', `/${id}/validate`, organizer.token);
    expect(validate.statusCode, validate.body).toBe(200);
    await expectUnchanged(t.db, id, async () => {
      const lastModified = await lastModifiedOf(t.db, id);
      for (const body of [
        { participants: 12, lastModified },
        { startDate: addIsoDays(startDate, 2), lastModified },
        { bookingActivities: [editLine(item('paintball'), startDate, 5)], lastModified },
      ]) {
        expectError(await putBooking(t.app, organizer.token, id, body), 403, MSG.locked, 'BOOKING_LOCKED');
      }
    });
    const detail = await getDetail(t.app, organizer.token, id);
    expect(detail.permissions).toEqual({
      canModify: false,
      canModifyActivities: false,
      canAddParticipants: false,
      canPay: false,
    });
  });

  it("a participant's PUT: 403 locked, nothing changes", async () => {
    const { id, startDate } = await newBooking();
    await expectUnchanged(t.db, id, async () => {
      const lastModified = await lastModifiedOf(t.db, id);
      for (const body of [
        { participants: 12, lastModified },
        { startDate: addIsoDays(startDate, 2), lastModified },
        { bookingServices: [], lastModified },
      ]) {
        expectError(await putBooking(t.app, participant.token, id, body), 403, MSG.locked, 'BOOKING_LOCKED');
      }
    });
  });

  it("a request the team has moved on ('prebooked'): 403 locked for the organizer, nothing changes", async () => {
    const { id } = await newBooking();
    await setBookingState(t.db, id, { status: 'prebooked' });
    await expectUnchanged(t.db, id, async () => {
      expectError(
        await putBooking(t.app, organizer.token, id, {
          participants: 12,
          lastModified: await lastModifiedOf(t.db, id),
        }),
        403,
        MSG.locked,
      );
    });
  });
});

describe('PUT: dates', () => {
  it('moving the start date by 3 days moves every line and the end date by 3 days', async () => {
    const { id, startDate, endDate } = await newBooking();
    const before = await snapshot(t.db, id);
    const newStart = addIsoDays(startDate, 3);
    const data = await putOk(t.app, organizer.token, id, {
      startDate: newStart,
      endDate: addIsoDays(endDate, 3),
      lastModified: before.request.updatedAt.toISOString(),
    });
    expect(data.startDate).toBe(newStart);
    expect(data.endDate).toBe(addIsoDays(endDate, 3));
    const after = await snapshot(t.db, id);
    expect(after.request).toMatchObject({ startDate: newStart, endDate: addIsoDays(endDate, 3), participants: 10 });
    expect(after.items.map((row) => [row.id, row.scheduledDate])).toEqual(
      before.items.map((row) => [row.id, addIsoDays(row.scheduledDate, 3)]),
    );
    expect(data.bookingActivities.map((line) => line.scheduledDate).sort()).toEqual([
      newStart,
      addIsoDays(newStart, 1),
    ]);
    expect(data.bookingServices.map((line) => line.scheduledDate)).toEqual([newStart]);

    // And back, earlier.
    const back = await putOk(t.app, organizer.token, id, { startDate, lastModified: data.lastModified });
    expect(back.endDate).toBe(endDate);
    expect((await snapshot(t.db, id)).items.map((row) => row.scheduledDate)).toEqual(
      before.items.map((row) => row.scheduledDate),
    );
  });

  it('refuses a start date in the past (or today) with 400 and changes nothing', async () => {
    const { id } = await newBooking();
    await expectUnchanged(t.db, id, async () => {
      const lastModified = await lastModifiedOf(t.db, id);
      for (const day of [addIsoDays(todayInParis(), -1), '2020-01-01']) {
        expectValidation(
          await putBooking(t.app, organizer.token, id, { startDate: day, lastModified }),
          'startDate',
          MSG.pastDate,
        );
      }
      // Today: the wizard's rule and message for the same day.
      expectValidation(
        await putBooking(t.app, organizer.token, id, { startDate: todayInParis(), lastModified }),
        'startDate',
        'La date doit être au plus tôt demain',
      );
    });
  });

  it('refuses a date that is not a calendar day with 400 (never a server error) and changes nothing', async () => {
    const { id, startDate } = await newBooking();
    const notADay = `${Number(startDate.slice(0, 4)) + 1}-02-30`;
    await expectUnchanged(t.db, id, async () => {
      const lastModified = await lastModifiedOf(t.db, id);
      for (const day of [notADay, '2027-13-01', '31/12/2027']) {
        expectValidation(
          await putBooking(t.app, organizer.token, id, { startDate: day, lastModified }),
          'startDate',
          'Veuillez sélectionner une date',
        );
        expectValidation(
          await putBooking(t.app, organizer.token, id, {
            bookingActivities: [editLine(item('paintball'), day, 5)],
            lastModified,
          }),
          'bookingActivities.0.scheduledDate',
          'Veuillez sélectionner une date',
        );
      }
    });
  });
});

describe('PUT: a line that names no catalogue item', () => {
  it('says which identifier is missing, and changes nothing', async () => {
    const { id, startDate } = await newBooking();
    await expectUnchanged(t.db, id, async () => {
      const lastModified = await lastModifiedOf(t.db, id);
      // A service's id sent in bookingActivities: the activity line has no catalogActivityId.
      expectValidation(
        await putBooking(t.app, organizer.token, id, {
          bookingActivities: [editLine(item('repas-barbecue'), startDate, 5)],
          lastModified,
        }),
        'bookingActivities',
        'Chaque activité doit indiquer son identifiant dans le catalogue (catalogActivityId)',
      );
      expectValidation(
        await putBooking(t.app, organizer.token, id, {
          bookingServices: [editLine(item('paintball'), startDate, 5)],
          lastModified,
        }),
        'bookingServices',
        'Chaque service doit indiquer son identifiant dans le catalogue (catalogServiceId)',
      );
    });
  });
});

describe('PUT: participant counts', () => {
  it('refuses an event count outside 1-100 and a per-activity count outside 1-50, changing nothing', async () => {
    const { id, startDate } = await newBooking();
    const parcours = item('parcours-aventure');
    await expectUnchanged(t.db, id, async () => {
      const lastModified = await lastModifiedOf(t.db, id);
      expectValidation(
        await putBooking(t.app, organizer.token, id, { participants: 0, lastModified }),
        'participants',
        MSG.participantsMin,
      );
      expectValidation(
        await putBooking(t.app, organizer.token, id, { participants: -3, lastModified }),
        'participants',
        MSG.participantsMin,
      );
      expectValidation(
        await putBooking(t.app, organizer.token, id, { participants: 2.5, lastModified }),
        'participants',
        MSG.participantsMin,
      );
      expectValidation(
        await putBooking(t.app, organizer.token, id, { participants: 101, lastModified }),
        'participants',
        MSG.participantsMax,
      );
      for (const customParticipants of [51, 0, 1.5]) {
        expectValidation(
          await putBooking(t.app, organizer.token, id, {
            bookingActivities: [editLine(parcours, startDate, customParticipants)],
            lastModified,
          }),
          'bookingActivities.0.customParticipants',
          MSG.activityParticipants,
        );
      }
      expectValidation(
        await putBooking(t.app, organizer.token, id, {
          bookingServices: [
            editLine(item('repas-barbecue'), startDate, 10),
            editLine(item('repas-barbecue'), startDate, 51),
          ],
          lastModified,
        }),
        'bookingServices.1.customParticipants',
        MSG.activityParticipants,
      );
    });
    // The bounds themselves are accepted; 1 on a list that holds the organizer alone.
    let lastModified = await lastModifiedOf(t.db, id);
    lastModified = (await putOk(t.app, organizer.token, id, { participants: 100, lastModified })).lastModified;
    const alone = await createBooking(t.app, organizer, { participants: 10, lines: [{ item: parcours }] });
    expect((await putOk(t.app, organizer.token, alone._id, { participants: 1 })).participants).toBe(1);
    const data = await putOk(t.app, organizer.token, id, {
      bookingActivities: [editLine(parcours, startDate, 50), editLine(parcours, startDate, 1)],
      lastModified,
    });
    expect(data.bookingActivities.map((line) => line.customParticipants)).toEqual([50, 1]);
  });

  it('refuses a count below the people already in the list (the organizer and Jules), changing nothing', async () => {
    const { id } = await newBooking();
    await expectUnchanged(t.db, id, async () => {
      expectValidation(
        await putBooking(t.app, organizer.token, id, { participants: 1 }),
        'participants',
        'La liste des participants compte déjà 2 personnes : retirez-en avant de réduire le nombre de participants',
      );
    });
    expect((await putOk(t.app, organizer.token, id, { participants: 2 })).participants).toBe(2);
  });
});

describe('PUT: lines and prices', () => {
  it('replaces the lines sent, with names and prices from the catalogue, not from the browser', async () => {
    const { id, startDate } = await newBooking();
    const tir = item('tir-a-l-arc');
    // The team changed the price since the request was made.
    await t.db.update(catalogueItems).set({ basePriceCents: 1750 }).where(eq(catalogueItems.id, tir.id));
    try {
      const before = await snapshot(t.db, id);
      const res = await putBooking(t.app, organizer.token, id, {
        bookingActivities: [
          {
            ...editLine(tir, addIsoDays(startDate, 1), 6),
            name: 'Tir gratuit',
            pricing: { basePrice: 1, pricingType: 'flat' },
          },
        ],
        lastModified: before.request.updatedAt.toISOString(),
      });
      expect(res.statusCode, res.body).toBe(200);
      const data = bookingDetailResponse.parse(res.json()).data;
      expect(data.bookingActivities).toHaveLength(1);
      expect(data.bookingActivities[0]).toMatchObject({
        name: tir.name,
        catalogActivityId: tir.id,
        category: tir.category,
        scheduledDate: addIsoDays(startDate, 1),
        customParticipants: 6,
        pricing: { basePrice: 17.5, pricingType: 'per_person' },
        total: 105,
      });
      // Services were not sent: kept.
      expect(data.bookingServices).toHaveLength(1);
      const barbecue = item('repas-barbecue');
      expect(data.estimatedTotal).toBe(105 + (barbecue.basePriceCents / 100) * 10);

      const after = await snapshot(t.db, id);
      const activities = after.items.filter((row) => row.kind === 'activity');
      expect(activities).toHaveLength(1);
      expect(activities[0]).toMatchObject({
        catalogueItemId: tir.id,
        name: tir.name,
        basePriceCents: 1750,
        pricingType: 'per_person',
        participants: 6,
        durationMinutes: tir.durationMinutes,
      });
      expect(after.items.filter((row) => row.kind === 'service')).toEqual(
        before.items.filter((row) => row.kind === 'service'),
      );
      expect(after.request.endDate).toBe(addIsoDays(startDate, 1));
    } finally {
      await t.db
        .update(catalogueItems)
        .set({ basePriceCents: tir.basePriceCents })
        .where(eq(catalogueItems.id, tir.id));
    }
  });

  it('keeps the price, name and duration of a saved line sent back with its id: a price change never reprices it', async () => {
    const { id, startDate } = await newBooking();
    const parcours = item('parcours-aventure');
    const before = await snapshot(t.db, id);
    const saved = before.items.find((row) => row.catalogueItemId === parcours.id)!;
    await t.db
      .update(catalogueItems)
      .set({ basePriceCents: 9900, name: 'Parcours aventure XXL', durationMinutes: 999 })
      .where(eq(catalogueItems.id, parcours.id));
    try {
      const data = await putOk(t.app, organizer.token, id, {
        bookingActivities: [
          // The saved line, moved to the next day with another count: still its own price.
          { ...editLine(parcours, addIsoDays(startDate, 1), 12), _id: saved.id },
          // A new line of the same item: priced from the catalogue as it is now.
          { ...editLine(parcours, startDate, 3), _id: 'temp_1' },
        ],
        lastModified: before.request.updatedAt.toISOString(),
      });
      expect(
        data.bookingActivities.map((line) => [line.name, line.customParticipants, line.pricing.basePrice]),
      ).toEqual([
        ['Parcours aventure XXL', 3, 99],
        ['Parcours aventure', 12, saved.basePriceCents / 100],
      ]);
      const rows = (await snapshot(t.db, id)).items.filter((row) => row.kind === 'activity');
      expect(rows.map((row) => [row.name, row.basePriceCents, row.durationMinutes])).toEqual(
        expect.arrayContaining([
          ['Parcours aventure', saved.basePriceCents, saved.durationMinutes],
          ['Parcours aventure XXL', 9900, 999],
        ]),
      );
      expect(rows).toHaveLength(2);
    } finally {
      await t.db
        .update(catalogueItems)
        .set({
          basePriceCents: parcours.basePriceCents,
          name: parcours.name,
          durationMinutes: parcours.durationMinutes,
        })
        .where(eq(catalogueItems.id, parcours.id));
    }
  });

  it('keeps a saved line of a withdrawn item, but refuses adding that item again', async () => {
    const { id, startDate } = await newBooking();
    const paintball = item('paintball');
    const before = await snapshot(t.db, id);
    const saved = before.items.find((row) => row.catalogueItemId === paintball.id)!;
    await t.db.update(catalogueItems).set({ isActive: false }).where(eq(catalogueItems.id, paintball.id));
    try {
      await expectUnchanged(t.db, id, async () => {
        expectValidation(
          await putBooking(t.app, organizer.token, id, {
            bookingActivities: [
              { ...editLine(paintball, addIsoDays(startDate, 1), 8), _id: saved.id },
              editLine(paintball, startDate, 4),
            ],
            lastModified: before.request.updatedAt.toISOString(),
          }),
          'bookingActivities',
          '« Paintball » n’est plus proposé : il ne peut pas être ajouté à la réservation',
        );
      });
      const data = await putOk(t.app, organizer.token, id, {
        bookingActivities: [{ ...editLine(paintball, addIsoDays(startDate, 1), 6), _id: saved.id }],
        lastModified: before.request.updatedAt.toISOString(),
      });
      expect(data.bookingActivities.map((line) => [line.name, line.customParticipants])).toEqual([['Paintball', 6]]);
    } finally {
      await t.db.update(catalogueItems).set({ isActive: true }).where(eq(catalogueItems.id, paintball.id));
    }
  });

  it('refuses an unknown item, a service sent as an activity, or removing every line; nothing changes', async () => {
    const { id, startDate } = await newBooking();
    await expectUnchanged(t.db, id, async () => {
      const lastModified = await lastModifiedOf(t.db, id);
      const unknown = await putBooking(t.app, organizer.token, id, {
        bookingActivities: [
          {
            catalogActivityId: '00000000-0000-4000-8000-000000000000',
            scheduledDate: startDate,
            customParticipants: 5,
          },
        ],
        lastModified,
      });
      expect(unknown.statusCode, unknown.body).toBe(400);
      // An id longer than any is refused as unknown without being echoed back.
      const huge = await putBooking(t.app, organizer.token, id, {
        bookingActivities: [
          { catalogActivityId: 'a'.repeat(100_000), scheduledDate: startDate, customParticipants: 5 },
        ],
        lastModified,
      });
      expectValidation(huge, 'bookingActivities.0.catalogActivityId', 'Activité ou service introuvable');
      expect(huge.body).not.toContain('aaaa');
      const wrongKind = await putBooking(t.app, organizer.token, id, {
        bookingActivities: [
          { catalogActivityId: item('repas-barbecue').id, scheduledDate: startDate, customParticipants: 5 },
        ],
        lastModified,
      });
      expect(wrongKind.statusCode, wrongKind.body).toBe(400);
      expectValidation(
        await putBooking(t.app, organizer.token, id, { bookingActivities: [], bookingServices: [], lastModified }),
        'bookingActivities',
        'Veuillez sélectionner au moins une activité ou service',
      );
      expectValidation(
        await putBooking(t.app, organizer.token, id, {
          bookingActivities: [editLine(item('paintball'), addIsoDays(startDate, -1), 5)],
          lastModified,
        }),
        'scheduledDate',
        'La date d’une activité doit être comprise dans les jours de l’événement',
      );
    });
  });
});

describe('PUT: stale writes', () => {
  it('a second PUT with the same lastModified gets 409 and changes nothing', async () => {
    const { id } = await newBooking();
    const lastModified = await lastModifiedOf(t.db, id);
    await putOk(t.app, organizer.token, id, { participants: 12, lastModified });
    await expectUnchanged(t.db, id, async () => {
      expectError(
        await putBooking(t.app, organizer.token, id, { participants: 13, lastModified }),
        409,
        MSG.stale,
        'STALE_WRITE',
      );
    });
    // A change of the participant list also moves lastModified.
    const fresh = await lastModifiedOf(t.db, id);
    await addParticipant(t.app, organizer.token, id, { email: uniqueEmail('ami') });
    await expectUnchanged(t.db, id, async () => {
      expectError(
        await putBooking(t.app, organizer.token, id, { participants: 13, lastModified: fresh }),
        409,
        MSG.stale,
      );
    });
    expect((await snapshot(t.db, id)).request.participants).toBe(12);
  });

  it('lastModified, optional (SPEC.md §7), must be a date when sent: empty, null or not a date gives 400', async () => {
    const { id } = await newBooking();
    await expectUnchanged(t.db, id, async () => {
      for (const body of [
        { participants: 12, lastModified: '' },
        { participants: 12, lastModified: null },
        { participants: 12, lastModified: 'hier' },
      ]) {
        expectValidation(await putBooking(t.app, organizer.token, id, body), 'lastModified', MSG.lastModifiedInvalid);
      }
    });
    // Absent: applied to the booking as it stands (tests/api/spec-shapes.test.ts).
    expect((await putOk(t.app, organizer.token, id, { participants: 12 })).participants).toBe(12);
  });

  it('two PUTs in parallel with the same lastModified: exactly one 200 and one 409, no lost update', async () => {
    const { id, startDate } = await newBooking();
    for (let round = 0; round < 3; round += 1) {
      const previous = await snapshot(t.db, id);
      const lastModified = previous.request.updatedAt.toISOString();
      const [a, b] = await Promise.all([
        putBooking(t.app, organizer.token, id, { participants: 20 + round, lastModified }),
        putBooking(t.app, organizer.token, id, {
          bookingActivities: [editLine(item('paintball'), addIsoDays(startDate, round), 7 + round)],
          lastModified,
        }),
      ]);
      expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([200, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expectError(loser, 409, MSG.stale, 'STALE_WRITE');
      const stored = await snapshot(t.db, id);
      if (a.statusCode === 200) {
        expect(stored.request.participants).toBe(20 + round);
        // Only the lines that followed the booking's count changed, to the new count.
        expect(stored.items).toEqual(
          previous.items.map((row) => (row.followsBookingCount ? { ...row, participants: 20 + round } : row)),
        );
      } else {
        expect(stored.request.participants).toBe(previous.request.participants);
        expect(stored.items.filter((row) => row.kind === 'activity').map((row) => row.participants)).toEqual([
          7 + round,
        ]);
      }
      expect(stored.request.updatedAt.toISOString()).not.toBe(lastModified);
    }
  });
});

describe('POST /api/v1/customer-booking-requests/{id}/validate', () => {
  it('the organizer validates once (irreversible); the participant may not; the participant list is then frozen', async () => {
    const { id } = await newBooking();
    const participantRow = (await snapshot(t.db, id)).participants.find((row) => row.role === 'Participant')!;

    await expectUnchanged(t.db, id, async () => {
      expectError(
        await cb(t.app, 'POST', `/${id}/validate`, participant.token),
        403,
        MSG.onlyOrganizerValidates,
        'FORBIDDEN',
      );
    });

    const res = await cb(t.app, 'POST', `/${id}/validate`, organizer.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = bookingDetailResponse.strict().parse(res.json());
    expect(body.message).toBe('Votre demande a été validée');
    expect(body.data).toMatchObject({
      clientValidation: 'validated',
      status: 'draft',
      adminValidation: 'pending',
      permissions: { canModify: false, canModifyActivities: false, canAddParticipants: false, canPay: false },
    });
    expect((await snapshot(t.db, id)).request.clientValidation).toBe('validated');

    await expectUnchanged(t.db, id, async () => {
      expectError(
        await cb(t.app, 'POST', `/${id}/validate`, organizer.token),
        409,
        MSG.alreadyValidated,
        'ALREADY_VALIDATED',
      );
      expectError(await cb(t.app, 'POST', `/${id}/validate`, participant.token), 403, MSG.onlyOrganizerValidates);
      expectError(
        await cb(t.app, 'POST', `/${id}/participants`, organizer.token, {
          firstName: 'Zoé',
          lastName: 'Petit',
          email: uniqueEmail('zoe'),
        }),
        403,
        MSG.participantsLocked,
        'PARTICIPANTS_LOCKED',
      );
      expectError(
        await cb(t.app, 'DELETE', `/${id}/participants/${participantRow.id}`, organizer.token),
        403,
        MSG.participantsLocked,
      );
      // The request stays readable by both.
      await getDetail(t.app, organizer.token, id);
    });
    expect((await getDetail(t.app, participant.token, id)).clientValidation).toBe('validated');
  });

  it('a request that is no longer a draft cannot be validated (409)', async () => {
    const { id } = await newBooking();
    await setBookingState(t.db, id, { status: 'canceled' });
    await expectUnchanged(t.db, id, async () => {
      expectError(await cb(t.app, 'POST', `/${id}/validate`, organizer.token), 409, MSG.notDraft, 'NOT_DRAFT');
    });
  });
});
