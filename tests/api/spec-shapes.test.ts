import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingRequestResponse } from '../../src/shared/api/booking-request.schema';
import { inviteLinkListResponse } from '../../src/shared/api/invitation.schema';
import { collectiveStatusResponse } from '../../src/shared/api/payments.schema';
import { addIsoDays, tomorrowInParis } from '../../src/shared/booking-days';
import { ESTABLISHMENT_ID } from '../../src/shared/constants';
import { centsToEuros } from '../../src/shared/money';
import { expectError, expectValidation, registerCustomer, uniqueEmail, type RegisteredCustomer } from '../support/auth';
import {
  catalogueBySlug,
  expectNothingStored,
  postBookingRequest,
  storedItems,
  storedRequest,
  type CatalogueRow,
  seedItem,
} from '../support/booking-requests';
import {
  cb,
  createBooking,
  getDetail,
  lastModifiedOf,
  putBooking,
  putOk,
  snapshot,
  expectUnchanged,
} from '../support/customer-bookings';
import { createLink, join } from '../support/invitations';
import { pay, prebookedBooking } from '../support/payment-states';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The calls of SPEC.md §7 with the bodies SPEC.md lists, and the shapes of SPEC.md §3, as a
 * client that knows only SPEC.md sends and reads them (the deviations a black-box probe found).
 */

let t: TestApp;
let customer: RegisteredCustomer;
let catalogue: Map<string, CatalogueRow>;

beforeAll(async () => {
  t = await createTestApp();
  customer = await registerCustomer(t.app, { firstName: 'Inès', lastName: 'Garnier' });
  catalogue = await catalogueBySlug(t.db);
});

afterAll(async () => {
  await t?.close();
});

const item = (slug: string): CatalogueRow => seedItem(catalogue, slug);

function start(): string {
  return addIsoDays(tomorrowInParis(), 9);
}

/** A line of SPEC.md §7: {name, catalogActivityId, catalogServiceId, scheduledDate, participants, pricing, category}. */
function specLine(row: CatalogueRow, scheduledDate: string, participants: number) {
  return {
    name: row.name,
    catalogActivityId: row.kind === 'activity' ? row.id : null,
    catalogServiceId: row.kind === 'service' ? row.id : null,
    scheduledDate,
    participants,
    pricing: { basePrice: centsToEuros(row.basePriceCents), pricingType: row.pricingType },
    category: row.category,
  };
}

/** The body of SPEC.md §7, nothing more (no `eventDetails`). */
function specBody(bookingType: string, type: string, note: string, overrides: Record<string, unknown> = {}) {
  const day = start();
  return {
    customerId: customer.id,
    establishment_id: ESTABLISHMENT_ID,
    bookingType,
    type,
    participants: 8,
    startDate: day,
    mainContact: { firstName: 'Inès', lastName: 'Garnier', email: customer.email, phone: null },
    note,
    bookingActivities: [specLine(item('paintball'), day, 8)],
    ...overrides,
  };
}

async function created(payload: unknown) {
  const res = await postBookingRequest(t.app, payload, customer.token);
  expect(res.statusCode, res.body).toBe(201);
  const { data } = createBookingRequestResponse.strict().parse(res.json());
  return { data, row: await storedRequest(t.db, data._id) };
}

