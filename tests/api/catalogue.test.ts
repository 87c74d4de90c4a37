import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogueItemResponse,
  catalogueListResponse,
  type CatalogueItemDetail,
} from '../../src/shared/api/catalogue.schema';
import { errorResponse } from '../../src/shared/api/common.schema';
import { ESTABLISHMENT_ID, PARC_ID_HEADER } from '../../src/shared/constants';
import { WEEKDAYS } from '../../src/shared/labels';
import { catalogueItems } from '../../src/server/db/schema';
import { findSeededItemId } from '../../src/server/db/seed';
import { createTestApp, type TestApp } from '../support/test-app';

const UNKNOWN_ESTABLISHMENT = 'Établissement inconnu : ce service gère uniquement le Parc Aventure des Landes';
const ACTIVITIES = '/api/v1/public-booking-requests/activities';
const SERVICES = '/api/v1/public-booking-requests/services';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

async function list(
  path: string,
  query: Record<string, string> = { establishment_id: ESTABLISHMENT_ID, isActive: 'true' },
) {
  const res = await t.app.inject({ method: 'GET', url: path, query });
  expect(res.statusCode).toBe(200);
  return catalogueListResponse.parse(res.json()).data;
}

async function seededId(slug: string): Promise<string> {
  const id = await findSeededItemId(t.db, slug);
  if (!id) throw new Error(`seed item ${slug} missing`);
  return id;
}

/** An item's detail call, where its time slots are. */
async function detail(path: string, id: string): Promise<CatalogueItemDetail> {
  const res = await t.app.inject({ method: 'GET', url: `${path}/${id}` });
  expect(res.statusCode).toBe(200);
  return catalogueItemResponse.parse(res.json()).data;
}
const ACTIVITY_DETAIL = '/api/v1/establishment/activities';
const SERVICE_DETAIL = '/api/v1/establishment/services';

function expectWellFormedSlots(item: CatalogueItemDetail) {
  for (const slot of item.timeSlots) {
    expect(WEEKDAYS).toContain(slot.day);
    expect(slot.day).toMatch(/^[a-z]+day$/);
    expect(slot.startTime < slot.endTime).toBe(true);
  }
  // Sorted by weekday, then by start time.
  const keys = item.timeSlots.map((slot) => [WEEKDAYS.indexOf(slot.day), slot.startTime] as const);
  const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
  expect(keys).toEqual(sorted);
}

describe('GET /api/v1/public-booking-requests/activities', () => {
  it('lists the active activities of the park with their prices and durations, slots on each detail', async () => {
    const activities = await list(ACTIVITIES);
    expect(activities.length).toBeGreaterThanOrEqual(8);
    for (const activity of activities) {
      expect(activity.kind).toBe('activity');
      expect(activity.isActive).toBe(true);
      expect(activity.establishment_id).toBe(ESTABLISHMENT_ID);
      expect(activity._id).toMatch(/^[0-9a-f-]{36}$/);
      expectWellFormedSlots(await detail(ACTIVITY_DETAIL, activity._id));
    }
    const byName = new Map(activities.map((activity) => [activity.name, activity]));
    const featured = [
      { name: 'Parcours aventure', basePrice: 25, duration: 120, slug: 'parcours-aventure' },
      { name: 'Paintball', basePrice: 20, duration: 90, slug: 'paintball' },
      { name: 'Balade en VTT', basePrice: 18, duration: 150, slug: 'balade-vtt' },
    ];
    for (const { name, basePrice, duration, slug } of featured) {
      const activity = byName.get(name);
      expect(activity, name).toBeDefined();
      expect(activity?.pricing).toEqual({ basePrice, pricingType: 'per_person' });
      expect(activity?.availability).toEqual({ duration });
      expect(activity?.image).toBe(`/uploads/catalogue/${slug}.svg`);
      expect(activity?.images).toEqual([{ url: `/uploads/catalogue/${slug}.svg`, isDefault: true }]);
      expect((await detail(ACTIVITY_DETAIL, activity!._id)).timeSlots.length).toBeGreaterThan(0);
    }
    // The featured three open the list (seed order).
    expect(activities.slice(0, 3).map((activity) => activity.name)).toEqual(featured.map((f) => f.name));
  });

  it('offers the parcours aventure every day of the week from 9h, within event hours', async () => {
    const parcours = (await list(ACTIVITIES)).find((activity) => activity.name === 'Parcours aventure');
    const { timeSlots: slots } = await detail(ACTIVITY_DETAIL, parcours!._id);
    expect(new Set(slots.map((slot) => slot.day))).toEqual(new Set(WEEKDAYS));
    const monday = slots.filter((slot) => slot.day === 'monday');
    expect(monday[0]).toMatchObject({ startTime: '09:00', endTime: '11:00', isActive: true, capacity: 60 });
    for (const slot of slots) {
      expect(slot.startTime >= '09:00').toBe(true);
      expect(slot.endTime <= '19:00').toBe(true);
    }
  });
});

