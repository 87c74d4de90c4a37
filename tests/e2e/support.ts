// Shared helpers of the end-to-end specs (Playwright over the built web bundle and the real server).
import { randomInt } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { AuthSessionResponse } from '../../src/shared/api/auth.schema';
import type { CreateBookingRequestResponse } from '../../src/shared/api/booking-request.schema';
import type { Customer } from '../../src/shared/api/customer.schema';
import type { EstablishmentInfo } from '../../src/shared/api/establishment.schema';
import type { CatalogueItem } from '../../src/shared/api/catalogue.schema';
import { addIsoDays, tomorrowInParis } from '../../src/shared/booking-days';
import { ESTABLISHMENT_ID } from '../../src/shared/constants';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe on the page once its finite animations are over (a toast fading in has, for a few
 * frames, the contrast of a half-transparent box) and fails with a readable list of the violations.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')} — ${node.failureSummary ?? ''}`).join('\n'),
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/** The park's details as the API serves them, to compare the pages with. */
export async function fetchEstablishmentInfo(request: APIRequestContext): Promise<EstablishmentInfo> {
  const response = await request.get('/api/v1/establishment/info');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { success: boolean; data: EstablishmentInfo };
  expect(body.success).toBe(true);
  return body.data;
}

/** Waits until the establishment info call has answered and its name is shown in the footer. */
export async function waitForEstablishmentInfo(page: Page, info: EstablishmentInfo): Promise<void> {
  await expect(page.getByTestId('footer-name')).toHaveText(info.name);
}

export const CUSTOMER: Customer = {
  _id: 'c1',
  firstName: 'Léa',
  lastName: 'Martin',
  email: 'lea@example.fr',
  phone: null,
  status: 'active',
  createdAt: '2026-11-01T10:00:00.000Z',
  isTemporaryPassword: false,
};

// tsconfig.node.json has no DOM types: code that runs in the page is passed as a string.

/** Stores a session token before any script of the page runs (on every full page load). */
export async function seedToken(page: Page, token = 'abc'): Promise<void> {
  await page.addInitScript(`window.localStorage.setItem('token', ${JSON.stringify(token)});`);
}

/** Answers the session check with the given customer, as if the token were valid. */
export async function mockVerifiedCustomer(page: Page, overrides: Partial<Customer> = {}): Promise<void> {
  await page.route('**/api/v1/customer-auth/verify', (route) =>
    route.fulfill({ status: 200, json: { success: true, data: { customer: { ...CUSTOMER, ...overrides } } } }),
  );
}

export async function storedToken(page: Page): Promise<string | null> {
  return (await page.evaluate("window.localStorage.getItem('token')")) as string | null;
}

/** No horizontal scroll at the current viewport width. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scrollWidth, viewport } = (await page.evaluate(
    '({ scrollWidth: document.documentElement.scrollWidth, viewport: window.innerWidth })',
  )) as { scrollWidth: number; viewport: number };
  expect(scrollWidth, `scrollWidth ${scrollWidth} > ${viewport} on ${page.url()}`).toBeLessThanOrEqual(viewport);
}

/** Who a request made through the API is for: the organizer's account and contact. */
export interface PayloadOrganizer {
  id: string;
  email: string;
  firstName?: string;
  lastName?: string;
}

/**
 * The body of POST /api/v1/public-booking-requests as the wizard sends it (SPEC.md §7): one
 * activity on the start date, for the whole group. The one place the end-to-end specs build it.
 */
export function bookingRequestPayload(options: {
  organizer: PayloadOrganizer;
  activity: Pick<CatalogueItem, '_id' | 'name' | 'pricing' | 'category'>;
  startDate: string;
  bookingType?: string;
  participants?: number;
}) {
  const { organizer, activity, startDate, bookingType = 'act', participants = 4 } = options;
  return {
    customerId: organizer.id,
    establishment_id: ESTABLISHMENT_ID,
    bookingType,
    type: bookingType,
    participants,
    startDate,
    mainContact: {
      firstName: organizer.firstName ?? 'Léa',
      lastName: organizer.lastName ?? 'Martin',
      email: organizer.email,
      phone: null,
    },
    note: '',
    eventDetails: { eventSubType: '', forMe: false, organizationName: '', companyName: '', companyEventType: '' },
    bookingActivities: [
      {
        name: activity.name,
        catalogActivityId: activity._id,
        scheduledDate: startDate,
        participants,
        pricing: activity.pricing,
        category: activity.category,
      },
    ],
  };
}

/**
 * Records the page's scripts as they arrive; the function returned gives the addresses of those
 * that hold `marker`, a name their library keeps once minified.
 */
export function recordScriptsHolding(page: Page, marker: string): () => Promise<string[]> {
  const scripts: Promise<string | undefined>[] = [];
  page.on('response', (answer) => {
    if (answer.request().resourceType() !== 'script') return;
    // A body still arriving when the test ends cannot be read any more, and is not counted.
    scripts.push(
      answer.text().then(
        (script) => (script.includes(marker) ? answer.url() : undefined),
        () => undefined,
      ),
    );
  });
  return async () => (await Promise.all(scripts)).filter((url) => url !== undefined);
}

/** The scripts that are, or hold, the schema library: a page that starts without it (performance rule 24) has none. */
export const recordSchemaScripts = (page: Page) => recordScriptsHolding(page, '$ZodType');

/** The scripts that hold libphonenumber-js: a page showing only French numbers has none (docs/decisions.md, "Phone numbers"). */
export const recordPhoneLibraryScripts = (page: Page) => recordScriptsHolding(page, 'countryCallingCodes');

/** A customer signed in with one booking request of their own. */
export async function customerWithBooking(request: APIRequestContext) {
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
