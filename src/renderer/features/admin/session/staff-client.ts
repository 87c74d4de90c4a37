import type { AxiosInstance } from 'axios';
import { createSessionClient } from '../../../shared/api/session-client';
import { apiHost, appMode } from '../../../shared/desktop';
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
  // Login, the setup link and logout say `redirectOn401: false`: there a 401 means wrong
  // credentials or a spent link, not an ended session.
  // The desktop app calls the API from another origin: credentials carry the staff login's
  // device cookie there, as the customers' client does.
  return createSessionClient(
    host,
    { getToken: getStaffToken, clearToken: clearStaffToken, onExpired: () => onStaffSessionExpired() },
    appMode() !== 'web',
  );
}

export const staffApi = createStaffApiClient();

/** Every back-office query key starts with this, so logging out drops all of them at once. */
export { STAFF_KEY } from '../../../shared/api/query-keys';
