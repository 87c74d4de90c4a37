import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, expectError, nextAddress, registerCustomer, type RegisteredCustomer } from '../support/auth';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Every paged list reads `page` and `limit` with one schema: a value that is not a whole number
 * written in digits, or out of range, is a 400 with a French message about the page, never the
 * schema library's generic text nor another number ('1e2' is not page 100).
 */

const PAGE = 'Le numéro de page doit être un nombre entier entre 1 et 100 000';
const LIMIT = 'Le nombre de lignes par page doit être un nombre entier entre 1 et 100';

let t: TestApp;
let customer: RegisteredCustomer;
let staff: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  customer = await registerCustomer(t.app, { firstName: 'Hugo', lastName: 'Lefèvre' });
  staff = await createStaffWithSession(t.db, 'admin');
});

afterAll(async () => {
  await t?.close();
});

/** The paged lists, each with the token that may read it. */
const LISTS = [
  ['the customer’s bookings', '/api/v1/customer-booking-requests', () => customer.token],
  ['the same list under /v1/booking-requests', '/api/v1/booking-requests', () => customer.token],
  ['the staff queue', '/api/v1/staff/booking-requests', () => staff.token],
  ['the outbox', '/api/v1/staff/outbox', () => staff.token],
] as const;

function list(path: string, token: string, query: string) {
  return t.app.inject({ method: 'GET', url: `${path}?${query}`, headers: bearer(token), remoteAddress: nextAddress() });
}

describe.each(LISTS)('paging of %s', (_label, path, token) => {
  it.each(['1e400', 'abc', '-1', '0', '1.5', '99999999999999999999', '100001', '1e2', '0x10', '', '+1', '1&page=2'])(
    'refuses page=%s with the page message',
    async (value) => {
      const body = expectError(await list(path, token(), `page=${value}`), 400, PAGE, 'VALIDATION_ERROR');
      expect(body.details).toEqual({ page: PAGE });
    },
  );

  it.each(['0', '101', '1e1', 'dix', '2.5'])('refuses limit=%s with the rows-per-page message', async (value) => {
    const body = expectError(await list(path, token(), `limit=${value}`), 400, LIMIT, 'VALIDATION_ERROR');
    expect(body.details).toEqual({ limit: LIMIT });
  });

  it('reads a page written in digits, leading zeros included', async () => {
    const res = await list(path, token(), 'page=007&limit=100');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.pagination).toMatchObject({ page: 7, limit: 100 });
  });
});
