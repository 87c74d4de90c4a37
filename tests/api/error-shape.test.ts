import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingListResponse } from '../../src/shared/api/customer-booking.schema';
import { bearer, expectError, registerCustomer } from '../support/auth';
import { catalogueBySlug } from '../support/booking-requests';
import { cb, createBooking } from '../support/customer-bookings';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** No English sentence of the schema library or of Fastify reaches a caller. */
function expectFrench(message: string) {
  expect(message).not.toMatch(/\b(Invalid|expected|Expected|received|Required|must|is not|Bad Request|Not Found)\b/);
}

describe('every error answer is French', () => {
  it('answers an invalid query value in French', async () => {
    const customer = await registerCustomer(t.app);
    const res = await cb(t.app, 'GET', '?status=inconnu', customer.token);
    const body = expectError(
      res,
      400,
      'Option invalide : une valeur parmi "draft"|"prebooked"|"confirmed"|"canceled"|"completed" attendue',
      'VALIDATION_ERROR',
    );
    expectFrench(body.message);
    const pageMessage = 'Le numéro de page doit être un nombre entier entre 1 et 100 000';
    const page = expectError(await cb(t.app, 'GET', '?page=zero', customer.token), 400, pageMessage);
    expect(page.details?.page).toBe(pageMessage);
    const limitMessage = 'Le nombre de lignes par page doit être un nombre entier entre 1 et 100';
    expect(expectError(await cb(t.app, 'GET', '?limit=1000', customer.token), 400, limitMessage).details?.limit).toBe(
      limitMessage,
    );
  });

  it("answers a body of the wrong kind with SPEC.md §8's 'Données invalides'", async () => {
    const list = await t.app.inject({ method: 'POST', url: '/api/v1/customer-auth/login', payload: [] });
    expectFrench(expectError(list, 400, 'Données invalides', 'VALIDATION_ERROR').message);
    const nothing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer-auth/login',
      headers: { 'content-type': 'application/json' },
      payload: 'null',
    });
    expectError(nothing, 400, 'Données invalides', 'VALIDATION_ERROR');
  });

  it('answers a URL that is not valid percent-encoding with the JSON error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/customer-booking-requests/%E0%A4%A' });
    expectError(res, 400, 'Adresse invalide', 'BAD_URL');
  });

  it('answers a path parameter longer than the router allows with a JSON 414', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/establishment/activities/${'a'.repeat(300)}` });
    expectError(res, 414, 'Adresse trop longue', 'URI_TOO_LONG');
  });
});

describe('GET /api/v1/booking-requests (SPEC.md §7)', () => {
  it("serves the caller's own requests, as the customer list does, and nobody else's", async () => {
    const owner = await registerCustomer(t.app);
    const stranger = await registerCustomer(t.app);
    const catalogue = await catalogueBySlug(t.db);
    const item = [...catalogue.values()].find((row) => row.kind === 'activity')!;
    const booking = await createBooking(t.app, owner, { lines: [{ item }] });

    const mine = await t.app.inject({ method: 'GET', url: '/api/v1/booking-requests', headers: bearer(owner.token) });
    expect(mine.statusCode, mine.body).toBe(200);
    const list = bookingListResponse.parse(mine.json()).data.bookingRequests;
    expect(list.map((request) => request._id)).toEqual([booking._id]);
    const customerList = bookingListResponse.parse((await cb(t.app, 'GET', '', owner.token)).json());
    expect(mine.json()).toEqual(customerList);

    const theirs = await t.app.inject({
      method: 'GET',
      url: '/api/v1/booking-requests',
      headers: bearer(stranger.token),
    });
    expect(bookingListResponse.parse(theirs.json()).data.bookingRequests).toEqual([]);
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/booking-requests' }), 401, 'Veuillez vous connecter');
  });
});
