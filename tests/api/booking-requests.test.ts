import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBookingRequestResponse,
  type BookingLine,
  type CreateBookingRequestBody,
} from '../../src/shared/api/booking-request.schema';
import { addIsoDays, todayInParis, tomorrowInParis } from '../../src/shared/booking-days';
import { ESTABLISHMENT_ID } from '../../src/shared/constants';
import { outbox } from '../../src/server/db/schema';
import { registerCustomer, type RegisteredCustomer } from '../support/auth';
import {
  bookingCounts,
  catalogueBySlug,
  lineFor,
  postBookingRequest,
  storedItems,
  storedRequest,
  type CatalogueRow,
  seedItem,
} from '../support/booking-requests';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let customer: RegisteredCustomer;
let catalogue: Map<string, CatalogueRow>;
const references: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  customer = await registerCustomer(t.app, { firstName: 'Léa', lastName: 'Martin', phone: '06 98 76 54 32' });
  catalogue = await catalogueBySlug(t.db);
});

afterAll(async () => {
  await t?.close();
});

const item = (slug: string): CatalogueRow => seedItem(catalogue, slug);

/** A week after the earliest allowed day, so that no test runs into the 'tomorrow' rule. */
function startDate(): string {
  return addIsoDays(tomorrowInParis(), 7);
}

const NO_DETAILS = {
  eventSubType: '',
  forMe: false,
  organizationName: '',
  companyName: '',
  companyEventType: '',
} as const;

/** Posts a request that must be created, and checks what every created request has in common. */
async function create(body: Omit<CreateBookingRequestBody, 'customerId' | 'establishment_id'>) {
  const before = await bookingCounts(t.db);
  const res = await postBookingRequest(
    t.app,
    { customerId: customer.id, establishment_id: ESTABLISHMENT_ID, ...body },
    customer.token,
  );
  expect(res.statusCode, res.body).toBe(201);
  const response = createBookingRequestResponse.strict().parse(res.json());
  expect(response.message).toBe('Votre demande a été envoyée avec succès');
  const { data } = response;

  expect(data.bookingRequestId).toMatch(/^GRP-\d{4}-\d{5}$/);
  expect(data.bookingRequestId.slice(4, 8)).toBe(todayInParis().slice(0, 4));
  references.push(data.bookingRequestId);
  expect(data).toMatchObject({
    customerId: customer.id,
    establishment_id: ESTABLISHMENT_ID,
    bookingType: body.bookingType,
    participants: body.participants,
    startDate: body.startDate,
    status: 'draft',
    clientValidation: 'pending',
    adminValidation: 'pending',
    mainContact: { firstName: 'Léa', lastName: 'Martin', email: customer.email, phone: '+33698765432' },
  });
  const lines = body.bookingActivities;
  expect(data.bookingActivities.length + data.bookingServices.length).toBe(lines.length);
  expect(data.endDate).toBe(
    lines
      .map((line) => line.scheduledDate)
      .sort()
      .at(-1),
  );

  // One request and its lines stored, one e-mail written.
  expect(await bookingCounts(t.db)).toEqual({
    requests: before.requests + 1,
    items: before.items + lines.length,
    mails: before.mails + 1,
  });
  const row = await storedRequest(t.db, data._id);
  expect(row).toMatchObject({
    reference: data.bookingRequestId,
    establishmentId: ESTABLISHMENT_ID,
    customerId: customer.id,
    bookingType: body.bookingType,
    type: data.type,
    participants: body.participants,
    startDate: body.startDate,
    endDate: data.endDate,
    status: 'draft',
    clientValidation: 'pending',
    adminValidation: 'pending',
    eventData: data.additionalEventData,
  });

  const [mail, ...others] = await t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, customer.email), eq(outbox.template, 'request-received')))
    .then((mails) => mails.filter((m) => m.subject.includes(data.bookingRequestId)));
  expect(others).toHaveLength(0);
  expect(mail, 'no request-received e-mail').toBeDefined();
  expect(mail!.subject).toContain(data.bookingRequestId);
  expect(mail!.text).toContain(data.bookingRequestId);
  expect(mail!.text).toContain('24 heures');
  expect(mail!.text).toContain('Bonjour Léa,');
  expect(mail!.text).toContain(`/booking/${data._id}`);
  expect(mail!.html).toContain(data.bookingRequestId);
  return { data, row };
}

/** The line the response shows for one catalogue item, priced from the catalogue. */
function expectLine(line: BookingLine | undefined, source: CatalogueRow, scheduledDate: string, participants: number) {
  expect(line, source.name).toBeDefined();
  const basePrice = source.basePriceCents / 100;
  expect(line).toMatchObject({
    kind: source.kind,
    name: source.name,
    catalogActivityId: source.kind === 'activity' ? source.id : null,
    catalogServiceId: source.kind === 'service' ? source.id : null,
    category: source.category,
    description: source.description,
    scheduledDate,
    customParticipants: participants,
    pricing: { basePrice, pricingType: source.pricingType },
    availability: { duration: source.durationMinutes },
    total: source.pricingType === 'per_person' ? basePrice * participants : basePrice,
  });
}

