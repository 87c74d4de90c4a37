import { contractFileOf } from '@shared/contract-file';
import type { ParcBridge, PrintResult } from '@shared/desktop-bridge';
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

/** Shown after "Impression impossible : " when the bridge itself failed (IPC refusal, crash). */
export const PRINT_UNEXPECTED_ERROR = 'une erreur inattendue est survenue';
/** Shown after "Impression impossible : " when a print is asked for on the web build. */
export const PRINT_UNAVAILABLE_ERROR = 'l’impression n’est disponible que dans l’application du parc';

async function printThroughBridge(job: (bridge: ParcBridge) => Promise<PrintResult>): Promise<PrintResult> {
  const bridge = desktopBridge();
  if (!bridge) return { ok: false, error: PRINT_UNAVAILABLE_ERROR };
  try {
    return await job(bridge);
  } catch {
    // main refused the call (invalid arguments): still an honest failure, never a success.
    return { ok: false, error: PRINT_UNEXPECTED_ERROR };
  }
}

/** Prints a QR code (invitation link) with its label under it, on the desktop app. */
export function printQrCode(url: string, label: string): Promise<PrintResult> {
  return printThroughBridge((bridge) => bridge.print.qrCode(url, label));
}

/**
 * Prints a booking's contract PDF (its `contractUrl`, '/api/v1/contracts/{filename}'): main fetches
 * that file with the stored session.
 */
export function printContract(contractUrl: string): Promise<PrintResult> {
  return printThroughBridge((bridge) => bridge.print.contract(contractFileOf(contractUrl)));
}

/**
 * Prints a day's passes ('yyyy-MM-dd') in one job, then the day's contracts (docs/decisions.md,
 * "On site"): main fetches them with the stored session.
 */
export function printDayPasses(date: string): Promise<PrintResult> {
  return printThroughBridge((bridge) => bridge.print.dayPasses(date));
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
