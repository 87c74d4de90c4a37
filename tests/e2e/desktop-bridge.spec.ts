// The renderer inside the desktop app, without Electron (STACK.md: no electron binary here): a fake
// `window.parc` is injected into the page before any script runs, and the same pages are checked
// with and without it (docs/decisions.md, "Desktop").
import { expect, test, type APIRequestContext, type Page, type Request } from '@playwright/test';
import type { DesktopMode, ParcBridge, PrintResult } from '../../src/shared/desktop-bridge';
import { expectNoAxeViolations, storedToken } from './support';

const PASSWORD = 'Borne-accueil-2026';
const FIRST_NAME = 'Maëlle';
const IDLE_WARNING = 'Êtes-vous toujours là ?';
const NEW_BOOKING = 'Nouvelle réservation';
/** Session tokens are 32 random bytes in base64url (DESIGN.md §3). */
const SESSION_TOKEN = /^[A-Za-z0-9_-]{43}$/;

interface BridgeCall {
  method: string;
  args: unknown[];
}

/**
 * The OS keychain of the fake bridge. It lives in the test, outside the page, as the real vault
 * lives in main: a reload (or the kiosk's reset) must find the token again, which no variable of
 * the page survives. Every call is recorded here across page loads, and in the page on
 * `window.__bridgeCalls` for the current load.
 */
interface FakeVault {
  token: string | null;
  calls: BridgeCall[];
}

/** What the injected script adds to the page, seen from here (tsconfig.node.json has no DOM). */
interface FakeBridgeWindow {
  parc?: ParcBridge;
  __bridgeCalls: BridgeCall[];
  __parcDeepLink?: (route: string) => void;
  __parcVault: (method: string, args: unknown[]) => Promise<string | null>;
}

/** Runs in the page, before the renderer's scripts, on every load. */
function injectFakeBridge({ mode, apiBaseUrl }: { mode: DesktopMode; apiBaseUrl: string }) {
  const win = globalThis as unknown as FakeBridgeWindow;
  win.__bridgeCalls = [];
  const call = (method: string, ...args: unknown[]) => {
    win.__bridgeCalls.push({ method, args });
    return win.__parcVault(method, args);
  };
  const print = async (method: string, ...args: unknown[]): Promise<PrintResult> => {
    await call(method, ...args);
    return { ok: true };
  };
  const bridge: ParcBridge = {
    token: {
      get: () => call('token.get'),
      set: async (token) => void (await call('token.set', token)),
      clear: async () => void (await call('token.clear')),
    },
    print: {
      qrCode: (url, label) => print('print.qrCode', url, label),
      contract: (contractFile) => print('print.contract', contractFile),
      dayPasses: (date) => print('print.dayPasses', date),
    },
    onDeepLink(callback) {
      win.__parcDeepLink = callback;
      return () => {
        if (win.__parcDeepLink === callback) delete win.__parcDeepLink;
      };
    },
    mode,
    apiBaseUrl,
  };
  win.parc = Object.freeze(bridge);
}

async function installFakeBridge(page: Page, mode: DesktopMode, baseURL: string | undefined): Promise<FakeVault> {
  const vault: FakeVault = { token: null, calls: [] };
  await page.exposeFunction('__parcVault', (method: string, args: unknown[]) => {
    vault.calls.push({ method, args });
    if (method === 'token.set') vault.token = String(args[0]);
    if (method === 'token.clear') vault.token = null;
    return method === 'token.get' ? vault.token : null;
  });
  await page.addInitScript(injectFakeBridge, { mode, apiBaseUrl: new URL(baseURL ?? 'http://127.0.0.1').origin });
  return vault;
}

const callsOf = (vault: FakeVault, method: string) => vault.calls.filter((c) => c.method === method);

function pageCalls(page: Page): Promise<BridgeCall[]> {
  return page.evaluate(() => (globalThis as unknown as FakeBridgeWindow).__bridgeCalls);
}

async function fireDeepLink(page: Page, route: string): Promise<void> {
  // DesktopShell subscribes in an effect: wait until it has.
  await expect
    .poll(() => page.evaluate(() => typeof (globalThis as unknown as FakeBridgeWindow).__parcDeepLink))
    .toBe('function');
  await page.evaluate((to) => (globalThis as unknown as FakeBridgeWindow).__parcDeepLink?.(to), route);
}

