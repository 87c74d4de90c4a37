// The day's passes printed in one batch (docs/decisions.md, "On site"): a group booked at the
// kiosk for today (confirmed at once) has its passes on the print page the check-in board opens,
// each with its QR code, and the app's chrome is not printed. The server runs in this process
// with a clock at 09:30 in Paris (tomorrow's date), as in check-in-camera.spec.ts.
import { randomInt } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { parisMidnight, tomorrowInParis } from '../../src/shared/booking-days';
import { clockFrom, PAYMENT_ADMIN as ADMIN, startPaymentServer, type PaymentServer } from './stand-ins/payment-server';
import { expectNoAxeViolations } from './support';

let server: PaymentServer;
let api: APIRequestContext;

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  const morning = new Date(parisMidnight(tomorrowInParis()).getTime() + 9.5 * 3_600_000);
  server = await startPaymentServer({ clock: clockFrom(morning) });
  api = await playwright.request.newContext({
    baseURL: server.origin,
    extraHTTPHeaders: { 'X-Forwarded-For': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
  });
});

test.afterAll(async () => {
  await api?.dispose();
  await server?.close();
});

test('reception opens the day’s passes from the check-in board and prints them @mobile', async ({ browser }) => {
  const today = (await (await api.get('/api/v1/kiosk/today')).json()) as {
    data: { date: string; activities: Array<{ id: string; slots: Array<{ startTime: string }> }> };
  };
  const activity = today.data.activities.find((item) => item.slots.length > 0);
  expect(activity, 'a slot offered at 09:30 on the server’s clock').toBeDefined();
  const walkIn = await api.post('/api/v1/kiosk/walk-ins', {
    data: {
      participants: 2,
      date: today.data.date,
      bookingActivities: [{ catalogActivityId: activity!.id, startTime: activity!.slots[0]!.startTime }],
      mainContact: {
        firstName: 'Lou',
        lastName: 'Impression',
        email: `lou.impression.${Date.now()}@exemple.fr`,
        phone: '06 12 34 56 78',
      },
    },
  });
  expect(walkIn.status(), await walkIn.text()).toBe(201);
  const login = await api.post('/api/v1/staff/auth/login', { data: ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const staffToken = ((await login.json()) as { data: { token: string } }).data.token;

  const viewport = test.info().project.name === 'mobile' ? { width: 360, height: 740 } : { width: 1280, height: 800 };
  const context = await browser.newContext({
    baseURL: server.origin,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(`window.localStorage.setItem('staffToken', ${JSON.stringify(staffToken)});`);
    await page.goto('/admin/accueil');
    await page.getByRole('link', { name: 'Imprimer les pass du jour' }).click();
    await expect(page).toHaveURL(`/admin/accueil/impression?date=${today.data.date}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pass du jour à imprimer' })).toBeVisible();

    const group = page.getByRole('heading', { level: 2, name: /GRP-\d{4}-\d{5} · Lou Impression/ });
    await expect(group).toBeVisible();
    const qr = page.getByRole('img', { name: 'QR code du pass de Lou Impression' });
    await expect(qr).toBeVisible();
    // The QR code really is an image the browser decoded, not a broken link.
    expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await expect(page.getByText('Organisateur : Lou Impression').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Imprimer' })).toBeVisible();
    // Usable at 360 px: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoAxeViolations(page);

    // On paper: the passes without the team's header, navigation or buttons.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Espace équipe' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Imprimer' })).toBeHidden();
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((image) => getComputedStyle(image.closest('li')!).breakInside)).toBe('avoid');
  } finally {
    await context.close();
  }
});
