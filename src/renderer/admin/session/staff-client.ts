import { sessionApi } from '@renderer/shared/api/session-client';
import { clearStaffToken, getStaffToken } from './staff-token';

export const STAFF_LOGIN_PATH = '/admin/login';

/**
 * The back-office's own session: its axios instance sends the staff token (never the customer's),
 * and a 401 drops the staff session and returns to /admin/login, whatever the customer session
 * does. Login, the setup link and logout say `redirectOn401: false`: there a 401 means wrong
 * credentials or a spent link, not an ended session.
 */
const staffSession = sessionApi({ getToken: getStaffToken, clearToken: clearStaffToken }, STAFF_LOGIN_PATH);

/** The admin layout registers a navigation without full reload once the router exists. */
export const setStaffSessionExpiredHandler = staffSession.setExpiredHandler;

export const createStaffApiClient = staffSession.createClient;

export const staffApi = createStaffApiClient();

/** Every back-office query key starts with this, so logging out drops all of them at once. */
export { STAFF_KEY } from '@renderer/shared/api/query-keys';