/** One real account for the whole file (registration is rate limited per address). */
let account: Promise<string> | undefined;
function ensureAccount(request: APIRequestContext): Promise<string> {
  account ??= (async () => {
    const email = `borne.${Date.now()}.${Math.floor(Math.random() * 1e6)}@exemple.fr`;
    const created = await request.post('/api/v1/customer-auth/register', {
      data: { firstName: FIRST_NAME, lastName: 'Le Gall', email, password: PASSWORD, phone: null },
    });
    expect(created.status()).toBe(201);
    return email;
  })();
  return account;
}

async function login(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: FIRST_NAME })).toBeVisible();
}

const isLogout = (request: Request) =>
  request.method() === 'POST' && request.url().endsWith('/api/v1/customer-auth/logout');

async function expectRevoked(request: APIRequestContext, token: string) {
  const verify = await request.get('/api/v1/customer-auth/verify', { headers: { Authorization: `Bearer ${token}` } });
  expect(verify.status()).toBe(401);
}

const connexionLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Connexion', exact: true });

test.describe('desktop app (fake bridge, desktop mode)', () => {
  test('the session token lives in the bridge vault, survives a reload, and logout clears it', async ({
    page,
    request,
    baseURL,
  }) => {
    const email = await ensureAccount(request);
    const vault = await installFakeBridge(page, 'desktop', baseURL);

    await login(page, email);
    await expect.poll(() => callsOf(vault, 'token.set').length).toBe(1);
    const token = String(callsOf(vault, 'token.set')[0]?.args[0]);
    expect(token).toMatch(SESSION_TOKEN);
    expect(vault.token).toBe(token);
    expect(await storedToken(page)).toBeNull();
    expect(
      await page.evaluate(() => (globalThis as unknown as { localStorage: { length: number } }).localStorage.length),
    ).toBe(0);

    // A new page load reads the token from the bridge and sends it to the server.
    const verify = page.waitForRequest('**/api/v1/customer-auth/verify');
    await page.reload();
    expect(await (await verify).headerValue('authorization')).toBe(`Bearer ${token}`);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: FIRST_NAME })).toBeVisible();
    expect((await pageCalls(page)).map((c) => c.method)).toContain('token.get');
    expect(await storedToken(page)).toBeNull();

    const logout = page.waitForRequest(isLogout);
    // The revocation is checked once the server has answered, not merely once the call left.
    const logoutAnswered = page.waitForResponse((response) => isLogout(response.request()));
    await page.getByRole('button', { name: FIRST_NAME }).click();
    const logoutItem = page.getByRole('menuitem', { name: 'Déconnexion' });
    await expect(logoutItem).toBeVisible();
    await logoutItem.click();
    expect(await (await logout).headerValue('authorization')).toBe(`Bearer ${token}`);
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => callsOf(vault, 'token.clear').length).toBe(1);
    expect(vault.token).toBeNull();
    await expect(connexionLink(page)).toBeVisible();
    await logoutAnswered;
    await expectRevoked(request, token);

    // Nothing in the desktop mode belongs to the kiosk.
    await expect(page.getByRole('button', { name: NEW_BOOKING })).toHaveCount(0);
    expect(await page.locator('html[data-kiosk]').count()).toBe(0);
  });

  test('a deep link received by the bridge opens its route without reloading the page', async ({ page, baseURL }) => {
    await installFakeBridge(page, 'desktop', baseURL);
    const desktopShell = page.waitForRequest(/\/assets\/desktop-shell-[\w-]+\.js$/);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Inside the app the layout fetches the shell, which subscribes to the deep links.
    await desktopShell;
    await page.evaluate(() => Object.assign(globalThis, { __samePage: true }));

    await fireDeepLink(page, '/contact');
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/contact/i);
    expect(await page.evaluate(() => (globalThis as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  });
});

