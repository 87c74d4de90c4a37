import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteLinks } from '../../src/server/db/schema';
import { expectError, registerCustomer } from '../support/auth';
import { catalogueBySlug, type CatalogueRow } from '../support/booking-requests';
import { cb, createBooking } from '../support/customer-bookings';
import { createLink } from '../support/invitations';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let catalogue: Map<string, CatalogueRow>;

const TOO_MANY = '20 liens d’invitation actifs au plus : révoquez-en un pour en créer un autre';
const TOO_FAST = 'Trop de liens d’invitation créés en peu de temps : réessayez dans quelques minutes';

beforeAll(async () => {
  t = await createTestApp();
  catalogue = await catalogueBySlug(t.db);
});
afterAll(async () => {
  await t?.close();
});

async function organizerWithBooking(lastName: string) {
  const organizer = await registerCustomer(t.app, { firstName: 'Léa', lastName });
  const booking = await createBooking(t.app, organizer, {
    participants: 10,
    lines: [{ item: catalogue.get('parcours-aventure')!, participants: 10 }],
  });
  return { organizer, booking };
}

const create = (bookingId: string, token: string) => cb(t.app, 'POST', `/${bookingId}/invite-links`, token, {});

async function activeLinks(bookingId: string) {
  return (
    await t.db
      .select()
      .from(inviteLinks)
      .where(and(eq(inviteLinks.bookingId, bookingId), eq(inviteLinks.kind, 'link'), eq(inviteLinks.isActive, true)))
  ).length;
}

describe('invitation links: at most 20 active per booking, and a rate on their creation', () => {
  it('refuses the 21st active link with a French 409; a revoked one frees a place', async () => {
    const { organizer, booking } = await organizerWithBooking('Vingt');
    const answers = await Promise.all(Array.from({ length: 25 }, () => create(booking._id, organizer.token)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(20);
    for (const res of answers.filter((r) => r.statusCode !== 201)) expectError(res, 409, TOO_MANY, 'TOO_MANY_LINKS');
    expect(await activeLinks(booking._id)).toBe(20);

    const first = (answers.find((r) => r.statusCode === 201)!.json() as { data: { _id: string } }).data._id;
    const revoked = await cb(t.app, 'DELETE', `/${booking._id}/invite-links/${first}`, organizer.token);
    expect(revoked.statusCode, revoked.body).toBe(200);
    await createLink(t.app, organizer.token, booking._id);
    expect(await activeLinks(booking._id)).toBe(20);
  });

  it('50 concurrent creations never exceed 20 active links; past 30 an hour the organizer gets a French 429', async () => {
    const { organizer, booking } = await organizerWithBooking('Course');
    const answers = await Promise.all(Array.from({ length: 50 }, () => create(booking._id, organizer.token)));
    const count = (status: number) => answers.filter((r) => r.statusCode === status).length;
    expect([count(201), count(409), count(429)]).toEqual([20, 10, 20]);
    for (const res of answers.filter((r) => r.statusCode === 429)) expectError(res, 429, TOO_FAST, 'RATE_LIMITED');
    expect(await activeLinks(booking._id)).toBe(20);
    // The rate is the organizer's, on every booking: another booking of theirs is refused too.
    const other = await createBooking(t.app, organizer, {
      participants: 10,
      lines: [{ item: catalogue.get('parcours-aventure')!, participants: 10 }],
    });
    expectError(await create(other._id, organizer.token), 429, TOO_FAST, 'RATE_LIMITED');
  });
});
