// The booking page's data goes out beside its code, and its code beside the session's check, not
// after them (docs/decisions.md, performance rule 20): opening /booking/{id}, the detail request
// starts while the page's chunk is still on its way, and the chunk while the session is checked.
// What comes first is held back on purpose so the order is not a matter of luck. And its start
// loads no schema library (performance rule 24).
import { randomInt } from 'node:crypto';
import { expect, test as base, type Page } from '@playwright/test';
import { addIsoDays, tomorrowInParis } from '../../src/shared/booking-days';
import { customerWithBooking, recordSchemaScripts, seedToken } from './support';

const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({
      ...extraHTTPHeaders,
      'X-Forwarded-For': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`,
    });
  },
});

/**
 * Holds back the requests `held.url` matches until a request whose path `until.path` matches has gone
 * out, or 5 s (the test then fails on the order), so that what comes first is not a matter of luck.
 * Gives the list that gets "<held> requested", "<until> requested" and "<held> answered" as they happen.
 */
async function holdUntil(
  page: Page,
  held: { name: string; url: string },
  until: { name: string; path: (pathname: string) => boolean },
): Promise<string[]> {
  const events: string[] = [];
  let seen: () => void = () => undefined;
  const asked = new Promise<void>((resolve) => (seen = resolve));
  page.on('request', (sent) => {
    if (until.path(new URL(sent.url()).pathname)) {
      events.push(`${until.name} requested`);
      seen();
    }
  });
  await page.route(held.url, async (route) => {
    events.push(`${held.name} requested`);
    await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    events.push(`${held.name} answered`);
    await route.continue();
  });
  return events;
}

test('the booking detail is asked for while the page’s chunk still loads', async ({ page, request }) => {
  const { session, booking } = await customerWithBooking(request);
  // The page's chunk answers only once the detail request has gone out.
  const events = await holdUntil(
    page,
    { name: 'chunk', url: '**/assets/booking-detail-route-*.js' },
    { name: 'detail', path: (pathname) => pathname === `/api/v1/customer-booking-requests/${booking._id}` },
  );
  const details: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === `/api/v1/customer-booking-requests/${booking._id}`) details.push(sent.url());
  });
  await seedToken(page, session.token);
  await page.goto(`/booking/${booking._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(booking.bookingRequestId, { timeout: 15_000 });
  expect(events.slice(0, 3)).toEqual(['chunk requested', 'detail requested', 'chunk answered']);
  // Asked once: the page that mounts shows what was fetched beside its chunk (performance rule 20).
  await page.waitForLoadState('networkidle');
  expect(details).toHaveLength(1);
});

test('the page’s chunk is asked for while the session is still being checked', async ({ page, request }) => {
  const { session, booking } = await customerWithBooking(request);
  // The session check answers only once the page's chunk has been asked for.
  const events = await holdUntil(
    page,
    { name: 'session check', url: '**/api/v1/customer-auth/verify' },
    { name: 'chunk', path: (pathname) => /\/assets\/booking-detail-route-[^/]*\.js$/.test(pathname) },
  );
  await seedToken(page, session.token);
  await page.goto(`/booking/${booking._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(booking.bookingRequestId, { timeout: 15_000 });
  expect(events.indexOf('chunk requested')).toBeGreaterThanOrEqual(0);
  expect(events.indexOf('chunk requested')).toBeLessThan(events.indexOf('session check answered'));
});

test('the booking page starts without the schema library; its edit rules load at the first touch', async ({
  page,
  request,
}) => {
  const { session, booking } = await customerWithBooking(request);
  const schemaScripts = recordSchemaScripts(page);
  await seedToken(page, session.token);
  await page.goto(`/booking/${booking._id}`);
  await expect(page.getByLabel('Nombre de participants')).toBeVisible({ timeout: 15_000 });
  // The sections loaded beside it (the chat, at idle) start without it too.
  await expect(page.locator('textarea[aria-label="Votre message"]')).toBeAttached();
  await page.waitForLoadState('networkidle');
  expect(await schemaScripts()).toEqual([]);

  // The first touch brings the rules; a day before tomorrow is refused with the wizard's message.
  const rules = page.waitForResponse((answer) => /\/assets\/edit-forms\.schema-[^/]*\.js$/.test(answer.url()));
  await page.getByLabel('Date de l’événement').fill(addIsoDays(tomorrowInParis(), -1));
  await rules;
  await page.getByRole('button', { name: 'Enregistrer la date' }).click();
  await expect(page.getByText('La date doit être au plus tôt demain')).toBeVisible();
  expect((await schemaScripts()).length).toBeGreaterThan(0);
});

test('the booking’s top is on screen before its sections’ code is asked for', async ({ page, request }) => {
  // The header, the progress and its banner need neither the sections' forms nor their dialogs: the
  // sections come in a chunk asked for once the top has painted (docs/decisions.md, performance rule 26).
  const { session, booking } = await customerWithBooking(request);
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const onScreenWhenAsked: string[] = [];
  await page.route('**/assets/booking-sections-*.js', async (route) => {
    onScreenWhenAsked.push(
      await page.evaluate(() => document.querySelector('[data-testid="progress-banner"]')?.textContent ?? ''),
    );
    await released;
    await route.continue();
  });
  await seedToken(page, session.token);
  await page.goto(`/booking/${booking._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(booking.bookingRequestId, { timeout: 15_000 });
  await expect(page.getByTestId('progress-banner')).toContainText('Votre demande attend votre validation');
  await expect.poll(() => onScreenWhenAsked.length).toBe(1);
  expect(onScreenWhenAsked[0]).toContain('Votre demande attend votre validation');
  await expect(page.getByRole('region', { name: 'Informations générales' })).toHaveCount(0);
  release();
  await expect(page.getByRole('region', { name: 'Informations générales' })).toBeVisible();
  await expect(page.getByLabel('Nombre de participants')).toBeVisible();
});

test('the sections’ and the discussion’s chunks are named in the page and put in <head> from it two at a time, not all at once by their import', async ({
  page,
  request,
}) => {
  // docs/decisions.md, performance rule 7: left to the import's preload helper, all of these
  // chunks went into <head> in the task of the import.
  const { session, booking } = await customerWithBooking(request);
  const html = await (await request.get(`/booking/${booking._id}`)).text();
  const later = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" data-later>/g)].map(
    (match) => match[1]!,
  );
  expect(later.some((href) => /^\/assets\/booking-sections-[\w-]+\.js$/.test(href))).toBe(true);
  expect(later.some((href) => /^\/assets\/booking-discussion-[\w-]+\.js$/.test(href))).toBe(true);
  // The module preloads each mutation record batch adds: one batch per task that added any.
  await page.addInitScript(() => {
    const batches: string[][] = [];
    (window as unknown as { __preloadBatches: string[][] }).__preloadBatches = batches;
    new MutationObserver((records) => {
      const added = records.flatMap((record) =>
        Array.from(record.addedNodes).flatMap((node) =>
          node instanceof HTMLLinkElement && node.rel === 'modulepreload' ? [node.getAttribute('href') ?? ''] : [],
        ),
      );
      if (added.length > 0) batches.push(added);
    }).observe(document, { childList: true, subtree: true });
  });
  await seedToken(page, session.token);
  await page.goto(`/booking/${booking._id}`);
  await expect(page.getByLabel('Nombre de participants')).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('textarea[aria-label="Votre message"]')).toBeAttached();

  const batches = await page.evaluate(() => (window as unknown as { __preloadBatches: string[][] }).__preloadBatches);
  const inHead = await page.evaluate(() =>
    Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]'), (link) => link.href),
  );
  const origin = new URL(page.url()).origin;
  // Each once: some are also what the header's menus import at start, which put them there first.
  for (const href of later)
    expect(
      inHead.filter((inserted) => inserted === `${origin}${href}`),
      href,
    ).toHaveLength(1);
  // The sections' and the discussion's own chunks, as the page writes them (the import's helper
  // writes the full address), two at most in the task that put each there.
  for (const chunk of [/\/assets\/booking-sections-[\w-]+\.js$/, /\/assets\/booking-discussion-[\w-]+\.js$/]) {
    const batch = batches.find((added) => added.some((href) => chunk.test(href)))!;
    expect(batch.find((href) => chunk.test(href))).toMatch(/^\/assets\//);
    expect(batch.length, batch.join(' ')).toBeLessThanOrEqual(2);
  }
});
