// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ESTABLISHMENT_ID } from '@shared/constants';
import type { DesktopMode, ParcBridge } from '@shared/desktop-bridge';
import { startLocalServer } from './support/local-server';

const server = await startLocalServer(({ method, url }) =>
  method === 'POST' && url === '/api/v1/customer-auth/logout'
    ? { status: 200, body: { success: true, message: 'Déconnexion réussie' } }
    : { status: 404, body: { success: false } },
);

/** The preload's `window.parc`, with a vault in a variable and deep links the test emits. */
function installBridge(mode: DesktopMode) {
  let stored: string | null = null;
  const deepLinkListeners = new Set<(route: string) => void>();
  const bridge = {
    token: {
      get: vi.fn(() => Promise.resolve(stored)),
      set: vi.fn((token: string) => {
        stored = token;
        return Promise.resolve();
      }),
      clear: vi.fn(() => {
        stored = null;
        return Promise.resolve();
      }),
    },
    print: { qrCode: vi.fn(), contract: vi.fn(), dayPasses: vi.fn() },
    onDeepLink: vi.fn((cb: (route: string) => void) => {
      deepLinkListeners.add(cb);
      return () => deepLinkListeners.delete(cb);
    }),
    mode,
    apiBaseUrl: server.origin,
  } satisfies ParcBridge;
  window.parc = bridge;
  return {
    bridge,
    stored: () => stored,
    emitDeepLink: (route: string) => deepLinkListeners.forEach((cb) => cb(route)),
    listeners: deepLinkListeners,
  };
}

const { KioskLayer } = await import('@renderer/app/kiosk/kiosk-layer');
const { DesktopShell } = await import('@renderer/app/kiosk/desktop-shell');
const { resetKioskSession } = await import('@renderer/app/kiosk/kiosk-reset');
const { clearAuthToken, getAuthToken, setAuthToken } = await import('@renderer/shared/session/auth-token');
const { currentLocation, renderRoute } = await import('./support/render-route');

beforeEach(() => {
  server.requests.length = 0;
});

afterEach(() => {
  cleanup();
  clearAuthToken();
  delete window.parc;
  window.sessionStorage.clear();
  window.localStorage.clear();
});

afterAll(async () => {
  await server.close();
});

const IDLE_MS = 900;
const WARNING_MS = 400;

/** Any page at `path`, with the kiosk layer (or the shell that mounts it) beside it, as the root layout has. */
function renderKiosk(path = '/contact', { shell = false }: { shell?: boolean } = {}) {
  const leave = vi.fn<(target: string) => void>();
  const { queryClient, user } = renderRoute({
    at: path,
    routes: [{ path: '*', element: <p>page</p> }],
    layer: shell ? <DesktopShell /> : <KioskLayer leave={leave} idleMs={IDLE_MS} warningMs={WARNING_MS} />,
  });
  // The previous visitor's data, which a reset must not leave behind.
  queryClient.setQueryData(['bookings', 'mine'], [{ id: 'réservation du visiteur précédent' }]);
  return { queryClient, leave, user };
}

const warning = () => screen.queryByRole('alertdialog', { name: 'Êtes-vous toujours là ?' });
const logoutRequests = () =>
  server.requests.filter((r) => r.method === 'POST' && r.url === '/api/v1/customer-auth/logout');

describe('kiosk idle reset (DESIGN.md §6)', { timeout: 30_000 }, () => {
  it('warns in French, counting down, before resetting', async () => {
    installBridge('kiosk');
    renderKiosk();
    expect(warning()).toBeNull();
    const dialog = await screen.findByRole('alertdialog', { name: 'Êtes-vous toujours là ?' }, { timeout: 8000 });
    expect(dialog).toHaveTextContent(/Sans action de votre part, la borne revient à l’accueil dans \d+ s/);
    expect(dialog).toHaveTextContent('Touchez l’écran pour continuer.');
    expect(screen.getByRole('button', { name: 'Continuer' })).toHaveFocus();
  });

  it('cancels the warning on a key press, without touching the session', async () => {
    const { bridge } = installBridge('kiosk');
    setAuthToken('jeton-visiteur');
    const { leave } = renderKiosk();
    await waitFor(() => expect(warning()).not.toBeNull(), { timeout: 8000 });
    fireEvent.keyDown(window, { key: 'a' });
    await waitFor(() => expect(warning()).toBeNull());
    // Less than a full idle period later, nothing was reset.
    await new Promise((resolve) => setTimeout(resolve, WARNING_MS + 100));
    expect(leave).not.toHaveBeenCalled();
    expect(logoutRequests()).toHaveLength(0);
    expect(bridge.token.clear).not.toHaveBeenCalled();
    expect(getAuthToken()).toBe('jeton-visiteur');
  });

  it('cancels the warning on a tap anywhere on it', async () => {
    installBridge('kiosk');
    const { leave, user } = renderKiosk();
    const dialog = await screen.findByRole('alertdialog', {}, { timeout: 8000 });
    await user.click(dialog);
    expect(warning()).toBeNull();
    expect(leave).not.toHaveBeenCalled();
  });

  it('revokes the session on the server, clears token, storage and cache once, and goes back to /', async () => {
    const { bridge, stored } = installBridge('kiosk');
    setAuthToken('jeton-visiteur');
    window.sessionStorage.setItem('wizard', '{"participants":12}');
    window.localStorage.setItem('token', 'jeton-visiteur');
    const { queryClient, leave } = renderKiosk();

    await waitFor(() => expect(leave).toHaveBeenCalled(), { timeout: 8000 });
    expect(leave).toHaveBeenCalledTimes(1);
    expect(leave).toHaveBeenCalledWith('/');
    expect(logoutRequests()).toHaveLength(1);
    expect(logoutRequests()[0]!.headers.authorization).toBe('Bearer jeton-visiteur');
    expect(logoutRequests()[0]!.headers['x-parc-id']).toBe(ESTABLISHMENT_ID);
    expect(getAuthToken()).toBeNull();
    expect(stored()).toBeNull();
    expect(bridge.token.clear).toHaveBeenCalled();
    expect(window.sessionStorage.length).toBe(0);
    expect(window.localStorage.length).toBe(0);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Retour à l’accueil…');

    // The reset ran once: no second revocation a period later.
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS / 2));
    expect(logoutRequests()).toHaveLength(1);
  });

  it('stays quiet on the home page when there is no session to reset', async () => {
    installBridge('kiosk');
    const { leave } = renderKiosk('/');
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS + 300));
    expect(warning()).toBeNull();
    expect(leave).not.toHaveBeenCalled();
  });
});

