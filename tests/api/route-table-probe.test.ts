import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponse } from '../../src/shared/api/common.schema';
import { notFound } from '../../src/server/app-error';
import { bearer, nextAddress, registerCustomer, uniqueEmail, type RegisteredCustomer } from '../support/auth';
import { catalogueBySlug } from '../support/booking-requests';
import { addParticipant, createBooking } from '../support/customer-bookings';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The route table is the authorization probe: every route of the OpenAPI document (so every
 * route registered with the app, GET /api/docs) under /api/v1 whose path takes a parameter is
 * called anonymously, by another customer, by a customer on staff routes and with malformed
 * values. Who may call a route is read from its declaration (`config.access`, shown as
 * `x-access`), never from a list of URLs here: a new route is probed as soon as it exists.
 */

type Access = 'public' | 'customer' | 'staff';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Route {
  method: Method;
  /** Fastify's form: /api/v1/customer-booking-requests/:id */
  path: string;
  params: string[];
  access: Access;
  hasBody: boolean;
}

/** Inserted in the URL as is: '%E0%A4%A' cannot be decoded, 300 characters exceed the router's limit. */
const MALFORMED = [
  'pas-un-identifiant',
  "1' OR '1'='1",
  '..%2F..%2Fetc%2Fpasswd',
  'x'.repeat(300),
  '%00',
  '%E0%A4%A',
  '-1',
];

let t: TestApp;
let owner: RegisteredCustomer;
let stranger: RegisteredCustomer;
let staff: TestStaff;
/** Values of the owner's objects, by parameter name; other parameters get a random UUID. */
let ownerValues: Record<string, string>;
/** Texts of the owner's that no answer to anybody else may contain. */
let ownerSecrets: string[];
let routes: Route[];
let probes = 0;

async function collectRoutes(): Promise<Route[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
  expect(res.statusCode).toBe(200);
  const doc = res.json() as { paths: Record<string, Record<string, { 'x-access'?: Access; requestBody?: unknown }>> };
  const found: Route[] = [];
  for (const [openApiPath, operations] of Object.entries(doc.paths)) {
    if (!openApiPath.startsWith('/api/v1/')) continue;
    const params = [...openApiPath.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
    if (params.length === 0) continue;
    for (const [method, operation] of Object.entries(operations)) {
      if (method === 'head' || method === 'options') continue;
      const access = operation['x-access'];
      if (!access) throw new Error(`${method} ${openApiPath} has no x-access in the OpenAPI document`);
      found.push({
        method: method.toUpperCase() as Method,
        path: openApiPath.replace(/\{(\w+)\}/g, ':$1'),
        params,
        access,
        hasBody: operation.requestBody !== undefined,
      });
    }
  }
  return found;
}

function urlOf(route: Route, values: Record<string, string>): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => values[name] ?? encodeURIComponent(randomUUID()));
}

async function probe(route: Route, url: string, token?: string): Promise<LightMyRequestResponse> {
  probes += 1;
  return t.app.inject({
    method: route.method,
    url,
    headers: token ? bearer(token) : {},
    remoteAddress: nextAddress(),
    ...(route.hasBody ? { payload: {} } : {}),
  });
}

function label(route: Route, who: string, res: LightMyRequestResponse) {
  return `${route.method} ${route.path} (${route.access}) as ${who}: ${res.statusCode} ${res.body.slice(0, 300)}`;
}

/** The error envelope, and not one of the owner's texts anywhere in the body. */
function expectNothingOfTheOwner(route: Route, who: string, res: LightMyRequestResponse) {
  expect(errorResponse.safeParse(res.json()).success, label(route, who, res)).toBe(true);
  for (const secret of ownerSecrets) expect(res.body, label(route, who, res)).not.toContain(secret);
}

