import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../src/server/db/schema';
import { AUTH, call, expectError, PASSWORD, registerCustomer, uniqueEmail } from '../support/auth';
import { catalogueBySlug, expectNothingStored, postBookingRequest, lineFor } from '../support/booking-requests';
import { cb, createBooking, futureDay, getDetail, putBooking } from '../support/customer-bookings';
import { createTestApp, type TestApp } from '../support/test-app';

const CONTROL = 'Ce champ contient des caractères non autorisés';

const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    logStream: { write: (line) => void logLines.push(line) },
    extend: (app) => {
      // A query that fails in the database with personal data among its parameters.
      app.get('/api/v1/test-only/failing-query', async () => {
        await app.db.execute(
          sql`select ${'$argon2id$v=19$m=19456,t=2,p=1$secret-hash'}::integer, ${'jeanne.secret@exemple.fr'}::integer`,
        );
        return { success: true };
      });
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe('control characters in text fields', () => {
  it('refuses a NUL byte in registration with a French 400 and stores nothing', async () => {
    const before = await t.db.select({ n: count() }).from(customers);
    for (const field of ['firstName', 'lastName', 'phone', 'password', 'email']) {
      const payload: Record<string, unknown> = {
        firstName: 'Camille',
        lastName: 'Durand',
        email: uniqueEmail(),
        password: PASSWORD,
        phone: '06 12 34 56 78',
      };
      payload[field] = `${String(payload[field]).slice(0, 3)}\u0000${String(payload[field]).slice(3)}`;
      const res = await call(t.app, 'POST', 'register', { payload });
      const body = expectError(res, 400, CONTROL, 'VALIDATION_ERROR');
      expect(body.details?.[field], field).toBe(CONTROL);
    }
    expect(await t.db.select({ n: count() }).from(customers)).toEqual(before);
  });

  it('refuses control characters on every write path: login, profile, booking request, edit, participants, query', async () => {
    const customer = await registerCustomer(t.app);
    const catalogue = await catalogueBySlug(t.db);
    const item = [...catalogue.values()].find((row) => row.kind === 'activity')!;
    expectError(
      await call(t.app, 'POST', 'login', { payload: { email: 'a\u0000@x.fr', password: 'x' } }),
      400,
      CONTROL,
    );
    expectError(
      await call(t.app, 'PUT', 'profile', {
        token: customer.token,
        payload: { firstName: 'Ca\u0007mille', lastName: 'D' },
      }),
      400,
      CONTROL,
    );
    await expectNothingStored(t.db, async () => {
      const res = await postBookingRequest(
        t.app,
        {
          customerId: customer.id,
          bookingType: 'anniv',
          type: 'anniv',
          participants: 8,
          startDate: futureDay(),
          note: 'Fête\u0000',
          bookingActivities: [lineFor(item, futureDay(), 8)],
        },
        customer.token,
      );
      expectError(res, 400, CONTROL);
    });
    const booking = await createBooking(t.app, customer, { lines: [{ item }] });
    const detail = await getDetail(t.app, customer.token, booking._id);
    expectError(
      await putBooking(t.app, customer.token, booking._id, {
        participants: 9,
        lastModified: `${detail.lastModified}\u0000`,
      }),
      400,
      CONTROL,
    );
    expectError(
      await cb(t.app, 'POST', `/${booking._id}/participants`, customer.token, {
        firstName: 'Lé\u001bo',
        lastName: 'Martin',
        email: uniqueEmail(),
      }),
      400,
      CONTROL,
    );
    expectError(await cb(t.app, 'GET', `?status=draft%00`, customer.token), 400, CONTROL);
    expectError(await cb(t.app, 'GET', `/abc%00def`, customer.token), 400, CONTROL);
    // Line breaks and tabs remain allowed in free text.
    expect((await getDetail(t.app, customer.token, booking._id)).note).toBe('Anniversaire de Jules');
  });

  it('refuses a lone UTF-16 surrogate (no character at all) in any text, never a server error', async () => {
    const customer = await registerCustomer(t.app);
    const catalogue = await catalogueBySlug(t.db);
    const item = [...catalogue.values()].find((row) => row.kind === 'activity')!;
    const request = (eventDetails: Record<string, string>, bookingType: string, type: string) =>
      postBookingRequest(
        t.app,
        {
          customerId: customer.id,
          bookingType,
          type,
          participants: 8,
          startDate: futureDay(),
          eventDetails,
          bookingActivities: [lineFor(item, futureDay(), 8)],
        },
        customer.token,
      );
    await expectNothingStored(t.db, async () => {
      expectError(await request({ organizationName: '\ud800' }, 'group', 'group'), 400, CONTROL);
      expectError(await request({ companyName: 'ok\udfff', companyEventType: 'sem' }, 'company', 'sem'), 400, CONTROL);
    });
    const res = await call(t.app, 'POST', 'register', {
      payload: { firstName: 'Ca\udc00mille', lastName: 'Durand', email: uniqueEmail(), password: PASSWORD },
    });
    expect(expectError(res, 400, CONTROL, 'VALIDATION_ERROR').details?.firstName).toBe(CONTROL);
    // A character outside the basic plane, written as its two halves, is a character like any other.
    const emoji = await call(t.app, 'PUT', 'profile', {
      token: customer.token,
      payload: { firstName: 'Camille 🌲', lastName: 'Durand' },
    });
    expect(emoji.statusCode, emoji.body).toBe(200);
  });

  it('refuses a name made only of invisible characters as a blank one, storing nothing', async () => {
    const customer = await registerCustomer(t.app);
    const catalogue = await catalogueBySlug(t.db);
    const item = [...catalogue.values()].find((row) => row.kind === 'activity')!;
    const request = (eventDetails: Record<string, string>, bookingType: string, type: string) =>
      postBookingRequest(
        t.app,
        {
          customerId: customer.id,
          bookingType,
          type,
          participants: 8,
          startDate: futureDay(),
          eventDetails,
          bookingActivities: [lineFor(item, futureDay(), 8)],
        },
        customer.token,
      );
    const groupName = "Le nom du club ou de l'association est requis";
    const companyName = "Le nom de l'entreprise est requis";
    await expectNothingStored(t.db, async () => {
      for (const invisible of ['\u200B', '\u200C\u200D', '\u2060', '\uFEFF', '\u00AD', '\u0301', ' \u200B\u00A0 ']) {
        const group = await request({ organizationName: invisible }, 'group', 'group');
        expect(expectError(group, 400, groupName, 'VALIDATION_ERROR').details?.organizationName).toBe(groupName);
        const company = await request({ companyName: invisible, companyEventType: 'sem' }, 'company', 'sem');
        expect(expectError(company, 400, companyName, 'VALIDATION_ERROR').details?.companyName).toBe(companyName);
      }
    });
    // Kept, the name loses its invisible ends.
    const kept = await request({ organizationName: '\u200BClub des Pins\uFEFF' }, 'group', 'group');
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json().data.additionalEventData.Organisation).toBe('Club des Pins');

    const before = await t.db.select({ n: count() }).from(customers);
    const register = await call(t.app, 'POST', 'register', {
      payload: { firstName: '\u200B\u200D', lastName: 'Durand', email: uniqueEmail(), password: PASSWORD },
    });
    expect(expectError(register, 400, 'Prénom requis', 'VALIDATION_ERROR').details?.firstName).toBe('Prénom requis');
    expect(await t.db.select({ n: count() }).from(customers)).toEqual(before);
    const profile = await call(t.app, 'PUT', 'profile', {
      token: customer.token,
      payload: { firstName: 'Camille', lastName: '\u00AD\u2060' },
    });
    expectError(profile, 400, 'Le nom est requis', 'VALIDATION_ERROR');
    const booking = await createBooking(t.app, customer, { lines: [{ item }] });
    const invite = await cb(t.app, 'POST', `/${booking._id}/participants`, customer.token, {
      firstName: '\uFEFF',
      lastName: 'Martin',
      email: uniqueEmail(),
    });
    expectError(invite, 400, 'Le prénom est requis', 'VALIDATION_ERROR');
    expect((await getDetail(t.app, customer.token, booking._id)).bookingParticipants).toHaveLength(1);
  });

  it('logs a database error without its parameters (no hash, no e-mail in the logs)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/test-only/failing-query' });
    expectError(res, 500, 'Erreur serveur, veuillez réessayer plus tard', 'INTERNAL_ERROR');
    const logged = logLines.join('\n');
    expect(logged).toContain('DatabaseError');
    expect(logged).toContain('22P02');
    expect(logged).not.toContain('secret-hash');
    expect(logged).not.toContain('jeanne.secret');
  });
});

describe('responses that carry tokens or personal data', () => {
  it('are never cached: Cache-Control no-store on API answers', async () => {
    const customer = await registerCustomer(t.app);
    const login = await call(t.app, 'POST', 'login', {
      payload: { email: customer.email, password: customer.password },
    });
    expect(login.headers['cache-control']).toBe('no-store');
    const verify = await t.app.inject({
      method: 'GET',
      url: `${AUTH}/verify`,
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(verify.headers['cache-control']).toBe('no-store');
    expect((await cb(t.app, 'GET', '', customer.token)).headers['cache-control']).toBe('no-store');
  });
});
