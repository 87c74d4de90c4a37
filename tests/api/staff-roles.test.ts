import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';
import { bearer, nextAddress, registerCustomer, type RegisteredCustomer } from '../support/auth';

/**
 * The role matrix, generated from the registered staff routes (app.staffRouteTable): every guarded
 * route refuses an anonymous call and a customer token with 401, and the admin routes refuse a
 * `staff` member with 403. A new route is covered as soon as it is registered.
 */
let t: TestApp;
let customer: RegisteredCustomer;
let member: TestStaff;
let admin: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  customer = await registerCustomer(t.app);
  member = await createStaffWithSession(t.db, 'staff');
  admin = await createStaffWithSession(t.db, 'admin');
});
afterAll(async () => {
  await t.close();
});

const UNKNOWN_ID = '4a1d2f7c-0000-4000-8000-000000000000';

function concreteUrl(url: string) {
  return url
    .replace(':kind', 'activities')
    .replace(':token', 'jeton-inconnu')
    .replace(/:[a-zA-Z]+/g, UNKNOWN_ID);
}

function call(method: string, url: string, token?: string) {
  return t.app.inject({
    method: method as 'GET',
    url: concreteUrl(url),
    headers: token ? bearer(token) : {},
    remoteAddress: nextAddress(),
    ...(method === 'GET' ? {} : { payload: {} }),
  });
}

describe('staff route table', () => {
  it('holds every back-office call of the issue with its guard', () => {
    const table = t.app.staffRouteTable.map((route) => `${route.method} ${route.url} ${route.access}`);
    expect(table).toEqual(
      expect.arrayContaining([
        'POST /api/v1/staff/auth/login public',
        'GET /api/v1/staff/auth/me staff',
        'POST /api/v1/staff/auth/logout staff',
        'GET /api/v1/staff/booking-requests staff',
        'GET /api/v1/staff/booking-requests/:id staff',
        'POST /api/v1/staff/booking-requests/:id/validate staff',
        'PUT /api/v1/staff/booking-requests/:id/payment-config staff',
        'POST /api/v1/staff/booking-requests/:id/cheque-received staff',
        'POST /api/v1/staff/booking-requests/:id/cancel staff',
        'POST /api/v1/staff/booking-requests/:id/complete staff',
        'PUT /api/v1/staff/booking-requests/:id/schedule staff',
        'GET /api/v1/staff/outbox staff',
        'GET /api/v1/staff/planner staff',
        'GET /api/v1/staff/stats/weekly staff',
        'GET /api/v1/staff/catalogue/:kind admin',
        'POST /api/v1/staff/catalogue/:kind admin',
        'PUT /api/v1/staff/catalogue/:kind/:id admin',
        'POST /api/v1/staff/catalogue/:kind/:id/picture admin',
        'PUT /api/v1/staff/establishment admin',
      ]),
    );
    // Only login and the first-admin setup are open.
    expect(
      t.app.staffRouteTable
        .filter((route) => route.access === 'public')
        .map((route) => route.url)
        .sort(),
    ).toEqual(['/api/v1/staff/auth/login', '/api/v1/staff/auth/setup', '/api/v1/staff/auth/setup/:token']);
  });

  it('refuses anonymous calls and customer tokens with 401 on every guarded route', async () => {
    const guarded = t.app.staffRouteTable.filter((route) => route.access !== 'public');
    expect(guarded.length).toBeGreaterThan(15);
    for (const route of guarded) {
      for (const token of [undefined, customer.token, 'jeton-invente']) {
        const res = await call(route.method, route.url, token);
        expect(res.statusCode, `${route.method} ${route.url} ${token ? 'token' : 'anonymous'}: ${res.body}`).toBe(401);
        expect(res.json()).toMatchObject({
          success: false,
          message: 'Veuillez vous connecter',
          code: 'UNAUTHENTICATED',
        });
      }
    }
  });

  it('refuses a staff member on admin routes with 403 and lets an admin through', async () => {
    for (const route of t.app.staffRouteTable.filter((entry) => entry.access === 'admin')) {
      const res = await call(route.method, route.url, member.token);
      expect(res.statusCode, `${route.method} ${route.url}: ${res.body}`).toBe(403);
      expect(res.json()).toMatchObject({ message: 'Action réservée aux administrateurs', code: 'FORBIDDEN' });
      const asAdmin = await call(route.method, route.url, admin.token);
      expect([401, 403], `${route.method} ${route.url}: ${asAdmin.body}`).not.toContain(asAdmin.statusCode);
    }
  });

  it('lets a staff member and an admin through the staff routes', async () => {
    for (const route of t.app.staffRouteTable.filter((entry) => entry.access === 'staff')) {
      if (route.url.endsWith('/logout')) continue;
      for (const token of [member.token, admin.token]) {
        const res = await call(route.method, route.url, token);
        expect([401, 403], `${route.method} ${route.url}: ${res.body}`).not.toContain(res.statusCode);
      }
    }
  });

  it('refuses a staff token on customer calls', async () => {
    for (const url of [
      '/api/v1/customer-booking-requests',
      '/api/v1/customer-auth/verify',
      '/api/v1/customer-booking-requests/invitations',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: bearer(admin.token),
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('answers hostile bodies and queries with French messages, never a server error', async () => {
    const junk = [
      { junk: true },
      {
        name: 42,
        pricing: 'cher',
        timeSlots: 'souvent',
        reason: 3,
        type: 9,
        email: 5,
        address: 'ici',
        isActive: 'oui',
        percentage: 'beaucoup',
        withFee: 'non',
        role: 'chef',
        status: 'perdu',
        totalAmount: '1e9',
        dueDate: 12,
        description: ['x'],
        website: 7,
        participants: 'dix',
        lastModified: 3,
        token: 1,
        password: null,
      },
      [],
      'texte',
    ];
    const english = /Invalid|expected|Too (big|small)|Required|Unrecognized/;
    // Logout would end the session the rest of the test uses.
    for (const route of t.app.staffRouteTable.filter(
      (entry) => entry.method !== 'GET' && !entry.url.endsWith('/logout'),
    )) {
      for (const payload of junk) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: concreteUrl(route.url),
          headers: bearer(admin.token),
          remoteAddress: nextAddress(),
          payload: payload as never,
        });
        const label = `${route.method} ${route.url} ${JSON.stringify(payload).slice(0, 40)}: ${res.body}`;
        expect(res.statusCode, label).toBeLessThan(500);
        if (res.statusCode >= 400) expect(res.json().message, label).not.toMatch(english);
      }
    }
    for (const url of [
      '/api/v1/staff/booking-requests?page=abc&limit=-1&status=perdu&from=hier&sort=chaos&bookingType=x',
      '/api/v1/staff/booking-requests?q=' + 'x'.repeat(300),
      '/api/v1/staff/outbox?page=0&limit=1000',
      '/api/v1/staff/planner?date=demain',
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: bearer(admin.token),
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, `${url}: ${res.body}`).not.toMatch(english);
    }
  });
});
