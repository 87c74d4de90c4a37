import axios, { type AxiosInstance } from 'axios';
import { ESTABLISHMENT_ID, PARC_ID_HEADER } from '@shared/constants';
import { apiHost, appMode } from '../desktop';
import { endsSession } from './call-api';
import { clearAuthToken, getAuthToken } from '../session/auth-token';

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
      // Whether a 401 means "session over" or "wrong credentials" is the call definition's
      // `redirectOn401` (src/shared/api/*.contract.ts); a request made without one ends the session.
      if (endsSession(error.config)) {
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