describe('GET /api/v1/public-booking-requests/services', () => {
  it('lists the active services of the park', async () => {
    const services = await list(SERVICES);
    expect(services.length).toBeGreaterThanOrEqual(5);
    for (const service of services) {
      expect(service.kind).toBe('service');
      expect(service.isActive).toBe(true);
      expectWellFormedSlots(await detail(SERVICE_DETAIL, service._id));
    }
    const seminar = services.find((service) => service.name === 'Location de salle de séminaire');
    expect(seminar?.pricing).toEqual({ basePrice: 350, pricingType: 'flat' });
    const bbq = services.find((service) => service.name === 'Repas barbecue');
    expect(bbq?.pricing).toEqual({ basePrice: 18, pricingType: 'per_person' });
    const bbqSlots = (await detail(SERVICE_DETAIL, bbq!._id)).timeSlots;
    expect(bbqSlots.filter((slot) => slot.day === 'saturday').map((slot) => slot.startTime)).toEqual([
      '12:00',
      '19:00',
    ]);
    const instructor = services.find((service) => service.name === 'Moniteur dédié');
    expect(instructor?.availability).toEqual({ duration: null });
    expect((await detail(SERVICE_DETAIL, instructor!._id)).timeSlots).toEqual([]);
  });

  it('carries only what the list shows: no time slots, a few KB for the whole catalogue', async () => {
    for (const path of [ACTIVITIES, SERVICES]) {
      const res = await t.app.inject({
        method: 'GET',
        url: path,
        query: { establishment_id: ESTABLISHMENT_ID, isActive: 'true' },
      });
      expect(res.statusCode).toBe(200);
      const items = (res.json() as { data: Record<string, unknown>[] }).data;
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(item).not.toHaveProperty('timeSlots');
      // 49 KB with every slot of every activity before performance rule 10.
      expect(res.body.length).toBeLessThan(8 * 1024);
    }
  });

  it('never mixes activities into the services list', async () => {
    const services = await list(SERVICES);
    expect(services.map((service) => service.name)).not.toContain('Paintball');
  });
});

describe('isActive filter', () => {
  it('hides an inactive item with isActive=true and shows it without the filter', async () => {
    const id = await seededId('tir-a-l-arc');
    await t.db.update(catalogueItems).set({ isActive: false }).where(eq(catalogueItems.id, id));
    try {
      const active = await list(ACTIVITIES);
      expect(active.map((item) => item._id)).not.toContain(id);

      const all = await list(ACTIVITIES, { establishment_id: ESTABLISHMENT_ID });
      const archery = all.find((item) => item._id === id);
      expect(archery).toMatchObject({ name: 'Tir à l’arc', isActive: false });
      expect(all.length).toBe(active.length + 1);

      const inactive = await list(ACTIVITIES, { isActive: 'false' });
      expect(inactive.map((item) => item._id)).toEqual([id]);
    } finally {
      await t.db.update(catalogueItems).set({ isActive: true }).where(eq(catalogueItems.id, id));
    }
  });

  it('refuses an isActive value other than true or false with a validation envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: ACTIVITIES, query: { isActive: 'yes' } });
    expect(res.statusCode).toBe(400);
    const body = errorResponse.parse(res.json());
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details).toHaveProperty('isActive');
  });
});

