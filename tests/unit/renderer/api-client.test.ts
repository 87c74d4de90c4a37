// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { customerAuthCalls } from '@shared/api/auth.contract';
import { customerBookingCalls } from '@shared/api/customer-bookings.contract';
import { ESTABLISHMENT_ID, TOKEN_STORAGE_KEY } from '@shared/constants';
import { callApi } from '@renderer/shared/api/call-api';
import { createApiClient, mediaUrl, setSessionExpiredHandler } from '@renderer/shared/api/client';
import { clearAuthToken, getAuthToken, setAuthToken } from '@renderer/shared/session/auth-token';
import { createStaffApiClient } from '@renderer/admin/session/staff-client';
import { startLocalServer, type LocalServer } from './support/local-server';

let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer(({ url }) => {
    if (url.startsWith('/api/v1/customer-auth/') || url.startsWith('/api/v1/customer-booking-requests')) {
      return {
        status: 401,
        body: { success: false, error: 'Non authentifié', message: 'Non authentifié', code: 'UNAUTHORIZED' },
      };
    }
    return { status: 200, body: { success: true, data: { url } } };
  });
});

afterAll(async () => {
  await server.close();
});

afterEach(() => {
  clearAuthToken();
  server.requests.length = 0;
});

const lastRequest = () => server.requests.at(-1);

