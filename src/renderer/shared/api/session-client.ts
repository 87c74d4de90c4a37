import axios, { type AxiosInstance } from 'axios';
import { ESTABLISHMENT_ID, PARC_ID_HEADER } from '@shared/constants';
import { apiHost, appMode } from '../desktop';
import { endsSession } from './call-api';

/** The stored token of one kind of session (customer or staff) and what ends it. */
export interface ApiSession {
  getToken: () => string | null;
  clearToken: () => void;
  onExpired: () => void;
}

/**
 * An axios instance bound to one session: every call carries the park identifier and the stored
 * token, unless the call sets its own Authorization (a logout sends the token it just cleared).
 */
export function createSessionClient(host: string, session: ApiSession, withCredentials = false): AxiosInstance {
  const client = axios.create({ baseURL: `${host}/api`, timeout: 20_000, withCredentials });

  client.interceptors.request.use((config) => {
    const token = session.getToken();
    if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
    config.headers.set(PARC_ID_HEADER, ESTABLISHMENT_ID);
    return config;
  });

  client.interceptors.response.use(undefined, (error: unknown) => {
    if (axios.isAxiosError(error) && error.response?.status === 401) {
      // Whether a 401 means "session over" or "wrong credentials" is the call definition's
      // `redirectOn401` (src/shared/api/*.contract.ts); a request made without one ends the session.
      if (endsSession(error.config)) {
        session.clearToken();
        session.onExpired();
      }
    }
    return Promise.reject(error);
  });

  return client;
}

/**
 * One kind of session's client maker and its "session over" hook: a 401 that ends the session
 * drops the token, then goes to `loginPath` by the navigation the router registers
 * (`setExpiredHandler`). One that comes before (a call made at start-up, beside the page's chunks)
 * is kept for it: the router then goes to `loginPath` unless the page is already there (a
 * protected page's guard has sent it, with the address to come back to). The desktop app calls the API from its app://
 * origin: its login device cookie (DESIGN.md §4) travels only with withCredentials, which the
 * server allows for its listed origins; the web build calls its own origin, where the cookie goes
 * anyway.
 */
export function sessionApi(token: Pick<ApiSession, 'getToken' | 'clearToken'>, loginPath: string) {
  let expiredEarly = false;
  let onExpired = (): void => {
    expiredEarly = true;
  };
  return {
    setExpiredHandler: (handler: () => void): void => {
      onExpired = handler;
      if (expiredEarly && window.location.pathname !== loginPath) handler();
      expiredEarly = false;
    },
    createClient: (host: string = apiHost()): AxiosInstance =>
      createSessionClient(host, { ...token, onExpired: () => onExpired() }, appMode() !== 'web'),
  };
}
