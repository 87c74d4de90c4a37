// A signed-in page asks for its data at start-up, beside the session's check, not once the check
// has answered and the page has rendered (docs/decisions.md, performance rule 20): opening
// /dashboard, the customer's requests and invitations go out while the check is held back.
// The profile's forms load only when its tab opens (performance rule 21), and the page starts
// without the schema library (performance rule 24).
import { randomInt } from 'node:crypto';
import { expect, test as base } from '@playwright/test';
import type { AuthSessionResponse } from '../../src/shared/api/auth.schema';
import { recordSchemaScripts, seedToken } from './support';

const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({
      ...extraHTTPHeaders,
      'X-Forwarded-For': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
    });
  },
});

test('the dashboard’s lists are asked for while the session is still being checked', async ({ page, request }) => {
  const email = `tableau.${Date.now()}.${randomInt(1e6)}@exemple.fr`;
  const registered = await request.post('/api/v1/customer-auth/register', {
    data: { firstName: 'Maëlle', lastName: 'Tableau', email, password: 'Clairiere-des-pins-2026', phone: null },
  });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as AuthSessionResponse;

  const events: string[] = [];
  // The check answers only once both lists have been asked for (or after 5 s, and the test fails).
  let listsAsked: () => void = () => undefined;
  const asked = new Promise<void>((resolve) => (listsAsked = resolve));
  const lists = new Set<string>();
  const asks: string[] = [];
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    if (
      pathname === '/api/v1/customer-booking-requests' ||
      pathname === '/api/v1/customer-booking-requests/invitations'
    ) {
      events.push(`${pathname} requested`);
      asks.push(pathname);
      lists.add(pathname);
      if (lists.size === 2) listsAsked();
    }
  });
  await page.route('**/api/v1/customer-auth/verify', async (route) => {
    events.push('session check requested');
    await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    events.push('session check answered');
    await route.continue();
  });
  const profileChunks: string[] = [];
  page.on('request', (sent) => {
    if (/\/assets\/profile-tab-[^/]*\.js$/.test(new URL(sent.url()).pathname)) profileChunks.push(sent.url());
  });

  const schemaScripts = recordSchemaScripts(page);

  await seedToken(page, token);
  await page.goto('/dashboard');
  await expect(page.getByText('Vous n’avez pas encore de demande de réservation')).toBeVisible({ timeout: 15_000 });
  // The page draws its lists during the check (performance rule 23): the check may answer after them.
  await expect.poll(() => events.includes('session check answered')).toBe(true);
  const answered = events.indexOf('session check answered');
  expect(events.indexOf('/api/v1/customer-booking-requests requested')).toBeGreaterThanOrEqual(0);
  expect(events.indexOf('/api/v1/customer-booking-requests requested')).toBeLessThan(answered);
  expect(events.indexOf('/api/v1/customer-booking-requests/invitations requested')).toBeLessThan(answered);
  expect(profileChunks).toEqual([]);
  // Asked once each: the page that mounts shows what the start-up has just fetched.
  await expect(page.getByRole('tab', { name: /Mes invitations/ })).toContainText('0');
  expect(asks.sort()).toEqual(['/api/v1/customer-booking-requests', '/api/v1/customer-booking-requests/invitations']);
  // Nor does it load the schema library (performance rule 24).
  await page.waitForLoadState('networkidle');
  expect(await schemaScripts()).toEqual([]);

  // The profile tab brings its form with it.
  await page.getByRole('tab', { name: 'Profil' }).click();
  await expect(page.getByRole('textbox', { name: /^Prénom/ })).toHaveValue('Maëlle');
  expect(profileChunks).toHaveLength(1);
});

test('the dashboard draws itself while the session is checked: its frame from the HTML on, never the guard’s spinner', async ({
  page,
  request,
}) => {
  const email = `cadre.${Date.now()}.${randomInt(1e6)}@exemple.fr`;
  const registered = await request.post('/api/v1/customer-auth/register', {
    data: { firstName: 'Aurèle', lastName: 'Cadre', email, password: 'Clairiere-des-pins-2026', phone: null },
  });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as AuthSessionResponse;

  // Whether the session's spinner is ever in the page, from the HTML on (docs/decisions.md, performance rule 23).
  await page.addInitScript(() => {
    const seen = () =>
      document.querySelector('[aria-label="Vérification de la session"]') &&
      sessionStorage.setItem('spinner-seen', 'oui');
    new MutationObserver(seen).observe(document, { childList: true, subtree: true });
  });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/customer-auth/verify', async (route) => {
    await held;
    await route.continue();
  });

  await seedToken(page, token);
  await page.goto('/dashboard');
  // The check is held back: the page is drawn, and its list (asked for with the stored token) too.
  await expect(page.getByRole('heading', { level: 1, name: 'Mon espace client' })).toBeVisible();
  await expect(page.getByText('Vous n’avez pas encore de demande de réservation')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('dashboard-user-name')).toHaveCount(0);

  release();
  await expect(page.getByTestId('dashboard-user-name')).toHaveText('Aurèle Cadre');
  expect(await page.evaluate(() => sessionStorage.getItem('spinner-seen'))).toBeNull();
});
