import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueListResponse } from '../../src/shared/api/catalogue.schema';
import { catalogueItems } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../support/test-app';

const LIST = '/api/v1/public-booking-requests/activities?isActive=true';

describe('public catalogue cache (CATALOGUE_CACHE_SECONDS)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CATALOGUE_CACHE_SECONDS: '60' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves the same valid JSON from cache within the delay, per list', async () => {
    const first = await t.app.inject({ method: 'GET', url: LIST });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('application/json');
    const before = catalogueListResponse.parse(first.json());

    await t.db.update(catalogueItems).set({ isActive: false }).where(eq(catalogueItems.id, before.data[0]!._id));

    const cached = await t.app.inject({ method: 'GET', url: LIST });
    expect(cached.body).toBe(first.body);
    // Another list (no filter) is built afresh and already shows the change.
    const unfiltered = catalogueListResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/public-booking-requests/activities' })).json(),
    );
    expect(unfiltered.data.find((item) => item._id === before.data[0]!._id)?.isActive).toBe(false);
  });

  it('still refuses another park before any cached answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: LIST, headers: { 'x-parc-id': 'autre-parc' } });
    expect(res.statusCode).toBe(400);
  });
});
