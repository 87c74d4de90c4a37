import type { AxiosInstance } from 'axios';
import { apiHost, appMode } from '../desktop';
import { createSessionClient } from './session-client';
import { clearAuthToken, getAuthToken } from '../session/auth-token';

let onSessionExpired: () => void = () => {
  window.location.assign('/login');
};

/** The router registers a navigation without full reload once it exists. */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

/** The customer's client: a 401 that ends the session drops the customer token and goes to /login. */
export function createApiClient(host: string = apiHost()): AxiosInstance {
  // The desktop app calls the API from its app:// origin: its login device cookie (DESIGN.md §4)
  // travels only with withCredentials, which the server allows for its listed origins. The web
  // build calls its own origin, where the cookie goes anyway.
  return createSessionClient(
    host,
    { getToken: getAuthToken, clearToken: clearAuthToken, onExpired: () => onSessionExpired() },
    appMode() !== 'web',
  );
}

export const api = createApiClient();

export { mediaUrl } from './media-url';
