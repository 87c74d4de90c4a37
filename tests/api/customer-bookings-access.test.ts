import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingDetailResponse,
  bookingListResponse,
  invitationListResponse,
} from '../../src/shared/api/customer-booking.schema';
import { bookingParticipants } from '../../src/server/db/schema';
import {
  bearer,
  expectError,
  expectUnauthenticated,
  expectValidation,
  registerCustomer,
  uniqueEmail,
  type RegisteredCustomer,
} from '../support/auth';
import { catalogueBySlug, type CatalogueRow, seedItem } from '../support/booking-requests';
import {
  addParticipant,
  cb,
  createBooking,
  expectUnchanged,
  futureDay,
  getDetail,
  joinAsParticipant,
  lastModifiedOf,
  MSG,
  personalInviteToken,
  snapshot,
  weekdayOf,
} from '../support/customer-bookings';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let organizer: RegisteredCustomer;
let participant: RegisteredCustomer;
let stranger: RegisteredCustomer;
let catalogue: Map<string, CatalogueRow>;
/** A request of `organizer` with `participant` added to it. */
let booking: { id: string; participantId: string };

const item = (slug: string): CatalogueRow => seedItem(catalogue, slug);

async function newBooking(owner = organizer, startDate = futureDay()) {
  return createBooking(t.app, owner, {
    startDate,
    participants: 10,
    lines: [
      { item: item('parcours-aventure') },
      { item: item('repas-barbecue') },
      { item: item('paintball'), offset: 1, participants: 8 },
    ],
  });
}

beforeAll(async () => {
  t = await createTestApp();
  [organizer, participant, stranger] = await Promise.all([
    registerCustomer(t.app, { firstName: 'Léa', lastName: 'Martin' }),
    registerCustomer(t.app, { firstName: 'Jules', lastName: 'Bernard' }),
    registerCustomer(t.app, { firstName: 'Inès', lastName: 'Moreau' }),
  ]);
  catalogue = await catalogueBySlug(t.db);
  const created = await newBooking();
  const added = await joinAsParticipant(t.app, t.db, organizer.token, created._id, participant);
  booking = { id: created._id, participantId: added._id };
});

afterAll(async () => {
  await t?.close();
});

/** Every object-level call of SPEC.md §7 on one request, each with a valid body. */
async function objectCalls(id: string, participantId: string, lastModified = new Date().toISOString()) {
  return [
    { name: 'GET {id}', method: 'GET', path: `/${id}` },
    { name: 'PUT {id}', method: 'PUT', path: `/${id}`, payload: { participants: 11, lastModified } },
    { name: 'POST {id}/validate', method: 'POST', path: `/${id}/validate` },
    {
      name: 'POST {id}/participants',
      method: 'POST',
      path: `/${id}/participants`,
      payload: { firstName: 'Zoé', lastName: 'Petit', email: uniqueEmail('zoe') },
    },
    { name: 'DELETE {id}/participants/{pid}', method: 'DELETE', path: `/${id}/participants/${participantId}` },
  ] as const;
}

describe('role matrix: anonymous, stranger, malformed id', () => {
  it('anonymous (no token, unknown token): 401 on every call, before any body check', async () => {
    const calls = [
      { method: 'GET', path: '' },
      { method: 'GET', path: '/invitations' },
      ...(await objectCalls(booking.id, booking.participantId, await lastModifiedOf(t.db, booking.id))),
      // An invalid body still answers 401 first.
      { method: 'PUT', path: `/${booking.id}`, payload: { participants: 0 } },
    ] as const;
    await expectUnchanged(t.db, booking.id, async () => {
      for (const call of calls) {
        const payload = 'payload' in call ? call.payload : undefined;
        expectUnauthenticated(await cb(t.app, call.method, call.path, undefined, payload));
        expectUnauthenticated(await cb(t.app, call.method, call.path, 'x'.repeat(43), payload));
      }
    });
  });

  it('stranger (a third customer): 404 "Réservation non trouvée" on every object-level call, never 403; nothing changes', async () => {
    await expectUnchanged(t.db, booking.id, async () => {
      for (const call of await objectCalls(booking.id, booking.participantId, await lastModifiedOf(t.db, booking.id))) {
        const res = await cb(
          t.app,
          call.method,
          call.path,
          stranger.token,
          'payload' in call ? call.payload : undefined,
        );
        expect(res.statusCode, `${call.name}: ${res.body}`).toBe(404);
        expectError(res, 404, MSG.notFound, 'NOT_FOUND');
      }
    });
    // Its own lists show nothing of that request.
    const list = bookingListResponse.parse((await cb(t.app, 'GET', '', stranger.token)).json());
    expect(list.data.bookingRequests).toEqual([]);
    expect(list.data.pagination.total).toBe(0);
    const invitations = invitationListResponse.parse((await cb(t.app, 'GET', '/invitations', stranger.token)).json());
    expect(invitations.data.invitations).toEqual([]);
  });

  it('malformed or unknown id: 404 "Réservation non trouvée" for a logged-in customer on every object-level call', async () => {
    for (const id of ['pas-un-id', '123', randomUUID(), `${booking.id.slice(0, -1)}x`]) {
      for (const call of await objectCalls(id, booking.participantId)) {
        const res = await cb(
          t.app,
          call.method,
          call.path,
          organizer.token,
          'payload' in call ? call.payload : undefined,
        );
        expect(res.statusCode, `${id} ${call.name}: ${res.body}`).toBe(404);
        expectError(res, 404, MSG.notFound, 'NOT_FOUND');
      }
    }
  });
});

