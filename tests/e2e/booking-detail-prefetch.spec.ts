// The booking page's data goes out beside its code, and its code beside the session's check, not
// after them (docs/decisions.md, performance rule 20): opening /booking/{id}, the detail request
// starts while the page's chunk is still on its way, and the chunk while the session is checked.
// What comes first is held back on purpose so the order is not a matter of luck.
import { randomInt } from 'node:crypto';
import { expect, test as base, type APIRequestContext } from '@playwright/test';
import type { AuthSessionResponse } from '../../src/shared/api/auth.schema';
import type { CreateBookingRequestResponse } from '../../src/shared/api/booking-request.schema';
import type { CatalogueItem } from '../../src/shared/api/catalogue.schema';
import { addIsoDays, tomorrowInParis } from '../../src/shared/booking-days';
import { ESTABLISHMENT_ID } from '../../src/shared/constants';
import { bookingRequestPayload, seedToken } from './support';

const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({
      ...extraHTTPHeaders,
      'X-Forwarded-For': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
    });
  },
});

/** A customer signed in with one booking request of their own. */
async function customerWithBooking(request: APIRequestContext) {
  const email = `prefetch.${Date.now()}.${randomInt(1e6)}@exemple.fr`;
  const registered = await request.post('/api/v1/customer-auth/register', {
    data: { firstName: 'Inès', lastName: 'Prefetch', email, password: 'Clairiere-des-pins-2026', phone: null },
  });
  expect(registered.status()).toBe(201);
  const session = (await registered.json()) as AuthSessionResponse;
  const activities = await request.get('/api/v1/public-booking-requests/activities', {
    params: { establishment_id: ESTABLISHMENT_ID, isActive: 'true' },
  });
  const paintball = ((await activities.json()) as { data: CatalogueItem[] }).data.find(
    (item) => item.name === 'Paintball',
  )!;
  const created = await request.post('/api/v1/public-booking-requests', {
    headers: { Authorization: `Bearer ${session.token}` },
    data: bookingRequestPayload({
      organizer: { id: session.customer._id, firstName: 'Inès', lastName: 'Prefetch', email },
      activity: paintball,
      startDate: addIsoDays(tomorrowInParis(), 20),
    }),
  });
  expect(created.status(), await created.text()).toBe(201);
  return { session, booking: ((await created.json()) as CreateBookingRequestResponse).data };
}

test('the booking detail is asked for while the page’s chunk still loads', async ({ page, request }) => {
  const { session, booking } = await customerWithBooking(request);
  const events: string[] = [];
  // The page's chunk answers only once the detail request has gone out (or after 5 s, and the test fails).
  let detailAsked: () => void = () => undefined;
  const asked = new Promise<void>((resolve) => (detailAsked = resolve));
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === `/api/v1/customer-booking-requests/${booking._id}`) {
      events.push('detail requested');
      detailAsked();
    }
  });
  await page.route('**/assets/booking-detail-route-*.js', async (route) => {
    events.push('chunk requested');
    await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    events.push('chunk answered');
    await route.continue();
  });
  await seedToken(page, session.token);
  await page.goto(`/booking/${booking._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(booking.bookingRequestId, { timeout: 15_000 });
  expect(events.slice(0, 3)).toEqual(['chunk requested', 'detail requested', 'chunk answered']);
});

test('the page’s chunk is asked for while the session is still being checked', async ({ page, request }) => {
  const { session, booking } = await customerWithBooking(request);
  const events: string[] = [];
  // The session check answers only once the page's chunk has been asked for (or after 5 s, and the test fails).
  let chunkAsked: () => void = () => undefined;
  const asked = new Promise<void>((resolve) => (chunkAsked = resolve));
  page.on('request', (sent) => {
    if (/\/assets\/booking-detail-route-[^/]*\.js$/.test(new URL(sent.url()).pathname)) {
      events.push('chunk requested');
      chunkAsked();
    }
  });
  await page.route('**/api/v1/customer-auth/verify', async (route) => {
    events.push('session check requested');
    await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    events.push('session check answered');
    await route.continue();
  });
  await seedToken(page, session.token);
  await page.goto(`/booking/${booking._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(booking.bookingRequestId, { timeout: 15_000 });
  expect(events.indexOf('chunk requested')).toBeGreaterThanOrEqual(0);
  expect(events.indexOf('chunk requested')).toBeLessThan(events.indexOf('session check answered'));
});
