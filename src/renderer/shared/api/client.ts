import axios, { type AxiosInstance } from 'axios';
import { ESTABLISHMENT_ID, PARC_ID_HEADER } from '@shared/constants';
import { apiHost, appMode } from '../desktop';
import { clearAuthToken, getAuthToken } from '../session/auth-token';

/** Calls whose 401 means "wrong credentials", not "session expired" (SPEC.md §7). */
const CALLS_WITHOUT_SESSION_REDIRECT = [
  '/v1/customer-auth/login',
  '/v1/customer-auth/login-link',
  '/v1/customer-auth/register',
  '/v1/customer-auth/forgot-password',
  // Sent after the token is already cleared on this device.
  '/v1/customer-auth/logout',
];

let onSessionExpired: () => void = () => {
  window.location.assign('/login');
};

/** The router registers a navigation without full reload once it exists. */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

export function createApiClient(host: string = apiHost()): AxiosInstance {
  // The desktop app calls the API from its app:// origin: its login device cookie (DESIGN.md §4)
  // travels only with withCredentials, which the server allows for its listed origins. The web
  // build calls its own origin, where the cookie goes anyway.
  const client = axios.create({ baseURL: `${host}/api`, timeout: 20_000, withCredentials: appMode() !== 'web' });

  client.interceptors.request.use((config) => {
    const token = getAuthToken();
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    config.headers.set(PARC_ID_HEADER, ESTABLISHMENT_ID);
    return config;
  });

  client.interceptors.response.use(undefined, (error: unknown) => {
    if (axios.isAxiosError(error) && error.response?.status === 401) {
      const url = error.config?.url ?? '';
      if (!CALLS_WITHOUT_SESSION_REDIRECT.some((call) => url.startsWith(call))) {
        clearAuthToken();
        onSessionExpired();
      }
    }
    return Promise.reject(error);
  });

  return client;
}

export const api = createApiClient();

export { mediaUrl } from './media-url';
