import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPORARY_PASSWORD_CODE } from '../../src/shared/api/auth.schema';
import { addIsoDays, todayInParis, tomorrowInParis } from '../../src/shared/booking-days';
import { ESTABLISHMENT_ID, PARC_ID_HEADER } from '../../src/shared/constants';
import { catalogueItems } from '../../src/server/db/schema';
import {
  call,
  expectError,
  expectUnauthenticated,
  expectValidation,
  loginOk,
  registerCustomer,
  temporaryPasswordFor,
  type RegisteredCustomer,
} from '../support/auth';
import {
  bookingCounts,
  catalogueBySlug,
  expectNothingStored,
  lineFor,
  postBookingRequest,
  type CatalogueRow,
  type LineBody,
  seedItem,
} from '../support/booking-requests';
import { createTestApp, type TestApp } from '../support/test-app';

const UNKNOWN_ESTABLISHMENT = 'Établissement inconnu : ce service gère uniquement le Parc Aventure des Landes';
const DAY_OUT_OF_RANGE = 'La date d’une activité doit être comprise dans les jours de l’événement';

let t: TestApp;
let customer: RegisteredCustomer;
let catalogue: Map<string, CatalogueRow>;
let inactive: CatalogueRow;

beforeAll(async () => {
  t = await createTestApp();
  customer = await registerCustomer(t.app, { firstName: 'Hugo', lastName: 'Lefèvre' });
  const [row] = await t.db
    .insert(catalogueItems)
    .values({
      establishmentId: ESTABLISHMENT_ID,
      kind: 'activity',
      slug: 'quad-retire',
      name: 'Quad (retiré)',
      category: 'sport',
      description: 'Activité retirée du catalogue.',
      basePriceCents: 3000,
      pricingType: 'per_person',
      durationMinutes: 60,
      isActive: false,
    })
    .returning();
  inactive = row!;
  catalogue = await catalogueBySlug(t.db);
});

afterAll(async () => {
  await t?.close();
});

const item = (slug: string): CatalogueRow => seedItem(catalogue, slug);

function start(): string {
  return addIsoDays(tomorrowInParis(), 7);
}

/** A valid 'act' request for `customer`, changed by `overrides`. */
function validBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const day = (overrides.startDate as string | undefined) ?? start();
  return {
    customerId: customer.id,
    establishment_id: ESTABLISHMENT_ID,
    bookingType: 'act',
    type: 'act',
    participants: 4,
    startDate: day,
    mainContact: { firstName: 'Hugo', lastName: 'Lefèvre', email: customer.email, phone: null },
    note: '',
    eventDetails: { eventSubType: '', forMe: false, organizationName: '', companyName: '', companyEventType: '' },
    bookingActivities: [lineFor(item('paintball'), day, 4)],
    ...overrides,
  };
}

function withLine(line: LineBody, overrides: Record<string, unknown> = {}) {
  return validBody({ bookingActivities: [lineFor(item('parcours-aventure'), start(), 4), line], ...overrides });
}

/** Posts `payload` and checks that no request, line or e-mail was stored. */
function refused(payload: unknown, token: string | null = customer.token, headers: Record<string, string> = {}) {
  return expectNothingStored(t.db, () => postBookingRequest(t.app, payload, token ?? undefined, headers));
}

function details(overrides: Record<string, unknown>) {
  return { eventSubType: '', forMe: false, organizationName: '', companyName: '', companyEventType: '', ...overrides };
}

