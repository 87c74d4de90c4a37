import axios, { type AxiosInstance } from 'axios';
import { ESTABLISHMENT_ID, PARC_ID_HEADER } from '@shared/constants';
import { endsSession } from '../../../shared/api/call-api';
import { apiHost } from '../../../shared/desktop';
import { clearStaffToken, getStaffToken } from './staff-token';

export const STAFF_LOGIN_PATH = '/admin/login';

let onStaffSessionExpired: () => void = () => {
  window.location.assign(STAFF_LOGIN_PATH);
};

/** The admin layout registers a navigation without full reload once the router exists. */
export function setStaffSessionExpiredHandler(handler: () => void): void {
  onStaffSessionExpired = handler;
}

/**
 * The back-office's own axios instance: it sends the staff token (never the customer's), and a
 * 401 drops the staff session and returns to /admin/login, whatever the customer session does.
 */
export function createStaffApiClient(host: string = apiHost()): AxiosInstance {
  const client = axios.create({ baseURL: `${host}/api`, timeout: 20_000 });
  client.interceptors.request.use((config) => {
    const token = getStaffToken();
    if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
    config.headers.set(PARC_ID_HEADER, ESTABLISHMENT_ID);
    return config;
  });
  client.interceptors.response.use(undefined, (error: unknown) => {
    if (axios.isAxiosError(error) && error.response?.status === 401) {
      // Whether a 401 ends the session is the call definition's `redirectOn401` (login, the setup
      // link and logout say no: there a 401 means wrong credentials or a spent link).
      if (endsSession(error.config)) {
        clearStaffToken();
        onStaffSessionExpired();
      }
    }
    return Promise.reject(error);
  });
  return client;
}

export const staffApi = createStaffApiClient();

/** Every back-office query key starts with this, so logging out drops all of them at once. */
export { STAFF_KEY } from '../../../shared/api/query-keys';
