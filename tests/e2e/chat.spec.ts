// The booking chat (SPEC.md §2 Discussion, §5, §7 messages): the organizer and the park
// team exchange messages, an image opens in the viewer, and HTML posted through the API runs
// nothing. The team answers through the API with a staff token: this spec runs its own server on a
// database prepared with a staff session (tests/e2e/stand-ins/staff-token.ts).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { AuthSessionResponse } from '../../src/shared/api/auth.schema';
import type { CreateBookingRequestResponse } from '../../src/shared/api/booking-request.schema';
import type { CatalogueItem } from '../../src/shared/api/catalogue.schema';
import type { MessageListResponse, UnreadCountResponse } from '../../src/shared/api/messages.schema';
import { addIsoDays, tomorrowInParis } from '../../src/shared/booking-days';
import { ESTABLISHMENT_ID } from '../../src/shared/constants';
import { bookingRequestPayload, expectNoAxeViolations, expectNoHorizontalScroll, seedToken } from './support';

const PORT = Number(process.env.E2E_PORT ?? 8790) + 7;
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'Clairiere-des-pins-2026';

test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial', timeout: 60_000 });

let server: ChildProcess | undefined;
let dataDir = '';
let staffToken = '';
/** A booking prepared in the database with an organizer and a joined participant. */
let prepared: { organizerToken: string; participantToken: string; bookingId: string };

async function waitForServer(): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      const response = await fetch(`${BASE}/api/v1/establishment/info`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('le serveur de la discussion n’a pas démarré');
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  dataDir = mkdtempSync(join(tmpdir(), 'parc-e2e-chat-'));
  const pglite = join(dataDir, 'pglite');
  const output = execFileSync('node', ['--import', 'tsx', 'tests/e2e/stand-ins/staff-token.ts', pglite], {
    encoding: 'utf8',
  });
  const made = JSON.parse(output.trim().split('\n').at(-1)!) as typeof prepared & { staffToken: string };
  staffToken = made.staffToken;
  prepared = made;
  server = spawn('node', ['--import', 'tsx', 'src/server/index.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PGLITE_DIR: pglite,
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      TRUST_PROXY: 'true',
      PUBLIC_URL: BASE,
    },
    stdio: 'inherit',
  });
  await waitForServer();
});

