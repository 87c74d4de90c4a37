import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingListResponse } from '../../src/shared/api/customer-booking.schema';
import { bearer, expectError, nextAddress, registerCustomer, type RegisteredCustomer } from '../support/auth';
import { catalogueBySlug } from '../support/booking-requests';
import { createBooking } from '../support/customer-bookings';
import { createTestApp, type TestApp } from '../support/test-app';

const LIST = '/api/v1/customer-booking-requests';
let t: TestApp;
let owner: RegisteredCustomer;
let other: RegisteredCustomer;
let otherBooking: string;

async function list(who: RegisteredCustomer, query: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${LIST}?${query}`,
    headers: bearer(who.token),
    remoteAddress: nextAddress(),
  });
  return res;
}

async function listOk(who: RegisteredCustomer, query: string) {
  const res = await list(who, query);
  expect(res.statusCode, res.body).toBe(200);
  return bookingListResponse.strict().parse(res.json()).data;
}

beforeAll(async () => {
  t = await createTestApp();
  [owner, other] = await Promise.all([
    registerCustomer(t.app, { firstName: 'Héloïse', lastName: 'Martin' }),
    registerCustomer(t.app, { firstName: 'Loïc', lastName: 'Bernard' }),
  ]);
  const catalogue = await catalogueBySlug(t.db);
  const lines = [{ item: catalogue.get('parcours-aventure')! }];
  for (let i = 0; i < 5; i += 1) await createBooking(t.app, owner, { lines });
  otherBooking = (await createBooking(t.app, other, { lines }))._id;
});

afterAll(async () => {
  await t?.close();
});

describe('the customer list pages with a cursor, and with page numbers as before', () => {
  it('follows nextCursor to the end, in the order of the numbered pages', async () => {
    const numbered = [
      ...(await listOk(owner, 'limit=2&page=1')).bookingRequests,
      ...(await listOk(owner, 'limit=2&page=2')).bookingRequests,
      ...(await listOk(owner, 'limit=2&page=3')).bookingRequests,
    ].map((b) => b._id);
    expect(numbered).toHaveLength(5);

    const first = await listOk(owner, 'limit=2');
    expect(first.nextCursor).toBe(first.bookingRequests[1]!._id);
    const second = await listOk(owner, `limit=2&cursor=${first.nextCursor}`);
    const third = await listOk(owner, `limit=2&cursor=${second.nextCursor}`);
    expect(third.nextCursor).toBeNull();
    expect([...first.bookingRequests, ...second.bookingRequests, ...third.bookingRequests].map((b) => b._id)).toEqual(
      numbered,
    );
    expect(third.pagination.total).toBe(5);
  });

  it('refuses a malformed cursor in French, and another customer’s booking as a cursor gives nothing', async () => {
    expectError(await list(owner, 'cursor=abc'), 400, 'Le curseur de pagination est invalide');
    const foreign = await listOk(owner, `cursor=${otherBooking}`);
    expect(foreign.bookingRequests).toEqual([]);
    expect(foreign.nextCursor).toBeNull();
  });
});