describe('POST /api/v1/public-booking-requests: who may create a request', () => {
  it('the valid body used below is accepted (control)', async () => {
    const before = await bookingCounts(t.db);
    const res = await postBookingRequest(t.app, validBody(), customer.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(await bookingCounts(t.db)).toEqual({
      requests: before.requests + 1,
      items: before.items + 1,
      mails: before.mails + 1,
    });
  });

  it('refuses a call without a session (401)', async () => {
    expectUnauthenticated(await refused(validBody(), null));
    expectUnauthenticated(await refused(validBody(), 'not-a-real-token'));
  });

  it("refuses another customer's id (403)", async () => {
    const other = await registerCustomer(t.app, { firstName: 'Inès' });
    expectError(
      await refused(validBody({ customerId: other.id })),
      403,
      'Vous ne pouvez pas créer une demande pour un autre client',
      'FORBIDDEN',
    );
  });

  it('refuses a temporary-password session (403 TEMPORARY_PASSWORD)', async () => {
    const account = await registerCustomer(t.app, { firstName: 'Nora' });
    const forgot = await call(t.app, 'POST', 'forgot-password', { payload: { email: account.email } });
    expect(forgot.statusCode, forgot.body).toBe(200);
    const { password } = await temporaryPasswordFor(t, account.email);
    const session = await loginOk(t.app, account.email, password);
    expect(session.customer.isTemporaryPassword).toBe(true);
    expectError(
      await refused(validBody({ customerId: account.id }), session.token),
      403,
      'Veuillez d’abord changer votre mot de passe temporaire',
      TEMPORARY_PASSWORD_CODE,
    );
  });

  it("refuses another park's establishment_id, in the body or the X-Parc-ID header (400 UNKNOWN_ESTABLISHMENT)", async () => {
    expectError(
      await refused(validBody({ establishment_id: randomUUID() })),
      400,
      UNKNOWN_ESTABLISHMENT,
      'UNKNOWN_ESTABLISHMENT',
    );
    expectError(
      await refused(validBody(), customer.token, { [PARC_ID_HEADER]: randomUUID() }),
      400,
      UNKNOWN_ESTABLISHMENT,
      'UNKNOWN_ESTABLISHMENT',
    );
  });
});

describe('POST /api/v1/public-booking-requests: step 1 rules', () => {
  it('refuses a missing or unknown event type', async () => {
    const message = "Veuillez sélectionner un type d'événement";
    const { bookingType: _omitted, ...withoutType } = validBody();
    expectValidation(await refused(withoutType), 'bookingType', message);
    expectValidation(await refused(validBody({ bookingType: 'mariage' })), 'bookingType', message);
  });

  it('refuses evg-evjf without its sub-type', async () => {
    expectValidation(
      await refused(validBody({ bookingType: 'evg-evjf', type: 'evg-evjf' })),
      'eventSubType',
      "Veuillez sélectionner le type d'événement spécifique",
    );
  });

  it('refuses a group without a name, or with a blank one', async () => {
    const message = "Le nom du club ou de l'association est requis";
    expectValidation(await refused(validBody({ bookingType: 'group', type: 'group' })), 'organizationName', message);
    expectValidation(
      await refused(
        validBody({ bookingType: 'group', type: 'group', eventDetails: details({ organizationName: '   ' }) }),
      ),
      'organizationName',
      message,
    );
  });

  it('refuses a company without a name, or without an event type', async () => {
    expectValidation(
      await refused(
        validBody({ bookingType: 'company', type: 'sem', eventDetails: details({ companyEventType: 'sem' }) }),
      ),
      'companyName',
      "Le nom de l'entreprise est requis",
    );
    expectValidation(
      await refused(
        validBody({
          bookingType: 'company',
          type: 'company',
          eventDetails: details({ companyName: ' ', companyEventType: 'ce' }),
        }),
      ),
      'companyName',
      "Le nom de l'entreprise est requis",
    );
    expectValidation(
      await refused(
        validBody({ bookingType: 'company', type: 'company', eventDetails: details({ companyName: 'Acme' }) }),
      ),
      'companyEventType',
      "Veuillez sélectionner le type d'événement d'entreprise",
    );
  });

  it('refuses 0 or 101 participants', async () => {
    expectValidation(
      await refused(validBody({ participants: 0 })),
      'participants',
      "Le nombre de participants doit être d'au moins 1",
    );
    expectValidation(
      await refused(validBody({ participants: 101 })),
      'participants',
      'Le nombre de participants ne peut pas dépasser 100',
    );
    // Far over the bound, and not a safe integer: still "over 100", not "under 1".
    expectValidation(
      await refused(validBody({ participants: 1e20 })),
      'participants',
      'Le nombre de participants ne peut pas dépasser 100',
    );
  });

  it('refuses more than 60 lines with its own message, not the "no activity" one', async () => {
    const body = validBody();
    const line = (body.bookingActivities as unknown[])[0];
    expectValidation(
      await refused({ ...body, bookingActivities: Array.from({ length: 61 }, () => line) }),
      'bookingActivities',
      'Une demande compte au plus 60 activités et services',
    );
  });

  it('refuses a date in the past, and today (in Paris)', async () => {
    const yesterday = addIsoDays(todayInParis(), -1);
    expectValidation(
      await refused(validBody({ startDate: yesterday })),
      'startDate',
      'La date ne peut pas être dans le passé',
    );
    const today = todayInParis();
    expectValidation(
      await refused(validBody({ startDate: today })),
      'startDate',
      'La date doit être au plus tôt demain',
    );
  });

  it('refuses a missing or malformed date', async () => {
    const { startDate: _omitted, ...withoutDate } = validBody();
    expectValidation(await refused(withoutDate), 'startDate', 'Veuillez sélectionner une date');
    expectValidation(
      await refused(validBody({ startDate: '12/05/2030' })),
      'startDate',
      'Veuillez sélectionner une date',
    );
  });

  it('refuses a date that does not exist in the calendar (400, not 500)', async () => {
    const year = Number(todayInParis().slice(0, 4)) + 1;
    expectValidation(
      await refused(validBody({ startDate: `${year}-02-30` })),
      'startDate',
      'Veuillez sélectionner une date',
    );
    // A line on an impossible day that still sorts inside the event's two weeks.
    const startDay = `${year}-12-25`;
    expectValidation(
      await refused(
        validBody({ startDate: startDay, bookingActivities: [lineFor(item('paintball'), `${year}-12-32`, 4)] }),
      ),
      'bookingActivities.0.scheduledDate',
      'Veuillez sélectionner une date',
    );
  });

  it('refuses a type that disagrees with the event details', async () => {
    const message = 'Le type de réservation ne correspond pas à l’événement choisi';
    expectValidation(
      await refused(
        validBody({ bookingType: 'evg-evjf', type: 'evjf', eventDetails: details({ eventSubType: 'evg' }) }),
      ),
      'type',
      message,
    );
    expectValidation(
      await refused(
        validBody({
          bookingType: 'company',
          type: 'company',
          eventDetails: details({ companyName: 'Acme', companyEventType: 'sem' }),
        }),
      ),
      'type',
      message,
    );
    expectValidation(await refused(validBody({ type: 'anniv' })), 'type', message);
  });
});

describe('POST /api/v1/public-booking-requests: step 2 lines', () => {
  it('refuses a request without any activity or service', async () => {
    const message = 'Veuillez sélectionner au moins une activité ou service';
    expectValidation(await refused(validBody({ bookingActivities: [] })), 'bookingActivities', message);
    const { bookingActivities: _omitted, ...withoutLines } = validBody();
    expectValidation(await refused(withoutLines), 'bookingActivities', message);
  });

  it('refuses an unknown catalogue id (random uuid) or a malformed one', async () => {
    const paintball = item('paintball');
    expectValidation(
      await refused(withLine(lineFor(paintball, start(), 4, { catalogActivityId: randomUUID() }))),
      'bookingActivities',
      'Activité ou service introuvable : Paintball',
    );
    expectValidation(
      await refused(withLine(lineFor(paintball, start(), 4, { catalogActivityId: 'pas-un-identifiant' }))),
      'bookingActivities',
      'Activité ou service introuvable : Paintball',
    );
    // Without a name, the id is named.
    expectValidation(
      await refused(withLine(lineFor(paintball, start(), 4, { name: '', catalogActivityId: 'pas-un-identifiant' }))),
      'bookingActivities',
      'Activité ou service introuvable : pas-un-identifiant',
    );
    // A name longer than a line's 200 characters is told so in words.
    expectValidation(
      await refused(withLine(lineFor(paintball, start(), 4, { name: 'P'.repeat(201) }))),
      'bookingActivities.1.name',
      'Ce texte ne doit pas dépasser 200 caractères',
    );
    // One longer than any id is refused as unknown, without being echoed back.
    const huge = await refused(
      withLine(lineFor(paintball, start(), 4, { name: '', catalogActivityId: 'x'.repeat(100_000) })),
    );
    expectValidation(huge, 'bookingActivities.1.catalogActivityId', 'Activité ou service introuvable');
    expect(huge.body).not.toContain('xxxx');
  });

  it('refuses an activity sent as a service, and a service sent as an activity', async () => {
    const paintball = item('paintball');
    const { catalogActivityId: _a, ...paintballLine } = lineFor(paintball, start(), 4);
    expectValidation(
      await refused(withLine({ ...paintballLine, catalogServiceId: paintball.id })),
      'bookingActivities',
      'Activité ou service introuvable : Paintball',
    );
    const barbecue = item('repas-barbecue');
    const { catalogServiceId: _s, ...barbecueLine } = lineFor(barbecue, start(), 4);
    expectValidation(
      await refused(withLine({ ...barbecueLine, catalogActivityId: barbecue.id })),
      'bookingActivities',
      'Activité ou service introuvable : Repas barbecue',
    );
  });

  it('refuses a line naming both an activity and a service, or neither', async () => {
    const message = 'Chaque ligne doit désigner une activité ou un service du catalogue';
    const both = { ...lineFor(item('paintball'), start(), 4), catalogServiceId: item('repas-barbecue').id };
    expectValidation(await refused(withLine(both)), 'bookingActivities.1', message);
    const { catalogActivityId: _a, ...neither } = lineFor(item('paintball'), start(), 4);
    expectValidation(await refused(withLine(neither)), 'bookingActivities.1', message);
  });

  it('refuses an inactive catalogue item', async () => {
    expectValidation(
      await refused(withLine(lineFor(inactive, start(), 4))),
      'bookingActivities',
      'Activité ou service introuvable : Quad (retiré)',
    );
  });

  it('refuses a tampered price or pricing type (409), naming the catalogue item', async () => {
    const paintball = item('paintball');
    const message = 'Le tarif de « Paintball » a changé, veuillez actualiser la page';
    expectError(
      await refused(
        withLine(
          lineFor(paintball, start(), 4, { name: 'Paint', pricing: { basePrice: 2, pricingType: 'per_person' } }),
        ),
      ),
      409,
      message,
      'PRICE_CHANGED',
    );
    expectError(
      await refused(withLine(lineFor(paintball, start(), 4, { pricing: { basePrice: 20, pricingType: 'flat' } }))),
      409,
      message,
      'PRICE_CHANGED',
    );
    expectError(
      await refused(
        withLine(lineFor(paintball, start(), 4, { pricing: { basePrice: 19.99, pricingType: 'per_person' } })),
      ),
      409,
      message,
      'PRICE_CHANGED',
    );
  });

  it('refuses a line dated before the first day or 14 days or more after it', async () => {
    const paintball = item('paintball');
    expectValidation(
      await refused(withLine(lineFor(paintball, addIsoDays(start(), -1), 4))),
      'bookingActivities',
      DAY_OUT_OF_RANGE,
    );
    expectValidation(
      await refused(withLine(lineFor(paintball, addIsoDays(start(), 14), 4))),
      'bookingActivities',
      DAY_OUT_OF_RANGE,
    );
    expectValidation(
      await refused(withLine(lineFor(paintball, addIsoDays(start(), 40), 4))),
      'bookingActivities',
      DAY_OUT_OF_RANGE,
    );
  });

  it('refuses a line with 0 participants', async () => {
    expectValidation(
      await refused(withLine(lineFor(item('paintball'), start(), 0))),
      'bookingActivities.1.participants',
      'Le nombre de participants par activité doit être compris entre 1 et 50',
    );
  });
});

describe('POST /api/v1/public-booking-requests: one transaction', () => {
  it('stores nothing when a line cannot be written after the request was', async () => {
    // A constraint the second line breaks: the request row is inserted, then the lines fail.
    await t.db.execute(
      sql.raw('alter table booking_items add constraint test_no_42 check (participants <> 42) not valid'),
    );
    let res: LightMyRequestResponse;
    try {
      res = await refused(withLine(lineFor(item('paintball'), start(), 42)));
    } finally {
      await t.db.execute(sql.raw('alter table booking_items drop constraint test_no_42'));
    }
    expectError(res, 500, 'Erreur serveur, veuillez réessayer plus tard', 'INTERNAL_ERROR');

    // The same request goes through once the constraint is gone.
    const before = await bookingCounts(t.db);
    const again = await postBookingRequest(t.app, withLine(lineFor(item('paintball'), start(), 42)), customer.token);
    expect(again.statusCode, again.body).toBe(201);
    expect(await bookingCounts(t.db)).toEqual({
      requests: before.requests + 1,
      items: before.items + 2,
      mails: before.mails + 1,
    });
  });
});