describe('wrong park', () => {
  it.each([ACTIVITIES, SERVICES])('refuses establishment_id=other on %s', async (path) => {
    const res = await t.app.inject({
      method: 'GET',
      url: path,
      query: { establishment_id: 'other', isActive: 'true' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorResponse.strict().parse(res.json())).toEqual({
      success: false,
      error: UNKNOWN_ESTABLISHMENT,
      message: UNKNOWN_ESTABLISHMENT,
      code: 'UNKNOWN_ESTABLISHMENT',
    });
  });

  it('refuses X-Parc-ID: other on the activity list', async () => {
    const res = await t.app.inject({ method: 'GET', url: ACTIVITIES, headers: { [PARC_ID_HEADER]: 'other' } });
    expect(res.statusCode).toBe(400);
    expect(errorResponse.parse(res.json())).toMatchObject({
      code: 'UNKNOWN_ESTABLISHMENT',
      error: UNKNOWN_ESTABLISHMENT,
    });
  });

  it('accepts the right park in both the header and the query', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: SERVICES,
      headers: { [PARC_ID_HEADER]: ESTABLISHMENT_ID },
      query: { establishment_id: ESTABLISHMENT_ID, isActive: 'true' },
    });
    expect(res.statusCode).toBe(200);
    expect(catalogueListResponse.parse(res.json()).data.length).toBeGreaterThanOrEqual(5);
  });
});

describe('GET /api/v1/establishment/activities/{id} and /services/{id}', () => {
  it('returns one activity by id', async () => {
    const id = await seededId('paintball');
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/establishment/activities/${id}` });
    expect(res.statusCode).toBe(200);
    const { data } = catalogueItemResponse.strict().parse(res.json());
    expect(data).toMatchObject({
      _id: id,
      kind: 'activity',
      name: 'Paintball',
      category: 'sport',
      pricing: { basePrice: 20, pricingType: 'per_person' },
      availability: { duration: 90 },
      isActive: true,
      establishment_id: ESTABLISHMENT_ID,
    });
    expectWellFormedSlots(data);
    expect(data.timeSlots.length).toBeGreaterThan(0);
  });

  it('returns one service by id', async () => {
    const id = await seededId('repas-barbecue');
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/establishment/services/${id}` });
    expect(res.statusCode).toBe(200);
    const { data } = catalogueItemResponse.parse(res.json());
    expect(data).toMatchObject({ _id: id, kind: 'service', name: 'Repas barbecue', category: 'restauration' });
    expect(data.timeSlots).toHaveLength(14);
  });

  it('answers 404 "Activité non trouvée" for an unknown uuid', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/establishment/activities/${randomUUID()}` });
    expect(res.statusCode).toBe(404);
    expect(errorResponse.strict().parse(res.json())).toEqual({
      success: false,
      error: 'Activité non trouvée',
      message: 'Activité non trouvée',
      code: 'NOT_FOUND',
    });
  });

  it('answers 404 "Service non trouvé" for an unknown service uuid', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/establishment/services/${randomUUID()}` });
    expect(res.statusCode).toBe(404);
    expect(errorResponse.parse(res.json())).toMatchObject({ error: 'Service non trouvé', code: 'NOT_FOUND' });
  });

  it.each(['not-a-uuid', '123', "1' OR '1'='1"])(
    'answers 404 (not a SQL error) for the malformed id %j',
    async (id) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/establishment/activities/${encodeURIComponent(id)}`,
      });
      expect(res.statusCode).toBe(404);
      expect(errorResponse.parse(res.json())).toMatchObject({
        success: false,
        error: 'Activité non trouvée',
        code: 'NOT_FOUND',
      });
    },
  );

  it('does not serve an activity on the services path', async () => {
    const id = await seededId('parcours-aventure');
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/establishment/services/${id}` });
    expect(res.statusCode).toBe(404);
    expect(errorResponse.parse(res.json())).toMatchObject({ error: 'Service non trouvé', code: 'NOT_FOUND' });
  });

  it('does not serve a service on the activities path', async () => {
    const id = await seededId('photographe');
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/establishment/activities/${id}` });
    expect(res.statusCode).toBe(404);
    expect(errorResponse.parse(res.json())).toMatchObject({ error: 'Activité non trouvée', code: 'NOT_FOUND' });
  });
});