describe('kiosk layer', { timeout: 30_000 }, () => {
  it('starts over for the next visitor with a large "Nouvelle réservation" button', async () => {
    installBridge('kiosk');
    setAuthToken('jeton-visiteur');
    window.sessionStorage.setItem('wizard', '{}');
    const { leave, user } = renderKiosk('/reservation');
    const button = screen.getByRole('button', { name: 'Nouvelle réservation' });
    expect(Number.parseInt(getComputedStyle(button).minHeight, 10)).toBeGreaterThanOrEqual(44);

    await user.click(button);

    await waitFor(() => expect(leave).toHaveBeenCalledWith('/reservation'));
    expect(leave).toHaveBeenCalledTimes(1);
    expect(logoutRequests()).toHaveLength(1);
    expect(getAuthToken()).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
  });

  it('gives every button at least 44 px on the kiosk', () => {
    installBridge('kiosk');
    renderKiosk('/');
    expect(document.documentElement.dataset.kiosk).toBe('true');
    const css = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(css).toMatch(/html\[data-kiosk\] button[^{]*\{[^}]*min-height:\s*44px/);
  });

  it.each(['/admin', '/admin/reservations', '/ADMIN', '/%61dmin'])(
    'sends the staff route %s back to /',
    async (path) => {
      installBridge('kiosk');
      renderKiosk(path);
      await waitFor(() => expect(currentLocation()).toBe('/'));
    },
  );
});

describe('DesktopShell', () => {
  it('renders nothing and subscribes to nothing on the web', () => {
    renderKiosk('/contact', { shell: true });
    expect(screen.queryByRole('button', { name: 'Nouvelle réservation' })).toBeNull();
    expect(document.documentElement.dataset.kiosk).toBeUndefined();
  });

  it('opens deep-link routes on the desktop, without the kiosk layer', async () => {
    const fake = installBridge('desktop');
    renderKiosk('/', { shell: true });
    expect(screen.queryByRole('button', { name: 'Nouvelle réservation' })).toBeNull();
    expect(fake.bridge.onDeepLink).toHaveBeenCalled();
    act(() => fake.emitDeepLink('/invitation/Qm9uam91ci1sZXMtYW1pcw'));
    await waitFor(() => expect(currentLocation()).toBe('/invitation/Qm9uam91ci1sZXMtYW1pcw'));
  });

  it('mounts the kiosk layer in kiosk mode and ignores a deep link to a staff route', async () => {
    const fake = installBridge('kiosk');
    renderKiosk('/', { shell: true });
    expect(await screen.findByRole('button', { name: 'Nouvelle réservation' })).toBeInTheDocument();
    act(() => fake.emitDeepLink('/admin'));
    act(() => fake.emitDeepLink('/booking/5b0e7c3a-2f1d-4e8b-9a6c-7d3f1e2a4b5c'));
    await waitFor(() => expect(currentLocation()).toBe('/booking/5b0e7c3a-2f1d-4e8b-9a6c-7d3f1e2a4b5c'));
  });

  it('unsubscribes when unmounted', () => {
    const fake = installBridge('desktop');
    renderKiosk('/', { shell: true });
    expect(fake.listeners.size).toBe(1);
    cleanup();
    expect(fake.listeners.size).toBe(0);
  });
});

describe('resetKioskSession', () => {
  it('keeps going when the server cannot be reached, and still leaves', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const order: string[] = [];
    await resetKioskSession(
      {
        getToken: () => 'jeton',
        revoke: () => {
          order.push('revoke');
          return Promise.reject(new Error('réseau'));
        },
        clearToken: () => {
          order.push('token');
          return Promise.resolve();
        },
        clearStorage: () => order.push('storage'),
        clearQueryCache: () => order.push('cache'),
        leave: (target) => order.push(`leave ${target}`),
      },
      '/reservation',
    );
    expect(order).toEqual(['revoke', 'token', 'storage', 'cache', 'leave /reservation']);
    warn.mockRestore();
  });

  it('does not call the server without a session', async () => {
    const revoke = vi.fn();
    const leave = vi.fn();
    await resetKioskSession({
      getToken: () => null,
      revoke,
      clearToken: () => Promise.resolve(),
      clearStorage: () => undefined,
      clearQueryCache: () => undefined,
      leave,
    });
    expect(revoke).not.toHaveBeenCalled();
    expect(leave).toHaveBeenCalledWith('/');
  });
});
