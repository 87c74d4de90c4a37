import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueListResponse } from '../../src/shared/api/catalogue.schema';
import { catalogueItems } from '../../src/server/db/schema';
import { seedDatabase } from '../../src/server/db/seed';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function featuredNames() {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/public-booking-requests/activities?isActive=true' });
  expect(res.statusCode).toBe(200);
  return catalogueListResponse
    .parse(res.json())
    .data.filter((item) => item.isFeatured)
    .map((item) => item.name);
}

describe('featured activities (SPEC.md §2)', () => {
  it('marks the three SPEC.md §2 activities as featured in the public catalogue', async () => {
    expect(await featuredNames()).toEqual(['Parcours aventure', 'Paintball', 'Balade en VTT']);
  });

  it('keeps the park’s own choice when the seed runs again', async () => {
    await t.db.update(catalogueItems).set({ isFeatured: false });
    await t.db.update(catalogueItems).set({ isFeatured: true }).where(eq(catalogueItems.slug, 'tyrolienne-geante'));
    await seedDatabase(t.db);
    expect(await featuredNames()).toEqual(['Tyrolienne géante']);
  });

  it('marks the three on a database seeded before the mark existed (none featured)', async () => {
    await t.db.update(catalogueItems).set({ isFeatured: false });
    await seedDatabase(t.db);
    expect(await featuredNames()).toEqual(['Parcours aventure', 'Paintball', 'Balade en VTT']);
  });
});