describe('createApiClient (SPEC.md §7)', () => {
  it('sends cookies cross-origin in the desktop app, so it keeps its login device cookie', () => {
    expect(createApiClient(server.origin).defaults.withCredentials).toBe(false);
    window.parc = { mode: 'desktop' } as unknown as NonNullable<typeof window.parc>;
    try {
      expect(createApiClient(server.origin).defaults.withCredentials).toBe(true);
    } finally {
      delete window.parc;
    }
  });

  it('the back-office client does the same, for the staff login’s device cookie', () => {
    expect(createStaffApiClient(server.origin).defaults.withCredentials).toBe(false);
    window.parc = { mode: 'desktop' } as unknown as NonNullable<typeof window.parc>;
    try {
      expect(createStaffApiClient(server.origin).defaults.withCredentials).toBe(true);
    } finally {
      delete window.parc;
    }
  });

  it('sends every call under {host}/api', async () => {
    const client = createApiClient(server.origin);
    expect(client.defaults.baseURL).toBe(`${server.origin}/api`);

    const { data } = await client.get('/v1/establishment/info');

    expect(data).toEqual({ success: true, data: { url: '/api/v1/establishment/info' } });
    expect(lastRequest()?.url).toBe('/api/v1/establishment/info');
  });

  it('carries the park identifier on every call, logged in or not', async () => {
    const client = createApiClient(server.origin);
    await client.get('/v1/public-booking-requests/booking-types');
    expect(lastRequest()?.headers['x-parc-id']).toBe(ESTABLISHMENT_ID);

    setAuthToken('tok-123');
    await client.post('/v1/public-booking-requests', { participants: 10 });
    expect(lastRequest()?.headers['x-parc-id']).toBe(ESTABLISHMENT_ID);
  });

  it('adds the Bearer header only while a token is stored', async () => {
    const client = createApiClient(server.origin);

    await client.get('/v1/establishment/info');
    expect(lastRequest()?.headers.authorization).toBeUndefined();

    setAuthToken('tok-123');
    await client.get('/v1/establishment/info');
    expect(lastRequest()?.headers.authorization).toBe('Bearer tok-123');

    clearAuthToken();
    await client.get('/v1/establishment/info');
    expect(lastRequest()?.headers.authorization).toBeUndefined();
  });

  it('keeps the Authorization a call sets itself (a logout revokes the token it was given, not a newer one)', async () => {
    const client = createApiClient(server.origin);
    setAuthToken('new-session');

    await client.get('/v1/establishment/info', { headers: { Authorization: 'Bearer old-session' } });

    expect(lastRequest()?.headers.authorization).toBe('Bearer old-session');
  });

  it('on a 401 from a session call, clears the stored token and hands over to the session-expired handler', async () => {
    const onExpired = vi.fn();
    setSessionExpiredHandler(onExpired);
    setAuthToken('expired-token');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('expired-token');
    const client = createApiClient(server.origin);

    await expect(callApi(client, customerBookingCalls.list, { query: { page: 1 } })).rejects.toMatchObject({
      response: { status: 401 },
    });

    expect(lastRequest()?.url).toBe('/api/v1/customer-booking-requests?page=1');
    expect(lastRequest()?.headers.authorization).toBe('Bearer expired-token');
    expect(getAuthToken()).toBeNull();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['login', customerAuthCalls.login, '/api/v1/customer-auth/login'],
    ['register', customerAuthCalls.register, '/api/v1/customer-auth/register'],
    ['forgotPassword', customerAuthCalls.forgotPassword, '/api/v1/customer-auth/forgot-password'],
    // Sent after the token is already cleared on this device.
    ['logout', customerAuthCalls.logout, '/api/v1/customer-auth/logout'],
  ] as const)(
    'on a 401 from %s, keeps the token and stays on the page (wrong credentials, not an expired session)',
    async (_, call, url) => {
      const onExpired = vi.fn();
      setSessionExpiredHandler(onExpired);
      setAuthToken('still-valid');
      const client = createApiClient(server.origin);

      // The caller still gets the rejection so the screen can show its own message.
      await expect(callApi(client, call, { body: { email: 'a@b.fr' } } as never)).rejects.toMatchObject({
        response: { status: 401 },
      });

      expect(lastRequest()?.url).toBe(url);
      expect(getAuthToken()).toBe('still-valid');
      expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('still-valid');
      expect(onExpired).not.toHaveBeenCalled();
    },
  );

  it('treats a 401 from verify as an expired session', async () => {
    const onExpired = vi.fn();
    setSessionExpiredHandler(onExpired);
    setAuthToken('expired-token');

    await expect(callApi(createApiClient(server.origin), customerAuthCalls.verify, {})).rejects.toMatchObject({
      response: { status: 401 },
    });

    expect(lastRequest()?.url).toBe('/api/v1/customer-auth/verify');
    expect(getAuthToken()).toBeNull();
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('reads no list of URLs: a request sent without a call definition ends the session on a 401, whatever its path', async () => {
    const onExpired = vi.fn();
    setSessionExpiredHandler(onExpired);
    setAuthToken('expired-token');

    await expect(createApiClient(server.origin).post('/v1/customer-auth/login', {})).rejects.toMatchObject({
      response: { status: 401 },
    });

    expect(getAuthToken()).toBeNull();
    expect(onExpired).toHaveBeenCalledTimes(1);
  });
});

describe('mediaUrl (SPEC.md §7: media served by the API host without /api)', () => {
  const host = 'http://api.parc.test';

  it.each([
    { path: 'catalogue/x.svg', expected: `${host}/uploads/catalogue/x.svg` },
    { path: '/uploads/a.png', expected: `${host}/uploads/a.png` },
    { path: 'uploads/a.png', expected: `${host}/uploads/a.png` },
    { path: 'messages/booking-1/plan.pdf', expected: `${host}/uploads/messages/booking-1/plan.pdf` },
    { path: 'https://cdn.example.com/a.png', expected: 'https://cdn.example.com/a.png' },
    { path: 'http://cdn.example.com/a.png', expected: 'http://cdn.example.com/a.png' },
    { path: 'data:image/png;base64,iVBORw0KGgo=', expected: 'data:image/png;base64,iVBORw0KGgo=' },
    { path: 'blob:http://localhost:3000/5f0c-11aa', expected: 'blob:http://localhost:3000/5f0c-11aa' },
    { path: '', expected: undefined },
    { path: null, expected: undefined },
    { path: undefined, expected: undefined },
  ])('maps $path to $expected', ({ path, expected }) => {
    expect(mediaUrl(path, host)).toBe(expected);
  });
});
