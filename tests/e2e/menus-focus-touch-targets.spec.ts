// Interface checks in Chromium that jsdom cannot make: axe with all its rules (best practices
// included) while the share menu and the account menu are open; the focus back on 'Partager' once
// the QR code dialog opened from that menu closes; every link a 44 px touch target on the reception
// kiosk; the back-office planner readable at 360 px; the back-office history in French.
import AxeBuilder from '@axe-core/playwright';
import { randomInt } from 'node:crypto';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import type { AuthSessionResponse } from '../../src/shared/api/auth.schema';
import type { CreateBookingRequestResponse } from '../../src/shared/api/booking-request.schema';
import type { CatalogueItem } from '../../src/shared/api/catalogue.schema';
import { addIsoDays, tomorrowInParis } from '../../src/shared/booking-days';
import { ESTABLISHMENT_ID } from '../../src/shared/constants';
import type { DesktopMode, ParcBridge } from '../../src/shared/desktop-bridge';
import { startAdminServer, type AdminServer } from './admin-server';
import { bookingRequestPayload, expectNoHorizontalScroll, seedToken } from './support';

const forwardedFor = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Each test is its own visitor from its own address (per-address limits on registrations). */
const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': forwardedFor() });
  },
});

const PASSWORD = 'Clairiere-des-pins-2026';