describe('POST /api/v1/public-booking-requests with the body of SPEC.md §7 (no eventDetails)', () => {
  it('evg-evjf with type evg: the sub-type is read from type', async () => {
    const { data, row } = await created(
      specBody('evg-evjf', 'evg', 'Type: Enterrement de vie de garçon/fille | Type spécifique: EVG'),
    );
    expect(data).toMatchObject({ bookingType: 'evg-evjf', type: 'evg', status: 'draft' });
    expect(data.additionalEventData).toEqual({
      Type: 'Enterrement de vie de garçon/fille',
      'Type spécifique': 'Enterrement de vie de garçon',
    });
    expect(row.hiddenNotes).toBe(
      'Type: Enterrement de vie de garçon/fille | Type spécifique: Enterrement de vie de garçon',
    );
  });

  it('group/group: no organisation name asked, the one in the note is kept', async () => {
    const note = 'Type: Groupe / Association | Organisation: Club des Pins';
    const { data, row } = await created(specBody('group', 'group', note));
    expect(data).toMatchObject({ bookingType: 'group', type: 'group', note });
    expect(data.additionalEventData).toEqual({ Type: 'Groupe / Association' });
    expect(row.hiddenNotes).toBe('Type: Groupe / Association');
  });

  it('company/sem: the company event type is read from type, no company name asked', async () => {
    const note = 'Type: Entreprise | Entreprise: Landes Logistique';
    const { data } = await created(specBody('company', 'sem', note));
    expect(data).toMatchObject({ bookingType: 'company', type: 'sem', note });
    expect(data.additionalEventData).toEqual({ Type: 'Entreprise', 'Type d’événement': 'Séminaire' });
  });

  it('anniv and act: the main type; whether the birthday is for oneself is not made up', async () => {
    const anniv = await created(specBody('anniv', 'anniv', ''));
    expect(anniv.data.type).toBe('anniv');
    expect(anniv.data.additionalEventData).toEqual({ Type: 'Anniversaire' });
    const act = await created(specBody('act', 'act', ''));
    expect(act.data.type).toBe('act');
  });

  it('refuses a type that is neither the main type nor one of its sub-types', async () => {
    const message = 'Le type de réservation ne correspond pas à l’événement choisi';
    for (const [bookingType, type] of [
      ['evg-evjf', 'sem'],
      ['company', 'evg'],
      ['group', 'evjf'],
      ['anniv', 'act'],
      ['act', 'mariage'],
    ] as const) {
      expectValidation(
        await expectNothingStored(t.db, () =>
          postBookingRequest(t.app, specBody(bookingType, type, ''), customer.token),
        ),
        'type',
        message,
      );
    }
  });

  it('customerId: left out, the session names the customer; another one is refused; a non-text one is a 400', async () => {
    const { customerId: _left, ...withoutId } = specBody('anniv', 'anniv', '');
    const { data, row } = await created(withoutId);
    expect(data.customerId).toBe(customer.id);
    expect(row.customerId).toBe(customer.id);

    const other = await registerCustomer(t.app, { firstName: 'Marc', lastName: 'Lefèvre' });
    expectError(
      await expectNothingStored(t.db, () =>
        postBookingRequest(t.app, specBody('anniv', 'anniv', '', { customerId: other.id }), customer.token),
      ),
      403,
      'Vous ne pouvez pas créer une demande pour un autre client',
    );
    for (const customerId of [42, '', null]) {
      expectValidation(
        await expectNothingStored(t.db, () =>
          postBookingRequest(t.app, specBody('anniv', 'anniv', '', { customerId }), customer.token),
        ),
        'customerId',
        "L'identifiant du client est invalide",
      );
    }
  });

  it('still asks for the evg-evjf sub-type and the company event type (SPEC.md §5), on type', async () => {
    expectValidation(
      await expectNothingStored(t.db, () =>
        postBookingRequest(t.app, specBody('evg-evjf', 'evg-evjf', ''), customer.token),
      ),
      'type',
      "Veuillez sélectionner le type d'événement spécifique",
    );
    expectValidation(
      await expectNothingStored(t.db, () =>
        postBookingRequest(t.app, specBody('company', 'company', ''), customer.token),
      ),
      'type',
      "Veuillez sélectionner le type d'événement d'entreprise",
    );
  });

  it('with eventDetails (our wizard) the names are still required', async () => {
    const details = { eventSubType: '', forMe: false, organizationName: '', companyName: '', companyEventType: '' };
    expectValidation(
      await expectNothingStored(t.db, () =>
        postBookingRequest(t.app, { ...specBody('group', 'group', ''), eventDetails: details }, customer.token),
      ),
      'organizationName',
      "Le nom du club ou de l'association est requis",
    );
    expectValidation(
      await expectNothingStored(t.db, () =>
        postBookingRequest(
          t.app,
          { ...specBody('company', 'sem', ''), eventDetails: { ...details, companyEventType: 'sem' } },
          customer.token,
        ),
      ),
      'companyName',
      "Le nom de l'entreprise est requis",
    );
  });
});