describe('role matrix: participant and organizer', () => {
  it('participant: reads (GET 200) but every write is refused with 403 and changes nothing', async () => {
    const detail = await getDetail(t.app, participant.token, booking.id);
    expect(detail.userRole).toBe('participant');

    await expectUnchanged(t.db, booking.id, async () => {
      const calls = await objectCalls(booking.id, booking.participantId, await lastModifiedOf(t.db, booking.id));
      const expected: Record<string, string> = {
        'PUT {id}': MSG.locked,
        'POST {id}/validate': MSG.onlyOrganizerValidates,
        'POST {id}/participants': MSG.onlyOrganizerParticipants,
        'DELETE {id}/participants/{pid}': MSG.onlyOrganizerParticipants,
      };
      for (const call of calls) {
        if (call.method === 'GET') continue;
        const res = await cb(
          t.app,
          call.method,
          call.path,
          participant.token,
          'payload' in call ? call.payload : undefined,
        );
        expectError(res, 403, expected[call.name]!);
      }
      // Not even the participant's own line can be removed by the participant.
      const organizerRow = (await snapshot(t.db, booking.id)).participants.find((row) => row.role === 'Organisateur')!;
      expectError(
        await cb(t.app, 'DELETE', `/${booking.id}/participants/${organizerRow.id}`, participant.token),
        403,
        MSG.onlyOrganizerParticipants,
      );
    });
  });

  it('organizer: every call succeeds, validation last', async () => {
    const created = await newBooking();
    const id = created._id;
    const calls = await objectCalls(id, 'unused', created.lastModified);

    const get = await cb(t.app, 'GET', `/${id}`, organizer.token);
    expect(get.statusCode, get.body).toBe(200);
    expect(bookingDetailResponse.parse(get.json()).data.userRole).toBe('organizer');

    const put = await cb(t.app, 'PUT', `/${id}`, organizer.token, calls[1].payload);
    expect(put.statusCode, put.body).toBe(200);
    expect((await snapshot(t.db, id)).request.participants).toBe(11);

    const add = await cb(t.app, 'POST', `/${id}/participants`, organizer.token, calls[3].payload);
    expect(add.statusCode, add.body).toBe(201);
    const added = add.json() as { data: { _id: string } };

    const remove = await cb(t.app, 'DELETE', `/${id}/participants/${added.data._id}`, organizer.token);
    expect(remove.statusCode, remove.body).toBe(200);
    expect(remove.json()).toEqual({ success: true, message: 'Participant retiré' });

    const validate = await cb(t.app, 'POST', `/${id}/validate`, organizer.token);
    expect(validate.statusCode, validate.body).toBe(200);
    const validated = bookingDetailResponse.strict().parse(validate.json());
    expect(validated.message).toBe('Votre demande a été validée');
    expect(validated.data.clientValidation).toBe('validated');
  });
});

