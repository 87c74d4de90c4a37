import type { ParcBridge } from '@shared/desktop-bridge';
import { TOKEN_STORAGE_KEY } from '@shared/constants';

declare global {
  interface Window {
    parc?: ParcBridge;
  }
}

/**
 * The only door to the desktop bridge (CONVENTIONS.md 11). On the web build `window.parc`
 * does not exist and every function falls back to the browser's behaviour.
 */
export function desktopBridge(): ParcBridge | undefined {
  return typeof window === 'undefined' ? undefined : window.parc;
}

export function appMode(): 'web' | 'kiosk' | 'desktop' {
  return desktopBridge()?.mode ?? 'web';
}

export function isKiosk(): boolean {
  return appMode() === 'kiosk';
}

/**
 * Printing goes through the desktop app only (QR codes rendered and contracts fetched in main).
 * The bridge never appears or disappears while a page lives, so this is stable across renders.
 */
export function isPrintAvailable(): boolean {
  return desktopBridge() !== undefined;
}

/** Hook form of {@link isPrintAvailable}, for components that show print buttons. */
export function usePrintAvailable(): boolean {
  return isPrintAvailable();
}

/** Routes opened by deep links (desktop only); on the web nothing ever arrives. */
export function subscribeDeepLinks(listener: (route: string) => void): () => void {
  const bridge = desktopBridge();
  return bridge ? bridge.onDeepLink(listener) : () => undefined;
}

/** The API host without /api: the desktop app's configured server, or the page's own origin. */
export function apiHost(): string {
  const fromDesktop = desktopBridge()?.apiBaseUrl;
  if (fromDesktop) return fromDesktop.replace(/\/+$/, '');
  const fromBuild = import.meta.env.VITE_API_URL as string | undefined;
  return fromBuild ? fromBuild.replace(/\/+$/, '') : '';
}

/** Persistent token storage: the OS keychain through the bridge, else localStorage 'token' (SPEC.md §9). */
export const tokenVault = {
  async read(): Promise<string | null> {
    const bridge = desktopBridge();
    if (bridge) return bridge.token.get();
    try {
      return window.localStorage.getItem(TOKEN_STORAGE_KEY);
    } catch {
      // Storage disabled (private mode, policies): the session lives in memory only.
      return null;
    }
  },
  async write(token: string): Promise<void> {
    const bridge = desktopBridge();
    if (bridge) return void (await bridge.token.set(token));
    try {
      window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
    } catch {
      // Same as above: memory only.
    }
  },
  async clear(): Promise<void> {
    const bridge = desktopBridge();
    if (bridge) return void (await bridge.token.clear());
    try {
      window.localStorage.removeItem(TOKEN_STORAGE_KEY);
    } catch {
      // Nothing stored, nothing to clear.
    }
  },
};