describe('days sent as ISO date-times (SPEC.md §3 "scheduledDate (ISO)")', () => {
  it('POST: startDate and scheduledDate as date-times are read as their calendar date', async () => {
    const day = start();
    const { data } = await created(
      specBody('act', 'act', '', {
        startDate: `${day}T00:00:00.000Z`,
        bookingActivities: [
          specLine(item('paintball'), `${day}T00:00:00.000Z`, 8),
          // As written: 23:30 at UTC-05:00 is still this day, whatever the day in Paris.
          specLine(item('parcours-aventure'), `${addIsoDays(day, 1)}T23:30:00-05:00`, 8),
        ],
      }),
    );
    expect(data.startDate).toBe(day);
    expect(data.endDate).toBe(addIsoDays(day, 1));
    expect(
      (await storedItems(t.db, data._id)).map((line) => line.scheduledDate).sort((a, b) => a.localeCompare(b)),
    ).toEqual([day, addIsoDays(day, 1)]);
    expect(data.bookingActivities.map((line) => line.scheduledDate)).toContain(day);
  });

  it('POST: an impossible date-time or day is still refused', async () => {
    const day = start();
    for (const startDate of [`${day}T25:00:00Z`, `${day.slice(0, 8)}32T00:00:00Z`, `${day}T`, `${day} 00:00`]) {
      expectValidation(
        await expectNothingStored(t.db, () =>
          postBookingRequest(t.app, specBody('act', 'act', '', { startDate }), customer.token),
        ),
        'startDate',
        'Veuillez sélectionner une date',
      );
    }
    for (const startDate of ['9999-12-31', '3000-01-01T10:00:00Z']) {
      expectValidation(
        await expectNothingStored(t.db, () =>
          postBookingRequest(t.app, specBody('act', 'act', '', { startDate }), customer.token),
        ),
        'startDate',
        'La date est trop lointaine',
      );
    }
  });

  it('PUT: startDate, endDate and scheduledDate as date-times', async () => {
    const booking = await createBooking(t.app, customer, { lines: [{ item: item('paintball') }] });
    const newStart = addIsoDays(booking.startDate, 2);
    const detail = await putOk(t.app, customer.token, booking._id, {
      startDate: `${newStart}T00:00:00.000Z`,
      endDate: `${newStart}T00:00:00.000Z`,
      bookingActivities: [
        { catalogActivityId: item('paintball').id, scheduledDate: `${newStart}T00:00:00.000Z`, customParticipants: 10 },
      ],
    });
    expect(detail.startDate).toBe(newStart);
    expect(detail.endDate).toBe(newStart);
    expect(detail.bookingActivities.map((line) => line.scheduledDate)).toEqual([newStart]);
  });
});

describe('PUT /api/v1/customer-booking-requests/{id}: lastModified is optional (SPEC.md §7)', () => {
  it('without it the change applies to the current version', async () => {
    const booking = await createBooking(t.app, customer, { lines: [{ item: item('paintball') }] });
    const detail = await putOk(t.app, customer.token, booking._id, { participants: 12 });
    expect(detail.participants).toBe(12);
    expect((await snapshot(t.db, booking._id)).request.participants).toBe(12);
    // Again, after another change: still the version as it stands.
    const again = await putOk(t.app, customer.token, booking._id, { participants: 14 });
    expect(again.participants).toBe(14);
  });

  it('a stale one is still refused (409), a malformed one is a 400', async () => {
    const booking = await createBooking(t.app, customer, { lines: [{ item: item('paintball') }] });
    const lastModified = await lastModifiedOf(t.db, booking._id);
    await putOk(t.app, customer.token, booking._id, { participants: 11, lastModified });
    await expectUnchanged(t.db, booking._id, async () => {
      expectError(
        await putBooking(t.app, customer.token, booking._id, { participants: 13, lastModified }),
        409,
        'Conflit de données : la réservation a été modifiée entre-temps, veuillez recharger la page',
        'STALE_WRITE',
      );
      expectValidation(
        await putBooking(t.app, customer.token, booking._id, { participants: 13, lastModified: 'hier' }),
        'lastModified',
        'La date de dernière modification est invalide',
      );
    });
  });
});