describe('GET /api/v1/customer-booking-requests', () => {
  it("lists only the caller's own requests, newest first, with pagination", async () => {
    const owner = await registerCustomer(t.app, { firstName: 'Nina', lastName: 'Roux' });
    const ids: string[] = [];
    for (const offset of [0, 1, 2]) ids.push((await newBooking(owner, futureDay(offset)))._id);
    // Someone else's request, where `owner` is even a participant, is not in the list.
    const other = await newBooking();
    await joinAsParticipant(t.app, t.db, organizer.token, other._id, owner);

    const all = await cb(t.app, 'GET', '', owner.token);
    expect(all.statusCode, all.body).toBe(200);
    const body = bookingListResponse.strict().parse(all.json());
    expect(body.data.bookingRequests.map((row) => row._id)).toEqual([...ids].reverse());
    expect(body.data.bookingRequests.every((row) => row.customerId === owner.id)).toBe(true);
    expect(body.data.pagination).toEqual({ page: 1, limit: 50, total: 3, pages: 1 });
    expect(body.data.bookingRequests[0]).toMatchObject({
      status: 'draft',
      clientValidation: 'pending',
      participants: 10,
    });
    expect(body.data.bookingRequests[0]!.bookingActivities).toHaveLength(2);

    const page1 = bookingListResponse.parse((await cb(t.app, 'GET', '?page=1&limit=2', owner.token)).json());
    expect(page1.data.bookingRequests.map((row) => row._id)).toEqual([ids[2], ids[1]]);
    expect(page1.data.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2 });
    const page2 = bookingListResponse.parse((await cb(t.app, 'GET', '?page=2&limit=2', owner.token)).json());
    expect(page2.data.bookingRequests.map((row) => row._id)).toEqual([ids[0]]);
    expect(page2.data.pagination).toEqual({ page: 2, limit: 2, total: 3, pages: 2 });

    const drafts = bookingListResponse.parse((await cb(t.app, 'GET', '?status=draft', owner.token)).json());
    expect(drafts.data.pagination.total).toBe(3);
    const confirmed = bookingListResponse.parse((await cb(t.app, 'GET', '?status=confirmed', owner.token)).json());
    expect(confirmed.data.bookingRequests).toEqual([]);

    // The participant of `booking` has no request of their own.
    const mine = bookingListResponse.parse((await cb(t.app, 'GET', '', participant.token)).json());
    expect(mine.data.bookingRequests).toEqual([]);

    for (const query of ['?limit=0', '?limit=101', '?page=0', '?status=inconnu']) {
      const res = await cb(t.app, 'GET', query, owner.token);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
  });
});

describe('GET /api/v1/customer-booking-requests/invitations', () => {
  it('lists a booking only once the invited person accepted; then as joined, with the fields of SPEC.md §2', async () => {
    const guest = await registerCustomer(t.app, { firstName: 'Paul', lastName: 'Girard' });
    const created = await newBooking();
    const added = await addParticipant(t.app, organizer.token, created._id, {
      email: guest.email.toUpperCase(),
      firstName: 'Paul',
      lastName: 'Girard',
    });
    // Invited, never attached: no account id, and no access before accepting.
    expect(added).toMatchObject({
      customerId: null,
      email: guest.email,
      status: 'invited',
      hasConnected: false,
      joinedAt: null,
    });
    const before = invitationListResponse.strict().parse((await cb(t.app, 'GET', '/invitations', guest.token)).json());
    expect(before.data.invitations).toEqual([]);
    expectError(await cb(t.app, 'GET', `/${created._id}`, guest.token), 404, MSG.notFound, 'NOT_FOUND');

    // Accepting through the personal link, logged in.
    const token = await personalInviteToken(t.db, added._id);
    const join = await t.app.inject({
      method: 'POST',
      url: `/api/v1/invitations/${token}/join`,
      headers: bearer(guest.token),
      payload: { firstName: 'Paul', lastName: 'Girard', email: guest.email },
    });
    expect(join.statusCode, join.body).toBe(200);

    const after = invitationListResponse.strict().parse((await cb(t.app, 'GET', '/invitations', guest.token)).json());
    expect(after.data.invitations).toHaveLength(1);
    expect(after.data.invitations[0]).toEqual({
      _id: created._id,
      bookingRequestId: created.bookingRequestId,
      status: 'draft',
      userRole: 'participant',
      bookingType: 'anniv',
      type: 'anniv',
      startDate: created.startDate,
      endDate: created.endDate,
      participants: 10,
      organizer: { firstName: 'Léa', lastName: 'Martin', email: organizer.email },
      note: 'Anniversaire de Jules',
      mainContact: created.mainContact,
      participationStatus: 'joined',
      hasConnected: false,
      joinedAt: expect.any(String),
      participantId: added._id,
    });
    // 'Rejoint' once the booking is opened.
    await getDetail(t.app, guest.token, created._id);
    const after2 = invitationListResponse.parse((await cb(t.app, 'GET', '/invitations', guest.token)).json());
    expect(after2.data.invitations[0]).toMatchObject({ hasConnected: true });
    const [row] = await t.db.select().from(bookingParticipants).where(eq(bookingParticipants.id, added._id));
    expect(row).toMatchObject({ hasConnected: true, invitationStatus: 'joined', customerId: guest.id });

    // The organizer's own requests are never invitations, although the organizer is a participant of them.
    const own = invitationListResponse.parse((await cb(t.app, 'GET', '/invitations', organizer.token)).json());
    expect(own.data.invitations.map((invitation) => invitation._id)).not.toContain(created._id);
    expect(own.data.invitations).toEqual([]);
  });
});

