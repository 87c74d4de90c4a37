import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, uploads } from '../../src/server/db/schema';
import { bearer, expectError, registerCustomer, type RegisteredCustomer } from '../support/auth';
import { catalogueBySlug } from '../support/booking-requests';
import { createBooking } from '../support/customer-bookings';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Multipart bodies the parser cannot read are the caller's mistake: 400 'Données invalides'
 * with nothing stored, never a server error (src/server/multipart-errors.ts).
 */
let t: TestApp;
let organizer: RegisteredCustomer;
let admin: TestStaff;
let bookingId: string;
let activityId: string;

const BOUNDARY = 'limite-du-formulaire';
const part = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const filePart = (name: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG\r\n\u001a\n`;

/** [what is wrong, content type, body] */
const MALFORMED: [string, string, string][] = [
  ['no boundary', 'multipart/form-data', part('content', 'Bonjour')],
  ['a boundary the body does not use', 'multipart/form-data; boundary=autre-limite', part('content', 'Bonjour')],
  ['a body cut off before its closing boundary', `multipart/form-data; boundary=${BOUNDARY}`, part('content', 'Bon')],
  ['a file cut off in the middle', `multipart/form-data; boundary=${BOUNDARY}`, filePart('file')],
];

async function stored() {
  const [[m], [u]] = await Promise.all([
    t.db.select({ n: count() }).from(messages),
    t.db.select({ n: count() }).from(uploads),
  ]);
  return { messages: Number(m!.n), uploads: Number(u!.n) };
}

beforeAll(async () => {
  t = await createTestApp();
  organizer = await registerCustomer(t.app, { firstName: 'Léa', lastName: 'Martin' });
  admin = await createStaffWithSession(t.db, 'admin');
  const catalogue = await catalogueBySlug(t.db);
  activityId = catalogue.get('paintball')!.id;
  bookingId = (await createBooking(t.app, organizer, { lines: [{ item: catalogue.get('paintball')! }] }))._id;
});

afterAll(async () => {
  await t?.close();
});

describe('unreadable multipart bodies', () => {
  it.each(MALFORMED)('a chat message with %s: 400 « Données invalides », nothing stored', async (_what, type, body) => {
    const before = await stored();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/messages/booking/${bookingId}`,
      headers: { ...bearer(organizer.token), 'content-type': type },
      payload: body,
    });
    expectError(res, 400, 'Données invalides', 'VALIDATION_ERROR');
    expect(await stored()).toEqual(before);
  });

  it.each(MALFORMED)(
    'a catalogue picture with %s: 400 « Données invalides », nothing stored',
    async (_what, type, body) => {
      const before = await stored();
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/staff/catalogue/activities/${activityId}/picture`,
        headers: { ...bearer(admin.token), 'content-type': type },
        payload: body.replace('name="content"', 'name="file"'),
      });
      expectError(res, 400, 'Données invalides', 'VALIDATION_ERROR');
      expect(await stored()).toEqual(before);
    },
  );
});