test.afterAll(async () => {
  if (server?.pid) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const visitor = () => ({ 'X-Forwarded-For': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` });

async function registerOrganizer(request: APIRequestContext) {
  const email = `lea.${Date.now()}.${randomInt(1e6)}@exemple.fr`;
  const response = await request.post('/api/v1/customer-auth/register', {
    headers: visitor(),
    data: { firstName: 'Léa', lastName: 'Martin', email, password: PASSWORD, phone: null },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as AuthSessionResponse;
  return { token: body.token, id: body.customer._id, email };
}

async function createBooking(request: APIRequestContext, organizer: { token: string; id: string; email: string }) {
  const activities = await request.get('/api/v1/public-booking-requests/activities', {
    params: { establishment_id: ESTABLISHMENT_ID, isActive: 'true' },
  });
  const paintball = ((await activities.json()) as { data: CatalogueItem[] }).data.find(
    (item) => item.name === 'Paintball',
  )!;
  const startDate = addIsoDays(tomorrowInParis(), 10);
  const response = await request.post('/api/v1/public-booking-requests', {
    headers: bearer(organizer.token),
    data: bookingRequestPayload({ organizer: organizer, activity: paintball, startDate }),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as CreateBookingRequestResponse).data;
}

async function setUp(page: Page, request: APIRequestContext) {
  const organizer = await registerOrganizer(request);
  const booking = await createBooking(request, organizer);
  await seedToken(page, organizer.token);
  return { organizer, booking };
}

function discussion(page: Page) {
  return page.getByRole('region', { name: /^Discussion/ });
}

test('the organizer and the team exchange messages; unread counts move', async ({ page, request }) => {
  const { organizer, booking } = await setUp(page, request);
  await page.goto(`/booking/${booking._id}#discussion`);
  const chat = discussion(page);
  await expect(chat.getByTestId('chat-info')).toContainText('Notre équipe vous répond généralement sous 12h.');
  await expect(chat.getByTestId('urgent-phone')).toBeVisible();

  const input = chat.getByRole('textbox', { name: 'Votre message' });
  // The input grows with its lines up to 120 px (SPEC.md §9), then scrolls.
  const oneLine = (await input.boundingBox())!.height;
  await input.fill('1\n2\n3');
  await expect.poll(async () => (await input.boundingBox())!.height).toBeGreaterThan(oneLine);
  await input.fill(Array.from({ length: 12 }, (_, i) => `ligne ${i}`).join('\n'));
  await expect.poll(async () => (await input.boundingBox())!.height).toBe(120);
  await input.fill('Bonjour, faut-il apporter des gants ?');
  await input.press('Enter');
  await expect(chat.getByTestId('chat-message').filter({ hasText: 'faut-il apporter des gants' })).toBeVisible();
  await expect(input).toHaveValue('');

  // The team reads and answers with its own token.
  const seen = await request.get(`/api/v1/messages/booking/${booking._id}`, { headers: bearer(staffToken) });
  expect(((await seen.json()) as MessageListResponse).data.messages.map((m) => m.content)).toEqual([
    'Bonjour, faut-il apporter des gants ?',
  ]);
  const answer = await request.post(`/api/v1/messages/booking/${booking._id}`, {
    headers: bearer(staffToken),
    data: { content: 'Bonjour Léa, non : tout le matériel est fourni. https://parc.example/materiel' },
  });
  expect(answer.status()).toBe(201);
  const unread = async () =>
    (
      (await (
        await request.get(`/api/v1/messages/booking/${booking._id}/unread-count`, { headers: bearer(organizer.token) })
      ).json()) as UnreadCountResponse
    ).data.unreadCount;
  expect(await unread()).toBe(1);

  await page.goto('/dashboard');
  await expect(page.getByTestId('reservation-card').getByTestId('unread-badge')).toContainText('1 message non lu');

  await page.goto(`/booking/${booking._id}#discussion`);
  const team = discussion(page).getByTestId('chat-message').filter({ hasText: 'tout le matériel est fourni' });
  await expect(team.getByTestId('message-author')).toHaveText('Équipe');
  const link = team.getByRole('link', { name: 'https://parc.example/materiel' });
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect.poll(unread).toBe(0);
  await expectNoAxeViolations(page);

  // Usable at 360 px (DESIGN.md §3): nothing sticks out of the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await discussion(page).scrollIntoViewIfNeeded();
  await expectNoHorizontalScroll(page);
  if (process.env.E2E_CHAT_SCREENSHOT) await discussion(page).screenshot({ path: process.env.E2E_CHAT_SCREENSHOT });
});

test('a joined participant, the organizer and the team share one discussion', async ({ page, browser, request }) => {
  const { bookingId, organizerToken, participantToken } = prepared;
  await seedToken(page, participantToken);
  await page.goto(`/booking/${bookingId}#discussion`);
  const input = discussion(page).getByRole('textbox', { name: 'Votre message' });
  await input.fill('Je suis Jules, je viendrai en train.');
  await input.press('Enter');
  await expect(discussion(page).getByTestId('chat-message').filter({ hasText: 'en train' })).toBeVisible();

  const answer = await request.post(`/api/v1/messages/booking/${bookingId}`, {
    headers: bearer(staffToken),
    data: { content: 'Bonjour Jules, la gare est à 5 minutes à pied.' },
  });
  expect(answer.status()).toBe(201);

  const organizerContext = await browser.newContext({ baseURL: BASE });
  const organizerPage = await organizerContext.newPage();
  await seedToken(organizerPage, organizerToken);
  await organizerPage.goto(`/booking/${bookingId}#discussion`);
  const seenByOrganizer = discussion(organizerPage).getByTestId('chat-message');
  await expect(seenByOrganizer.filter({ hasText: 'en train' }).getByTestId('message-author')).toHaveText(
    'Jules Bernard',
  );
  await expect(seenByOrganizer.filter({ hasText: 'la gare' }).getByTestId('message-author')).toHaveText('Équipe');
  await organizerContext.close();

  // The participant's page polls every 30 s; a reload shows the answer at once.
  await page.reload();
  await expect(discussion(page).getByTestId('chat-message').filter({ hasText: 'la gare' })).toBeVisible();
});

test('an image attachment shows as a thumbnail and opens in the viewer', async ({ page, request }) => {
  const { booking } = await setUp(page, request);
  const picture = await sharp({ create: { width: 240, height: 160, channels: 3, background: '#2a6a32' } })
    .png()
    .toBuffer();
  await page.goto(`/booking/${booking._id}#discussion`);
  const chat = discussion(page);
  await chat
    .getByTestId('chat-file-input')
    .setInputFiles({ name: 'groupe.png', mimeType: 'image/png', buffer: picture });
  await expect(chat.getByTestId('file-preview')).toContainText('groupe.png');
  await chat.getByRole('textbox', { name: 'Votre message' }).fill('Voici notre groupe');
  await chat.getByRole('button', { name: 'Envoyer' }).click();

  const thumbnail = chat.getByRole('button', { name: 'Agrandir l’image groupe.png' });
  await expect(thumbnail.locator('img')).toHaveJSProperty('complete', true);
  await thumbnail.click();
  const viewer = page.getByRole('dialog');
  const image = viewer.getByTestId('image-viewer-image');
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /^blob:/);
  await expect(image).toHaveJSProperty('naturalWidth', 240);
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  // A click outside closes it too.
  await thumbnail.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('HTML posted through the API runs no script in the browser', async ({ page, request }) => {
  const { organizer, booking } = await setUp(page, request);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const payloads = [
    '<img src=x onerror="window.__xss=1"><b>Gras</b>',
    '<script>window.__xss=2</script>Texte après script',
    '<a href="javascript:window.__xss=3">lien piégé</a>',
    '<svg onload="window.__xss=4"></svg><iframe src="javascript:window.__xss=5"></iframe>Fin',
    '<svg></p><style><a id="</style><img src=1 onerror=window.__xss=6>">',
    '&lt;img src=x onerror=window.__xss=7&gt;',
  ];
  for (const [index, content] of payloads.entries()) {
    const token = index % 2 === 0 ? staffToken : organizer.token;
    const response = await request.post(`/api/v1/messages/booking/${booking._id}`, {
      headers: bearer(token),
      data: { content },
    });
    expect(response.status()).toBe(201);
  }
  await page.goto(`/booking/${booking._id}#discussion`);
  const messages = discussion(page).getByTestId('chat-message');
  await expect(messages).toHaveCount(payloads.length);
  await expect(messages.first().locator('b')).toHaveText('Gras');
  await discussion(page).getByText('lien piégé').click();
  await page.waitForTimeout(500);
  expect(await page.evaluate('window.__xss')).toBeUndefined();
  expect(dialogs).toEqual([]);
  const content = discussion(page).getByTestId('message-content');
  await expect(content.locator('script, img, svg, iframe, style, [onerror], [onload]')).toHaveCount(0);
  await expect(content.locator('a[href^="javascript"]')).toHaveCount(0);
});

/**
 * The schema library probes once whether the page may evaluate code (`Function('')` in a
 * try/catch, zod's `allowsEval`): the CSP refuses it, as it should, and Chromium reports that
 * refusal. It is the library's own feature test, not a message's doing; every other report fails.
 */

test('an <img onerror> in a message loads nothing and breaks no CSP rule: its handler never reaches a parser', async ({
  page,
  request,
}) => {
  const { organizer, booking } = await setUp(page, request);
  const problems: string[] = [];
  page.on('console', (entry) => {
    const text = entry.text();
    // Nor zod's probe for eval, which it makes no longer in a browser (shared/zod-config.ts).
    if (entry.type() === 'error' || /Content Security Policy|Refused to/i.test(text)) {
      problems.push(`console ${entry.type()}: ${text}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (sent) => {
    if (/\/(x|1)$/.test(new URL(sent.url()).pathname)) problems.push(`request: ${sent.url()}`);
  });
  // Listens before the app's scripts run, on every document of the page.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sample} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      ),
    );
  });
  for (const [index, content] of [
    '<img src=x onerror="window.__xss=1">Bonjour',
    '<p>Avant</p><img src=x onerror=alert(1)>',
    'Texte &lt;img src=1 onerror=window.__xss=2&gt;',
  ].entries()) {
    const response = await request.post(`/api/v1/messages/booking/${booking._id}`, {
      headers: bearer(index === 1 ? staffToken : organizer.token),
      data: { content },
    });
    expect(response.status()).toBe(201);
  }
  await page.goto(`/booking/${booking._id}#discussion`);
  await expect(discussion(page).getByTestId('chat-message')).toHaveCount(3);
  await expect(discussion(page).getByTestId('chat-message').first()).toContainText('Bonjour');
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const violations = (await page.evaluate('window.__cspViolations')) as string[];
  expect(violations).toEqual([]);
  expect(await page.evaluate('window.__xss')).toBeUndefined();
  expect(problems).toEqual([]);
});