beforeAll(async () => {
  t = await createTestApp({
    // Until the back-office's routes land, one staff route shows the probe reaches them too.
    extend: (app) => {
      app.get(
        '/api/v1/staff/probe-sample/:id',
        { onRequest: app.requireStaff, config: { access: 'staff' } },
        async () => {
          throw notFound();
        },
      );
    },
  });
  owner = await registerCustomer(t.app, { firstName: 'Hortense', lastName: 'Valmorin', phone: '06 98 76 54 32' });
  stranger = await registerCustomer(t.app);
  staff = await createStaffWithSession(t.db, 'admin');
  const catalogue = await catalogueBySlug(t.db);
  const booking = await createBooking(t.app, owner, { lines: [{ item: catalogue.get('parcours-aventure')! }] });
  const guestEmail = uniqueEmail('invitee-secret');
  const participant = await addParticipant(t.app, owner.token, booking._id, {
    firstName: 'Philibert',
    lastName: 'Quenardel',
    email: guestEmail,
  });
  ownerValues = { id: booking._id, bookingId: booking._id, participantId: participant._id };
  ownerSecrets = [
    booking._id,
    participant._id,
    owner.email,
    guestEmail,
    'Valmorin',
    'Quenardel',
    'Anniversaire de Jules',
  ];
  routes = await collectRoutes();
});

afterAll(async () => {
  console.info(`route-table probe: ${probes} probes over ${routes?.length ?? 0} routes with an object id`);
  await t?.close();
});

describe('the route table', () => {
  it('holds the routes that take an object id, each with its declared access', () => {
    const keys = routes.map((route) => `${route.method} ${route.path} ${route.access}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/v1/customer-booking-requests/:id customer',
        'PUT /api/v1/customer-booking-requests/:id customer',
        'DELETE /api/v1/customer-booking-requests/:id/participants/:participantId customer',
        'GET /api/v1/establishment/activities/:id public',
        'GET /api/v1/staff/probe-sample/:id staff',
      ]),
    );
  });

  it('gives the owner its own request with the values the probe uses, so that the 404s below mean "not yours"', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customer-booking-requests/${ownerValues.id}`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Quenardel');
  });
});

describe('every route with an object id', () => {
  it('answers 401 to an anonymous caller unless the route is public', async () => {
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const res = await probe(route, urlOf(route, ownerValues));
      expect(res.statusCode, label(route, 'anonymous', res)).toBe(401);
      expectNothingOfTheOwner(route, 'anonymous', res);
    }
  });

  it('answers 404 to another customer, with none of the owner’s data', async () => {
    for (const route of routes.filter((r) => r.access === 'customer')) {
      const res = await probe(route, urlOf(route, ownerValues), stranger.token);
      // A body that fails its schema is refused before the handler looks the object up: the
      // answer then says nothing about the object either.
      const validationFirst = route.hasBody && res.statusCode === 400 && res.json().code === 'VALIDATION_ERROR';
      if (!validationFirst) expect(res.statusCode, label(route, 'another customer', res)).toBe(404);
      expectNothingOfTheOwner(route, 'another customer', res);
    }
  });

  it('answers 401 to a customer token on staff routes', async () => {
    for (const route of routes.filter((r) => r.access === 'staff')) {
      for (const token of [owner.token, stranger.token]) {
        const res = await probe(route, urlOf(route, ownerValues), token);
        expect(res.statusCode, label(route, 'a customer', res)).toBe(401);
        expectNothingOfTheOwner(route, 'a customer', res);
      }
    }
  });

  it('answers 400 or 404 (414 past the router’s length limit), never 500, to malformed ids, in every parameter', async () => {
    const tokenFor: Record<Access, string | undefined> = {
      public: undefined,
      customer: owner.token,
      staff: staff.token,
    };
    for (const route of routes) {
      for (const param of route.params) {
        for (const bad of MALFORMED) {
          const res = await probe(route, urlOf(route, { ...ownerValues, [param]: bad }), tokenFor[route.access]);
          expect([400, 404, 414], label(route, `caller with ${param}=${bad.slice(0, 30)}`, res)).toContain(
            res.statusCode,
          );
          expect(errorResponse.safeParse(res.json()).success, label(route, 'malformed', res)).toBe(true);
        }
      }
    }
  });
});

describe('refusals of the router itself', () => {
  it('answers an undecodable URL with 400 and a parameter past the router’s limit with 414, in French', async () => {
    const undecodable = await t.app.inject({ method: 'GET', url: '/api/v1/customer-booking-requests/%E0%A4%A' });
    expect(undecodable.statusCode).toBe(400);
    expect(undecodable.json()).toEqual({
      success: false,
      error: 'Adresse invalide',
      message: 'Adresse invalide',
      code: 'BAD_URL',
    });
    const tooLong = await t.app.inject({ method: 'GET', url: `/api/v1/establishment/activities/${'x'.repeat(300)}` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({
      success: false,
      error: 'Adresse trop longue',
      message: 'Adresse trop longue',
      code: 'URI_TOO_LONG',
    });
  });
});
