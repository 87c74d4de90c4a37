import { tokenVault } from '../desktop';

/**
 * The session token, kept in memory for the synchronous request interceptor and persisted
 * through the vault. `loadAuthToken()` runs once before the app renders.
 */
let current: string | null = null;
const listeners = new Set<(token: string | null) => void>();

export async function loadAuthToken(): Promise<string | null> {
  current = await tokenVault.read();
  return current;
}

export function getAuthToken(): string | null {
  return current;
}

export function setAuthToken(token: string): void {
  current = token;
  void tokenVault.write(token);
  listeners.forEach((listener) => listener(current));
}

export function clearAuthToken(): void {
  current = null;
  void tokenVault.clear();
  listeners.forEach((listener) => listener(current));
}

export function subscribeAuthToken(listener: (token: string | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