describe('POST /api/v1/public-booking-requests: a valid request per event type', () => {
  it('evg-evjf (sub-type evjf): type evjf, names and prices from the catalogue, activities and services apart', async () => {
    const start = startDate();
    const paintball = item('paintball');
    const parcours = item('parcours-aventure');
    const barbecue = item('repas-barbecue');
    const { data, row } = await create({
      bookingType: 'evg-evjf',
      type: 'evjf',
      participants: 12,
      startDate: start,
      note: '  Surprise pour la mariée  ',
      eventDetails: { ...NO_DETAILS, eventSubType: 'evjf' },
      bookingActivities: [
        // A wrong name: the catalogue's is stored and returned.
        lineFor(paintball, addIsoDays(start, 1), 12, { name: 'Paintball gratuit', category: 'autre' }),
        lineFor(barbecue, start, 12),
        lineFor(parcours, start, 8),
      ],
    });

    expect(data.type).toBe('evjf');
    expect(data.note).toBe('Surprise pour la mariée');
    expect(data.additionalEventData).toEqual({
      Type: 'Enterrement de vie de garçon/fille',
      'Type spécifique': 'Enterrement de vie de jeune fille',
    });
    expect(row.hiddenNotes).toBe(
      'Type: Enterrement de vie de garçon/fille | Type spécifique: Enterrement de vie de jeune fille',
    );
    expect(data.endDate).toBe(addIsoDays(start, 1));

    expect(data.bookingActivities).toHaveLength(2);
    expect(data.bookingServices).toHaveLength(1);
    expectLine(
      data.bookingActivities.find((line) => line.catalogActivityId === paintball.id),
      paintball,
      addIsoDays(start, 1),
      12,
    );
    expectLine(
      data.bookingActivities.find((line) => line.catalogActivityId === parcours.id),
      parcours,
      start,
      8,
    );
    expectLine(data.bookingServices[0], barbecue, start, 12);
    // 20 € × 12 + 25 € × 8 + 18 € × 12
    expect(data.estimatedTotal).toBe(240 + 200 + 216);

    const items = await storedItems(t.db, data._id);
    expect(items.map((stored) => stored.name)).toEqual(['Paintball', 'Repas barbecue', 'Parcours aventure']);
    expect(items.map((stored) => stored.name)).not.toContain('Paintball gratuit');
    expect(
      items.map(({ kind, catalogueItemId, scheduledDate, participants, basePriceCents, pricingType, category }) => ({
        kind,
        catalogueItemId,
        scheduledDate,
        participants,
        basePriceCents,
        pricingType,
        category,
      })),
    ).toEqual([
      {
        kind: 'activity',
        catalogueItemId: paintball.id,
        scheduledDate: addIsoDays(start, 1),
        participants: 12,
        basePriceCents: 2000,
        pricingType: 'per_person',
        category: paintball.category,
      },
      {
        kind: 'service',
        catalogueItemId: barbecue.id,
        scheduledDate: start,
        participants: 12,
        basePriceCents: 1800,
        pricingType: 'per_person',
        category: barbecue.category,
      },
      {
        kind: 'activity',
        catalogueItemId: parcours.id,
        scheduledDate: start,
        participants: 8,
        basePriceCents: 2500,
        pricingType: 'per_person',
        category: parcours.category,
      },
    ]);
  });

  it('anniv for oneself: "Organisé pour: Moi-même" in the event data and the hidden notes', async () => {
    const start = startDate();
    const gouter = item('gouter-anniversaire');
    const laser = item('laser-game');
    const { data, row } = await create({
      bookingType: 'anniv',
      type: 'anniv',
      participants: 10,
      startDate: start,
      eventDetails: { ...NO_DETAILS, forMe: true },
      bookingActivities: [lineFor(laser, start, 10), lineFor(gouter, start, 10)],
    });
    expect(data.type).toBe('anniv');
    expect(data.additionalEventData).toEqual({ Type: 'Anniversaire', 'Organisé pour': 'Moi-même' });
    expect(row.hiddenNotes).toBe('Type: Anniversaire | Organisé pour: Moi-même');
    expect(data.endDate).toBe(start);
    expectLine(data.bookingActivities[0], laser, start, 10);
    expectLine(data.bookingServices[0], gouter, start, 10);
    expect(data.estimatedTotal).toBe(18 * 10 + 8 * 10);
  });

  it('anniv for someone else: "Organisé pour: Un proche"', async () => {
    const start = startDate();
    const { data, row } = await create({
      bookingType: 'anniv',
      type: 'anniv',
      participants: 6,
      startDate: start,
      eventDetails: { ...NO_DETAILS, forMe: false },
      bookingActivities: [lineFor(item('tir-a-l-arc'), start, 6)],
    });
    expect(data.additionalEventData).toEqual({ Type: 'Anniversaire', 'Organisé pour': 'Un proche' });
    expect(row.hiddenNotes).toBe('Type: Anniversaire | Organisé pour: Un proche');
    expect(data.bookingServices).toEqual([]);
    expect(data.estimatedTotal).toBe(15 * 6);
  });

  it('group: the organisation name, trimmed, in the event data', async () => {
    const start = startDate();
    const orientation = item('course-orientation');
    const moniteur = item('moniteur-dedie');
    const { data, row } = await create({
      bookingType: 'group',
      type: 'group',
      participants: 25,
      startDate: start,
      eventDetails: { ...NO_DETAILS, organizationName: '  Club des randonneurs de Mimizan ' },
      bookingActivities: [lineFor(orientation, start, 25), lineFor(moniteur, start, 25)],
    });
    expect(data.type).toBe('group');
    expect(data.additionalEventData).toEqual({
      Type: 'Groupe / Association',
      Organisation: 'Club des randonneurs de Mimizan',
    });
    expect(row.hiddenNotes).toBe('Type: Groupe / Association | Organisation: Club des randonneurs de Mimizan');
    expectLine(data.bookingActivities[0], orientation, start, 25);
    // A flat service costs its base price whatever the participants.
    expectLine(data.bookingServices[0], moniteur, start, 25);
    expect(data.estimatedTotal).toBe(12 * 25 + 180);
  });

  it('company (event type sem): type sem, company name and event type in the data, flat and per-person prices summed', async () => {
    const start = startDate();
    const salle = item('salle-seminaire');
    const olympiades = item('olympiades');
    const aperitif = item('aperitif-dinatoire');
    const { data, row } = await create({
      bookingType: 'company',
      type: 'sem',
      participants: 40,
      startDate: start,
      eventDetails: { ...NO_DETAILS, companyName: 'Landes Logistique', companyEventType: 'sem' },
      bookingActivities: [
        lineFor(salle, start, 40),
        lineFor(olympiades, addIsoDays(start, 1), 40),
        lineFor(aperitif, start, 40),
      ],
    });
    expect(data.type).toBe('sem');
    expect(data.additionalEventData).toEqual({
      Type: 'Entreprise',
      Entreprise: 'Landes Logistique',
      'Type d’événement': 'Séminaire',
    });
    expect(row.hiddenNotes).toBe('Type: Entreprise | Entreprise: Landes Logistique | Type d’événement: Séminaire');
    expect(data.endDate).toBe(addIsoDays(start, 1));
    expect(data.bookingActivities).toHaveLength(1);
    expect(data.bookingServices).toHaveLength(2);
    expectLine(data.bookingActivities[0], olympiades, addIsoDays(start, 1), 40);
    expectLine(
      data.bookingServices.find((line) => line.catalogServiceId === salle.id),
      salle,
      start,
      40,
    );
    expect(data.estimatedTotal).toBe(350 + 16 * 40 + 14 * 40);
  });

  it('act: type act, a line on the last allowed day (start + 13) sets the end date', async () => {
    const start = startDate();
    const vtt = item('balade-vtt');
    const photo = item('photographe');
    const { data, row } = await create({
      bookingType: 'act',
      type: 'act',
      participants: 1,
      startDate: start,
      bookingActivities: [
        lineFor(vtt, addIsoDays(start, 13), 1),
        lineFor(photo, addIsoDays(start, 2), 1),
        lineFor(vtt, start, 1),
      ],
    });
    expect(data.type).toBe('act');
    expect(data.additionalEventData).toEqual({ Type: 'Individuel' });
    expect(row.hiddenNotes).toBe('Type: Individuel');
    expect(data.endDate).toBe(addIsoDays(start, 13));
    expect(data.bookingActivities).toHaveLength(2);
    expect(data.bookingServices).toHaveLength(1);
    expect(data.estimatedTotal).toBe(18 + 150 + 18);
  });

  it('the earliest date, tomorrow in Paris, is accepted', async () => {
    const tomorrow = tomorrowInParis();
    const { data } = await create({
      bookingType: 'act',
      type: 'act',
      participants: 100,
      startDate: tomorrow,
      bookingActivities: [lineFor(item('tyrolienne-geante'), tomorrow, 50)],
    });
    expect(data.startDate).toBe(tomorrow);
    expect(data.participants).toBe(100);
    expect(data.estimatedTotal).toBe(15 * 50);
  });

  it('gives every request a unique, increasing reference', () => {
    expect(references.length).toBeGreaterThanOrEqual(7);
    expect(new Set(references).size).toBe(references.length);
    const numbers = references.map((reference) => Number(reference.slice(-5)));
    for (let index = 1; index < numbers.length; index += 1) {
      expect(numbers[index]!).toBeGreaterThan(numbers[index - 1]!);
    }
  });
});
