import type { WebContents } from 'electron';
import { DESKTOP_ORIGIN, isRouteAllowedInKiosk } from '../shared/desktop-bridge';

/**
 * Hosts the app may hand to the system browser (the park's public website). Everything else a
 * page tries to open is dropped: the kiosk must never leave the app.
 */
export const EXTERNAL_HOSTS: ReadonlySet<string> = new Set(['www.parc-aventure-landes.fr', 'parc-aventure-landes.fr']);

/**
 * `scheme://host[:port]` of a URL, compared as a string. Node's `URL.origin` is "null" for
 * schemes it does not know (app:), so the origin is rebuilt from protocol and host.
 */
export function originOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.host === '') return null;
  // userinfo (app://parc@evil.com) is refused outright rather than reasoned about.
  if (parsed.username !== '' || parsed.password !== '') return null;
  return `${parsed.protocol}//${parsed.host}`;
}

/** Origins the window may show: the app, plus the electron-vite dev server when it is running. */
export function appOrigins(devServerUrl: string | undefined): string[] {
  const origins = [DESKTOP_ORIGIN];
  const dev = devServerUrl ? originOf(devServerUrl) : null;
  if (dev) origins.push(dev);
  return origins;
}

export function isAppUrl(url: string, origins: readonly string[]): boolean {
  const origin = originOf(url);
  return origin !== null && origins.includes(origin);
}

export function isAllowedExternalUrl(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === 'https:' &&
    parsed.username === '' &&
    parsed.password === '' &&
    parsed.port === '' &&
    EXTERNAL_HOSTS.has(parsed.hostname)
  );
}

/**
 * Whether a document navigation may happen: into the app only, and in the kiosk never to a
 * staff route (the renderer guards its own client-side navigations with the same rule).
 */
export function isNavigationAllowed(url: string, origins: readonly string[], kiosk: boolean): boolean {
  if (!isAppUrl(url, origins)) return false;
  return !kiosk || isRouteAllowedInKiosk(new URL(url).pathname);
}

/**
 * Locks every web contents to the app (Electron security checklist 13, 14): in-app navigation
 * only, no new windows, no <webview>. Allow-listed https links go to the system browser, except
 * in the kiosk, which never leaves the app.
 */
export function hardenWebContents(
  contents: WebContents,
  origins: readonly string[],
  openExternal: (url: string) => Promise<void>,
  options: { kiosk?: boolean } = {},
): void {
  const kiosk = options.kiosk ?? false;
  contents.on('will-navigate', (details) => {
    if (!isNavigationAllowed(details.url, origins, kiosk)) details.preventDefault();
  });
  // Only the top frame is locked: Stripe's card frames redirect inside themselves (3-D Secure).
  contents.on('will-redirect', (details) => {
    if (details.isMainFrame && !isNavigationAllowed(details.url, origins, kiosk)) details.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (!kiosk && isAllowedExternalUrl(url)) {
      openExternal(url).catch((error: unknown) => {
        console.error('[parc] shell.openExternal failed', error);
      });
    }
    return { action: 'deny' };
  });
}
