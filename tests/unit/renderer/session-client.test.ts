// @vitest-environment jsdom
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { sessionApi } from '@renderer/shared/api/session-client';
import { startLocalServer } from './support/local-server';

/**
 * A 401 that ends the session (src/renderer/shared/api/session-client.ts): the token goes, then
 * the router's navigation to the login page; one that comes before the router has registered it
 * (a call made at start-up, beside the page's chunks) waits for it, and no page reloads.
 */
const server = await startLocalServer(() => ({
  status: 401,
  body: { success: false, error: 'Session expirée', message: 'Session expirée', code: 'UNAUTHORIZED' },
}));

afterEach(() => {
  server.requests.length = 0;
  window.history.replaceState(null, '', '/');
});
afterAll(() => server.close());

function session() {
  let token: string | null = 'jeton-refuse';
  const api = sessionApi({ getToken: () => token, clearToken: () => (token = null) }, '/login');
  const client = api.createClient(server.origin);
  return { api, client, token: () => token };
}

describe('the end of a session before and after the router registers its navigation', () => {
  it('keeps a 401 that came first for the router, which then goes to the login page', async () => {
    window.history.replaceState(null, '', '/dashboard');
    const { api, client, token } = session();
    await expect(client.get('/v1/customer-booking-requests')).rejects.toThrow();
    expect(server.requests[0]?.headers.authorization).toBe('Bearer jeton-refuse');
    expect(token()).toBeNull();
    // No reload: still the page it was.
    expect(window.location.pathname).toBe('/dashboard');

    const navigate = vi.fn();
    api.setExpiredHandler(navigate);
    expect(navigate).toHaveBeenCalledTimes(1);
    // Once: a handler registered again (a new render of the layout) does not go there twice.
    api.setExpiredHandler(navigate);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('leaves the page where the guard sent it: already on the login page, no second navigation', async () => {
    const { api, client } = session();
    await expect(client.get('/v1/customer-booking-requests')).rejects.toThrow();
    window.history.replaceState(null, '', '/login');
    const navigate = vi.fn();
    api.setExpiredHandler(navigate);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('goes to the login page at once after the router registered its navigation, and not before a 401', async () => {
    const { api, client } = session();
    const navigate = vi.fn();
    api.setExpiredHandler(navigate);
    expect(navigate).not.toHaveBeenCalled();
    await expect(client.get('/v1/customer-booking-requests')).rejects.toThrow();
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});