describe('GET /api/v1/customer-booking-requests/{id}', () => {
  it('organizer: role, permissions, no participantDetails, the organizer among the participants, lines with time slots', async () => {
    const detail = await getDetail(t.app, organizer.token, booking.id);
    expect(detail).toMatchObject({
      _id: booking.id,
      customerId: organizer.id,
      userRole: 'organizer',
      connectedUserId: organizer.id,
      permissions: { canModify: true, canModifyActivities: true, canAddParticipants: true, canPay: false },
      participantDetails: null,
      organizer: { firstName: 'Léa', lastName: 'Martin', email: organizer.email },
      status: 'draft',
      clientValidation: 'pending',
      adminValidation: 'pending',
      payment: { config: null, status: 'unpaid', totalAmount: null, collective: null },
    });
    const organizerRow = detail.bookingParticipants.find((row) => row.role === 'Organisateur');
    expect(organizerRow).toMatchObject({
      customerId: organizer.id,
      firstName: 'Léa',
      lastName: 'Martin',
      email: organizer.email,
      hasConnected: true,
      isActive: true,
      status: 'joined',
    });
    expect(detail.bookingParticipants.find((row) => row._id === booking.participantId)).toMatchObject({
      role: 'Participant',
      customerId: participant.id,
      email: participant.email,
    });

    expect(detail.bookingActivities).toHaveLength(2);
    expect(detail.bookingServices).toHaveLength(1);
    const parcours = detail.bookingActivities.find((line) => line.catalogActivityId === item('parcours-aventure').id)!;
    const day = weekdayOf(parcours.scheduledDate);
    const slotsOfDay = parcours.timeSlots.filter((slot) => slot.day === day);
    expect(slotsOfDay.map((slot) => `${slot.startTime}-${slot.endTime}`)).toEqual([
      '09:00-11:00',
      '11:30-13:30',
      '14:00-16:00',
      '16:30-18:30',
    ]);
    expect(slotsOfDay.every((slot) => slot.isActive && slot.capacity === 60)).toBe(true);
    expect(
      detail.bookingServices[0]!.timeSlots.filter((slot) => slot.day === day).map((slot) => slot.startTime),
    ).toEqual(['12:00', '19:00']);
    expect(detail.activities).toHaveLength(3);
  });

  it('participant: role, read-only permissions, participantDetails set', async () => {
    const detail = await getDetail(t.app, participant.token, booking.id);
    expect(detail).toMatchObject({
      _id: booking.id,
      userRole: 'participant',
      connectedUserId: participant.id,
      permissions: { canModify: false, canModifyActivities: false, canAddParticipants: false, canPay: false },
      participantDetails: { status: 'joined', hasConnected: true },
      organizer: { firstName: 'Léa', lastName: 'Martin', email: organizer.email },
    });
    expect(detail.participantDetails!.joinedAt).not.toBeNull();
    expect(detail.bookingParticipants.map((row) => row.role).sort()).toEqual(['Organisateur', 'Participant']);
    expect(detail.bookingActivities.every((line) => line.timeSlots.length > 0)).toBe(true);
  });
});