describe('invitation links and participants (SPEC.md §3)', () => {
  it('GET …/invite-links: each participant has name ("Prénom Nom"), email and joinedAt', async () => {
    const booking = await createBooking(t.app, customer, { lines: [{ item: item('paintball') }] });
    const link = await createLink(t.app, customer.token, booking._id);
    const email = uniqueEmail('noe');
    const joined = await join(t.app, link.token, {
      firstName: 'Noé',
      lastName: 'Lambert',
      email,
      password: 'Cabane-Dune-77',
      confirmPassword: 'Cabane-Dune-77',
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const res = await cb(t.app, 'GET', `/${booking._id}/invite-links`, customer.token);
    expect(res.statusCode, res.body).toBe(200);
    const [listed] = inviteLinkListResponse.strict().parse(res.json()).data;
    expect(listed!.participants).toEqual([
      { name: 'Noé Lambert', firstName: 'Noé', lastName: 'Lambert', email, joinedAt: expect.any(String) },
    ]);
  });

  it("POST …/participants: a name over 100 characters is 'Prénom trop long' / 'Nom trop long'", async () => {
    const booking = await createBooking(t.app, customer, { lines: [{ item: item('paintball') }] });
    const person = { firstName: 'Jules', lastName: 'Bernard', email: uniqueEmail('long') };
    expectValidation(
      await cb(t.app, 'POST', `/${booking._id}/participants`, customer.token, {
        ...person,
        firstName: 'a'.repeat(101),
      }),
      'firstName',
      'Prénom trop long',
    );
    expectValidation(
      await cb(t.app, 'POST', `/${booking._id}/participants`, customer.token, { ...person, lastName: 'b'.repeat(101) }),
      'lastName',
      'Nom trop long',
    );
    expectValidation(
      await cb(t.app, 'POST', `/${booking._id}/participants`, customer.token, { ...person, firstName: ' ' }),
      'firstName',
      'Le prénom est requis',
    );
  });
});

describe('collective payment: no co-participant e-mail for participants', () => {
  it('a participant sees their own e-mail only; the organizer sees every one', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 30_000, joined: 2 });
    const [first, second] = state.participants;
    const emailsById = (people: Array<{ id: string; email?: string }>) =>
      Object.fromEntries(people.map((person) => [person.id, person.email ?? null]));
    const everyone = {
      [state.organizerParticipantId]: state.organizer.email,
      [first!.participantId]: first!.email,
      [second!.participantId]: second!.email,
    };
    const ownOnly = {
      [state.organizerParticipantId]: null,
      [first!.participantId]: first!.email,
      [second!.participantId]: null,
    };

    const statusFor = async (token: string) => {
      const res = await cb(t.app, 'GET', pay(state.bookingId, 'collective-status'), token);
      expect(res.statusCode, res.body).toBe(200);
      return collectiveStatusResponse.strict().parse(res.json()).data;
    };
    expect(emailsById((await statusFor(first!.token)).participants)).toEqual(ownOnly);
    expect(emailsById((await statusFor(state.organizer.token)).participants)).toEqual(everyone);

    const participantDetail = await getDetail(t.app, first!.token, state.bookingId);
    expect(emailsById(participantDetail.payment.collective!.participants)).toEqual(ownOnly);
    const organizerDetail = await getDetail(t.app, state.organizer.token, state.bookingId);
    expect(emailsById(organizerDetail.payment.collective!.participants)).toEqual(everyone);
    // Names, shares and statuses are still there for everyone.
    expect(participantDetail.payment.collective!.participants.map((person) => person.name)).toEqual(
      organizerDetail.payment.collective!.participants.map((person) => person.name),
    );
  });
});
