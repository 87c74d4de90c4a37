// Reception's check-in by camera (docs/decisions.md, "On site"), in Chromium: the browser's fake
// camera films a pass's QR code (a Y4M file made from the real pass), the page reads it with
// BarcodeDetector or, where Chromium has none (Linux), the lazily loaded jsQR decoder, and the
// arrival is recorded; the booking's history then reads it in French. The group is booked at the
// kiosk for today, and check-in takes only today's passes: the server runs in this process with a
// clock at 09:30 in Paris (tomorrow's date), moving with real time, so the journey runs at any hour
// (docs/decisions.md, "Tests"); the reception's page takes the day from the server.
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type APIRequestContext } from '@playwright/test';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { parisMidnight, tomorrowInParis } from '../../src/shared/booking-days';
import { clockFrom, PAYMENT_ADMIN as ADMIN, startPaymentServer, type PaymentServer } from './stand-ins/payment-server';
import { expectNoAxeViolations } from './support';

let server: PaymentServer;
let api: APIRequestContext;
const dir = mkdtempSync(join(tmpdir(), 'parc-e2e-camera-'));

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
  rmSync(dir, { recursive: true, force: true });
});

/**
 * A 640 × 480 Y4M video (grey levels only) of the QR code of `text`, as Chromium's fake camera plays
 * it: sharp, square-on and still, the frame ZXing's JavaScript port never read for about one pass
 * in five (docs/decisions.md, "On site"); the page's decoder reads every one.
 */
async function qrVideo(text: string): Promise<string> {
  const qr = await QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 4, width: 400 });
  const width = 640;
  const height = 480;
  const luma = await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite([{ input: qr, left: 120, top: 40 }])
    .greyscale()
    .raw()
    .toBuffer();
  const frame = Buffer.concat([
    Buffer.from('FRAME\n'),
    luma.subarray(0, width * height),
    Buffer.alloc((width / 2) * (height / 2) * 2, 128),
  ]);
  const file = join(dir, 'pass.y4m');
  writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  );
  return file;
}

test('reception films a pass with the camera: the arrival is recorded and in the booking’s history', async () => {
  // A group booked at the kiosk for today (confirmed at once), its organizer's waiver signed.
  const today = (await (await api.get('/api/v1/kiosk/today')).json()) as {
    data: { date: string; activities: Array<{ id: string; slots: Array<{ startTime: string }> }> };
  };
  expect(today.data.date).toBe(tomorrowInParis());
  const activity = today.data.activities.find((item) => item.slots.length > 0);
  expect(activity, 'a slot offered at 09:30 on the server’s clock').toBeDefined();
  const walkIn = await api.post('/api/v1/kiosk/walk-ins', {
    data: {
      participants: 2,
      date: today.data.date,
      bookingActivities: [{ catalogActivityId: activity!.id, startTime: activity!.slots[0]!.startTime }],
      mainContact: {
        firstName: 'Marc',
        lastName: 'Camera',
        email: `marc.camera.${Date.now()}@exemple.fr`,
        phone: '06 12 34 56 78',
      },
    },
  });
  expect(walkIn.status(), await walkIn.text()).toBe(201);
  const { bookingId, token } = ((await walkIn.json()) as { data: { bookingId: string; token: string } }).data;
  const asOrganizer = { Authorization: `Bearer ${token}` };
  const waiver = await api.post(`/api/v1/customer-booking-requests/${bookingId}/waiver`, {
    headers: asOrganizer,
    data: { fullName: 'Marc Camera', accepted: true },
  });
  expect(waiver.status(), await waiver.text()).toBe(200);
  const pass = await api.get(`/api/v1/customer-booking-requests/${bookingId}/pass`, { headers: asOrganizer });
  const { code } = ((await pass.json()) as { data: { code: string } }).data;

  const login = await api.post('/api/v1/staff/auth/login', { data: ADMIN });
  expect(login.ok(), await login.text()).toBe(true);
  const staffToken = ((await login.json()) as { data: { token: string } }).data.token;

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${await qrVideo(code)}`,
    ],
  });
  try {
    const context = await browser.newContext({
      baseURL: server.origin,
      locale: 'fr-FR',
      timezoneId: 'Europe/Paris',
      permissions: ['camera'],
    });
    const page = await context.newPage();
    await page.addInitScript(`window.localStorage.setItem('staffToken', ${JSON.stringify(staffToken)});`);
    await page.goto('/admin/accueil');
    await expect(page.getByRole('heading', { level: 1, name: 'Accueil du jour' })).toBeVisible();
    await page.getByRole('button', { name: 'Scanner avec la caméra' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Arrivée de Marc Camera enregistrée' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText(/Groupe GRP-\d{4}-\d{5} \(Marc Camera\) : 1 \/ 2 arrivés/)).toBeVisible();
    // The camera is released once the code is read.
    await expect(page.getByRole('button', { name: 'Scanner avec la caméra' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto(`/admin/demandes/${bookingId}`);
    await expect(page.getByText('Arrivée enregistrée à l’accueil')).toBeVisible();
  } finally {
    await browser.close();
  }
});