/** axe with every rule it runs by default, best practices included (not only the WCAG tags). */
async function expectNoAxeViolationsAtAll(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n` +
      violation.nodes.map((node) => `    ${node.target.join(' ')} — ${node.failureSummary ?? ''}`).join('\n'),
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

interface Account {
  token: string;
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

async function register(request: APIRequestContext, firstName: string, lastName: string): Promise<Account> {
  const email = `${firstName.toLowerCase()}.${Date.now()}.${randomInt(1e6)}@exemple.fr`;
  const response = await request.post('/api/v1/customer-auth/register', {
    data: { firstName, lastName, email, password: PASSWORD, phone: null },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as AuthSessionResponse;
  return { token: body.token, id: body.customer._id, firstName, lastName, email };
}

/** A draft for 8 people with one activity without time slots, `daysAhead` days ahead. */
async function createRequest(request: APIRequestContext, organizer: Account, daysAhead = 12) {
  const catalogue = await request.get('/api/v1/public-booking-requests/activities', {
    params: { establishment_id: ESTABLISHMENT_ID, isActive: 'true' },
  });
  const activities = ((await catalogue.json()) as { data: CatalogueItem[] }).data;
  let activity = activities[0]!;
  for (const candidate of activities) {
    const detail = await request.get(`/api/v1/establishment/activities/${candidate._id}`);
    const { data } = (await detail.json()) as { data: { timeSlots: unknown[] } };
    if (data.timeSlots.length === 0) {
      activity = candidate;
      break;
    }
  }
  const startDate = addIsoDays(tomorrowInParis(), daysAhead);
  const response = await request.post('/api/v1/public-booking-requests', {
    headers: { Authorization: `Bearer ${organizer.token}` },
    data: bookingRequestPayload({
      organizer: organizer,
      activity: activity,
      startDate,
      bookingType: 'anniv',
      participants: 8,
    }),
  });
  expect(response.status(), await response.text()).toBe(201);
  const { data } = (await response.json()) as CreateBookingRequestResponse;
  return { id: data._id, reference: data.bookingRequestId };
}

/** The organizer's booking with one active invitation link, open on its detail page. */
async function bookingWithALink(page: Page, request: APIRequestContext) {
  const organizer = await register(request, 'Margaux', 'Lambert');
  const booking = await createRequest(request, organizer);
  const created = await request.post(`/api/v1/customer-booking-requests/${booking.id}/invite-links`, {
    headers: { Authorization: `Bearer ${organizer.token}` },
    data: { maxUses: 5 },
  });
  expect(created.status(), await created.text()).toBe(201);
  await seedToken(page, organizer.token);
  await page.goto(`/booking/${booking.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Réservation ${booking.reference}` })).toBeVisible();
  await expect(page.getByTestId('invite-link').getByTestId('link-status')).toHaveText('Actif');
  return { organizer, booking };
}

/** Opens the share menu; a click that lands while the page still settles is retried. */
async function openShareMenu(page: Page) {
  const menu = page.getByRole('menu');
  await expect(async () => {
    if (!(await menu.isVisible())) await page.getByRole('button', { name: /Partager/ }).click();
    await expect(menu).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  return menu;
}

test.describe('menus: axe with every rule, and the focus after the QR code dialog', () => {
  test('the share menu open has no axe violation, and the QR code dialog gives the focus back to Partager', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await bookingWithALink(page, request);
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolationsAtAll(page);

    const menu = await openShareMenu(page);
    // Inside the page's main landmark, not portalled to the end of the body.
    await expect(page.getByRole('main').getByRole('menu')).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'QR code' })).toBeVisible();
    await expectNoAxeViolationsAtAll(page);

    const share = page.getByRole('button', { name: /Partager/ });
    const qrDialog = page.getByRole('dialog', { name: "QR code de l'invitation" });
    // Escape closes it…
    await menu.getByRole('menuitem', { name: 'QR code' }).click();
    await expect(qrDialog.getByTestId('qr-code')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(qrDialog).toHaveCount(0);
    await expect(share).toBeFocused();
    // …and so does its 'Fermer' button, chosen from the keyboard.
    await page.keyboard.press('Enter');
    const reopened = page.getByRole('menu');
    await expect(reopened).toBeVisible();
    // On a busy machine a press that lands while the menu opened from the keyboard still settles
    // goes unheard (the menu stays open): pressed again, as for opening the menu above.
    await expect(async () => {
      if (await reopened.isVisible())
        await reopened.getByRole('menuitem', { name: 'QR code' }).click({ timeout: 2000 });
      await expect(qrDialog.getByTestId('qr-code')).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    await qrDialog.getByRole('button', { name: 'Fermer' }).first().click();
    await expect(qrDialog).toHaveCount(0);
    await expect(share).toBeFocused();
  });

  test('the account menu open has no axe violation', async ({ page, request }) => {
    const account = await register(request, 'Inès', 'Robert');
    await seedToken(page, account.token);
    await page.goto('/dashboard');
    const trigger = page.getByRole('button', { name: account.firstName });
    await expect(trigger).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolationsAtAll(page);
    await expect(async () => {
      if (!(await page.getByRole('menu').isVisible())) await trigger.click();
      await expect(page.getByRole('menu')).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 15_000 });
    // Inside the header's landmark.
    await expect(page.getByRole('banner').getByRole('menuitem', { name: 'Mon profil' })).toBeVisible();
    await expectNoAxeViolationsAtAll(page);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await expect(trigger).toBeFocused();
  });
});

/** The reception kiosk's `window.parc` (see desktop-bridge.spec.ts), with a token already in its vault. */
async function asKiosk(page: Page, baseURL: string | undefined, token: string | null = null) {
  await page.exposeFunction('__parcVault', (method: string) => (method === 'token.get' ? token : null));
  await page.addInitScript(
    ({ mode, apiBaseUrl }: { mode: DesktopMode; apiBaseUrl: string }) => {
      const win = globalThis as unknown as {
        parc?: ParcBridge;
        __parcVault: (method: string) => Promise<string | null>;
      };
      const bridge: ParcBridge = {
        token: {
          get: () => win.__parcVault('token.get'),
          set: async () => undefined,
          clear: async () => undefined,
        },
        print: {
          qrCode: async () => ({ ok: true }),
          contract: async () => ({ ok: true }),
          dayPasses: async () => ({ ok: true }),
        },
        onDeepLink: () => () => undefined,
        mode,
        apiBaseUrl,
      };
      win.parc = Object.freeze(bridge);
    },
    { mode: 'kiosk' as DesktopMode, apiBaseUrl: new URL(baseURL ?? 'http://127.0.0.1').origin },
  );
}

/** Every link the visitor can see, with its height, for the ones under 44 px. */
async function smallLinks(page: Page): Promise<string[]> {
  const links = page.locator('a[href]');
  const small: string[] = [];
  for (const link of await links.all()) {
    if (!(await link.isVisible())) continue;
    const box = await link.boundingBox();
    if (!box || box.height < 44 || box.width < 44) {
      const name = ((await link.getAttribute('aria-label')) ?? (await link.innerText())).trim();
      small.push(`${name || (await link.getAttribute('href'))} (${box?.width ?? 0} × ${box?.height ?? 0})`);
    }
  }
  return small;
}

test.describe('reception kiosk: links are touch targets', () => {
  for (const width of [360, 1280]) {
    test(`every visible link on /, /login, /register and /auth/forgot-password is at least 44 px at ${width} px`, async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 800 });
      await asKiosk(page, baseURL);
      for (const path of ['/', '/login', '/register', '/auth/forgot-password']) {
        await page.goto(path);
        await expect(page.locator('html[data-kiosk]')).toHaveCount(1);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(await page.locator('a[href]:visible').count(), path).toBeGreaterThan(0);
        expect(await smallLinks(page), `links under 44 px on ${path}`).toEqual([]);
        await expectNoHorizontalScroll(page);
      }
    });
  }

  test('every visible link of a booking detail, the urgent phone number included, is at least 44 px', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 360, height: 800 });
    const organizer = await register(request, 'Noé', 'Fabre');
    const booking = await createRequest(request, organizer);
    await asKiosk(page, baseURL, organizer.token);
    await page.goto(`/booking/${booking.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Réservation ${booking.reference}` })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const phone = page.getByTestId('urgent-phone');
    if ((await phone.count()) > 0) {
      await phone.scrollIntoViewIfNeeded();
      expect((await phone.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    expect(await smallLinks(page)).toEqual([]);
    await expectNoHorizontalScroll(page);
  });
});

test.describe('back-office at 360 px', () => {
  test.describe.configure({ mode: 'serial' });
  const PORT = Number(process.env.E2E_PORT ?? 8790) + 13;
  const ADMIN = {
    firstName: 'Alice',
    lastName: 'Bernard',
    email: 'alice.bernard@parc-aventure.fr',
    password: 'Sous-bois-des-Landes-2026',
  };
  let server: AdminServer;
  let staffToken = '';

  test.beforeAll(async ({ request }) => {
    test.setTimeout(180_000);
    server = await startAdminServer(PORT, ADMIN);
    const login = await request.post(`${server.origin}/api/v1/staff/auth/login`, {
      data: { email: ADMIN.email, password: ADMIN.password },
    });
    expect(login.ok(), await login.text()).toBe(true);
    staffToken = ((await login.json()) as { data: { token: string } }).data.token;
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  async function asStaff(page: Page) {
    await page.addInitScript(`window.localStorage.setItem('staffToken', ${JSON.stringify(staffToken)});`);
  }

  test('the planner has no axe violation, and the weekly chart’s labels are at least 12 px tall', async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 360, height: 800 });
    await asStaff(page);
    await page.goto(`${server.origin}/admin/planning`);
    await expect(page.getByRole('heading', { level: 1, name: 'Planning du jour' })).toBeVisible();
    const chart = page.getByRole('img', { name: /Demandes et chiffre d’affaires confirmé par semaine/ });
    await expect(chart).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('group', { name: 'Choisir le jour' })).toBeVisible();
    const heights = await chart
      .locator('text')
      .evaluateAll((texts) => texts.map((text) => Math.round(text.getBoundingClientRect().height * 10) / 10));
    expect(heights.length).toBeGreaterThan(2);
    for (const height of heights) expect(height).toBeGreaterThanOrEqual(12);
    await expectNoAxeViolationsAtAll(page);
    await expectNoHorizontalScroll(page);
  });

  test('the history of a request reads in French: statuses, amounts, dates, no code nor JSON', async ({
    page,
    playwright,
  }) => {
    test.setTimeout(60_000);
    const api = await playwright.request.newContext({
      baseURL: server.origin,
      extraHTTPHeaders: { 'X-Forwarded-For': forwardedFor() },
    });
    const organizer = await register(api, 'Léa', 'Martin');
    const booking = await createRequest(api, organizer, 40);
    const validated = await api.post(`/api/v1/customer-booking-requests/${booking.id}/validate`, {
      headers: { Authorization: `Bearer ${organizer.token}` },
    });
    expect(validated.ok(), await validated.text()).toBe(true);
    const configured = await api.put(`/api/v1/staff/booking-requests/${booking.id}/payment-config`, {
      headers: { Authorization: `Bearer ${staffToken}` },
      data: { type: 'collective_payment', totalAmount: 540 },
    });
    expect(configured.ok(), await configured.text()).toBe(true);
    await api.dispose();

    await page.setViewportSize({ width: 360, height: 800 });
    await asStaff(page);
    await page.goto(`${server.origin}/admin/demandes/${booking.id}`);
    await expect(page.getByRole('heading', { level: 1, name: `Demande ${booking.reference}` })).toBeVisible();
    const history = page.getByTestId('audit-trail');
    await expect(history).toContainText('Validation par le client');
    await expect(history).toContainText('Validation client : En attente → Validée');
    await expect(history).toContainText('Configuration du paiement');
    await expect(history).toContainText('Statut : Brouillon → Pré-réservée');
    await expect(history).toContainText(
      /Conditions de paiement : aucune → Paiement collectif, total 540,00\u00a0€, échéance le \d\d\/\d\d\/\d{4} à \d\d:\d\d/,
    );
    const text = await history.innerText();
    expect(text).not.toMatch(/client_validate|payment_config|paymentConfig|unpaid|collective_payment|[{}"]/);
    // The payment status did not change: no 'Paiement : Non payée → Non payée'.
    expect(text).not.toContain('Paiement : Non payée → Non payée');
    await page.waitForLoadState('networkidle');
    await expectNoAxeViolationsAtAll(page);
  });
});