describe('POST and DELETE /api/v1/customer-booking-requests/{id}/participants', () => {
  it('invites (201) and stores an invited participant; refuses a duplicate e-mail (409), whatever its case', async () => {
    const created = await newBooking();
    const email = uniqueEmail('amis');
    const added = await addParticipant(t.app, organizer.token, created._id, {
      firstName: '  Zoé ',
      lastName: ' Petit ',
      email: `  ${email.toUpperCase()} `,
      phone: '06 11 22 33 44',
    });
    // An address without an account: no customer id yet.
    expect(added).toMatchObject({
      customerId: null,
      firstName: 'Zoé',
      lastName: 'Petit',
      email,
      phone: '+33611223344',
      role: 'Participant',
      hasConnected: false,
      isActive: true,
      status: 'invited',
      paymentStatus: 'pending',
    });
    const stored = await snapshot(t.db, created._id);
    expect(stored.participants).toHaveLength(2);
    expect(stored.participants[1]).toMatchObject({ id: added._id, email, isActive: true, role: 'Participant' });

    await expectUnchanged(t.db, created._id, async () => {
      for (const duplicate of [email, email.toUpperCase(), organizer.email]) {
        expectError(
          await cb(t.app, 'POST', `/${created._id}/participants`, organizer.token, {
            firstName: 'Zoé',
            lastName: 'Petit',
            email: duplicate,
          }),
          409,
          MSG.participantExists,
          'PARTICIPANT_EXISTS',
        );
      }
    });
  });

  it('refuses an invalid participant with the join-form messages and stores nothing', async () => {
    const created = await newBooking();
    const valid = { firstName: 'Zoé', lastName: 'Petit', email: uniqueEmail('zoe') };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...valid, firstName: undefined }, 'firstName', 'Le prénom est requis'],
      [{ ...valid, firstName: '   ' }, 'firstName', 'Le prénom est requis'],
      [{ ...valid, lastName: undefined }, 'lastName', 'Le nom est requis'],
      [{ ...valid, lastName: '' }, 'lastName', 'Le nom est requis'],
      [{ ...valid, email: undefined }, 'email', "L'email est requis"],
      [{ ...valid, email: '  ' }, 'email', "L'email est requis"],
      [{ ...valid, email: 'pas-un-email' }, 'email', "Format d'email invalide"],
      [{ ...valid, email: 'zoe@exemple' }, 'email', "Format d'email invalide"],
      [{ ...valid, phone: 'appelle-moi' }, 'phone', 'Format de téléphone invalide'],
    ];
    await expectUnchanged(t.db, created._id, async () => {
      for (const [payload, field, message] of cases) {
        expectValidation(
          await cb(t.app, 'POST', `/${created._id}/participants`, organizer.token, payload),
          field,
          message,
        );
      }
    });
  });

  it('removes a participant, who then loses access (404); the organizer cannot be removed; unknown ids give 404', async () => {
    const created = await newBooking();
    const guest = await registerCustomer(t.app, { firstName: 'Léo', lastName: 'Faure' });
    const added = await joinAsParticipant(t.app, t.db, organizer.token, created._id, guest);
    await getDetail(t.app, guest.token, created._id);

    const organizerRow = (await snapshot(t.db, created._id)).participants.find((row) => row.role === 'Organisateur')!;
    const otherParticipant = booking.participantId; // belongs to another request
    await expectUnchanged(t.db, created._id, async () => {
      expectError(
        await cb(t.app, 'DELETE', `/${created._id}/participants/${organizerRow.id}`, organizer.token),
        403,
        MSG.cannotRemoveOrganizer,
      );
      for (const pid of [randomUUID(), 'pas-un-id', otherParticipant]) {
        expectError(
          await cb(t.app, 'DELETE', `/${created._id}/participants/${pid}`, organizer.token),
          404,
          MSG.participantNotFound,
          'NOT_FOUND',
        );
      }
    });

    const res = await cb(t.app, 'DELETE', `/${created._id}/participants/${added._id}`, organizer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Participant retiré' });
    const stored = await snapshot(t.db, created._id);
    expect(stored.participants.find((row) => row.id === added._id)).toMatchObject({ isActive: false });

    expectError(await cb(t.app, 'GET', `/${created._id}`, guest.token), 404, MSG.notFound, 'NOT_FOUND');
    expectError(
      await cb(t.app, 'PUT', `/${created._id}`, guest.token, {
        participants: 3,
        lastModified: stored.request.updatedAt.toISOString(),
      }),
      404,
      MSG.notFound,
    );
    const invitations = invitationListResponse.parse((await cb(t.app, 'GET', '/invitations', guest.token)).json());
    expect(invitations.data.invitations).toEqual([]);
    const detail = await getDetail(t.app, organizer.token, created._id);
    expect(detail.bookingParticipants.map((row) => row._id)).not.toContain(added._id);

    // Removing again: that participant no longer exists for the request.
    expectError(
      await cb(t.app, 'DELETE', `/${created._id}/participants/${added._id}`, organizer.token),
      404,
      MSG.participantNotFound,
    );

    // Inviting the same person again sends a new invitation; access comes back only once accepted.
    const again = await addParticipant(t.app, organizer.token, created._id, { email: guest.email });
    expect(again).toMatchObject({
      _id: added._id,
      isActive: true,
      status: 'invited',
      hasConnected: false,
      customerId: null,
    });
    expectError(await cb(t.app, 'GET', `/${created._id}`, guest.token), 404, MSG.notFound, 'NOT_FOUND');
    const token = await personalInviteToken(t.db, added._id);
    const join = await t.app.inject({
      method: 'POST',
      url: `/api/v1/invitations/${token}/join`,
      headers: bearer(guest.token),
      payload: { firstName: 'Léo', lastName: 'Faure', email: guest.email },
    });
    expect(join.statusCode, join.body).toBe(200);
    await getDetail(t.app, guest.token, created._id);
  });
});