test.describe('reception kiosk (fake bridge, kiosk mode)', () => {
  test('the idle warning appears after 2 min 40 s, a touch cancels it, and running out resets the session', async ({
    page,
    request,
    baseURL,
  }) => {
    const email = await ensureAccount(request);
    const vault = await installFakeBridge(page, 'kiosk', baseURL);
    await page.clock.install();

    await page.goto('/');
    await expect(page.locator('html[data-kiosk]')).toHaveCount(1);
    const newBooking = page.getByRole('button', { name: NEW_BOOKING });
    await expect(newBooking).toBeVisible();
    const box = await newBooking.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);

    await login(page, email);
    await expect.poll(() => callsOf(vault, 'token.set').length).toBe(1);
    const token = String(callsOf(vault, 'token.set')[0]?.args[0]);
    expect(token).toMatch(SESSION_TOKEN);
    expect(await storedToken(page)).toBeNull();

    const warning = page.getByRole('alertdialog', { name: IDLE_WARNING });
    await page.clock.fastForward('02:30');
    await expect(warning).toHaveCount(0);
    await page.clock.fastForward('00:15');
    await expect(warning).toBeVisible();
    await expect(warning.getByTestId('kiosk-idle-seconds')).toHaveText(/^\d+ s$/);
    await expectNoAxeViolations(page);

    // A touch anywhere on the warning (here its dimmed backdrop) cancels it.
    await warning.click({ position: { x: 8, y: 8 } });
    await expect(warning).toHaveCount(0);
    await page.clock.runFor(25_000);
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(callsOf(vault, 'token.clear')).toHaveLength(0);
    await expect(page.getByRole('button', { name: FIRST_NAME })).toBeVisible();

    // Three more idle minutes: warning, then the reset.
    await page.clock.fastForward('02:45');
    await expect(warning).toBeVisible();
    const logout = page.waitForRequest(isLogout);
    await page.clock.fastForward('00:21');
    expect(await (await logout).headerValue('authorization')).toBe(`Bearer ${token}`);
    await expect(page).toHaveURL(/\/$/);
    // The reset clears the vault through clearAuthToken and then once more, awaited, before it
    // reloads: two calls to token.clear, harmless since clearing is idempotent.
    expect(callsOf(vault, 'token.clear').length).toBeGreaterThanOrEqual(1);
    expect(vault.token).toBeNull();
    await expect(connexionLink(page)).toBeVisible();
    await expect(page.getByRole('button', { name: FIRST_NAME })).toHaveCount(0);
    await expect(warning).toHaveCount(0);
    await expectRevoked(request, token);
  });

  test("'Nouvelle réservation' ends the visitor's session and starts over on /reservation", async ({
    page,
    request,
    baseURL,
  }) => {
    const email = await ensureAccount(request);
    const vault = await installFakeBridge(page, 'kiosk', baseURL);
    await login(page, email);
    await expect.poll(() => vault.token ?? '').toMatch(SESSION_TOKEN);
    const token = vault.token!;

    const logout = page.waitForRequest(isLogout);
    await page.getByRole('button', { name: NEW_BOOKING }).click();
    expect(await (await logout).headerValue('authorization')).toBe(`Bearer ${token}`);
    await expect(page).toHaveURL(/\/reservation$/);
    expect(callsOf(vault, 'token.clear').length).toBeGreaterThanOrEqual(1);
    expect(vault.token).toBeNull();
    await expect(connexionLink(page)).toBeVisible();
    await expectRevoked(request, token);
  });

  test('staff routes are unreachable, by address and by deep link', async ({ page, baseURL }) => {
    await installFakeBridge(page, 'kiosk', baseURL);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/ADMIN/reservations');
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/contact');
    await fireDeepLink(page, '/admin');
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/contact/i);
    await expect(page).toHaveURL(/\/contact$/);
    await fireDeepLink(page, '/mentions-legales');
    await expect(page).toHaveURL(/\/mentions-legales$/);
    await fireDeepLink(page, '/%61dmin');
    await expect(page).toHaveURL(/\/mentions-legales$/);
  });
});

test.describe('web build (no bridge)', () => {
  test('the token is kept in localStorage and no kiosk behaviour appears after the idle time', async ({
    page,
    request,
  }) => {
    const email = await ensureAccount(request);
    // The desktop shell (deep links, the kiosk's layer) is fetched inside the desktop app only
    // (docs/decisions.md, performance rule 2): nothing of this visit asks for it.
    const desktopShell: string[] = [];
    page.on('request', (asked) => {
      if (/\/assets\/desktop-shell-[\w-]+\.js$/.test(asked.url())) desktopShell.push(asked.url());
    });
    await page.clock.install();
    await login(page, email);
    expect(await page.evaluate(() => typeof (globalThis as unknown as FakeBridgeWindow).parc)).toBe('undefined');
    await expect.poll(() => storedToken(page)).toMatch(SESSION_TOKEN);

    await expect(page.getByRole('button', { name: NEW_BOOKING })).toHaveCount(0);
    expect(await page.locator('html[data-kiosk]').count()).toBe(0);
    await page.clock.fastForward('03:30');
    await page.clock.runFor(5_000);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: FIRST_NAME })).toBeVisible();
    expect(await storedToken(page)).toMatch(SESSION_TOKEN);

    // /admin is not a kiosk redirect on the web: the back-office asks for the staff login.
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(desktopShell).toEqual([]);
  });
});
