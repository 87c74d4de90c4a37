import { sessionApi } from './session-client';
import { clearAuthToken, getAuthToken } from '../session/auth-token';

const customerSession = sessionApi({ getToken: getAuthToken, clearToken: clearAuthToken }, '/login');

/** The router registers a navigation without full reload once it exists. */
export const setSessionExpiredHandler = customerSession.setExpiredHandler;

/** The customer's client: a 401 that ends the session drops the customer token and goes to /login. */
export const createApiClient = customerSession.createClient;

export const api = createApiClient();

export { mediaUrl } from './media-url';
