import { appMode } from '@renderer/shared/desktop';

/**
 * The staff session token, kept apart from the customer's ('token'): a staff member may be logged
 * in as a customer in the same browser, and neither session may ever ride on the other's calls.
 * On the web it persists in localStorage 'staffToken'. In the desktop app the bridge's vault holds
 * only the customer's token, and localStorage of the app:// origin is a plain file on disk, so the
 * staff token lives in sessionStorage there: it dies with the window (log in again at each start).
 */
export const STAFF_TOKEN_KEY = 'staffToken';

function storage(): Storage | null {
  try {
    return appMode() === 'desktop' ? window.sessionStorage : window.localStorage;
  } catch {
    // Storage disabled (private mode, policies): the session lives in memory only.
    return null;
  }
}

function readStored(): string | null {
  // The kiosk never holds a staff session (DESIGN.md §6).
  if (appMode() === 'kiosk') return null;
  try {
    return storage()?.getItem(STAFF_TOKEN_KEY) ?? null;
  } catch {
    return null;
  }
}

let current: string | null | undefined;
const listeners = new Set<(token: string | null) => void>();

export function getStaffToken(): string | null {
  if (current === undefined) current = readStored();
  return current;
}

export function setStaffToken(token: string): void {
  if (appMode() === 'kiosk') return;
  current = token;
  try {
    storage()?.setItem(STAFF_TOKEN_KEY, token);
  } catch {
    // Memory only, see storage().
  }
  listeners.forEach((listener) => listener(current ?? null));
}

export function clearStaffToken(): void {
  current = null;
  try {
    storage()?.removeItem(STAFF_TOKEN_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
  listeners.forEach((listener) => listener(null));
}

export function subscribeStaffToken(listener: (token: string | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
