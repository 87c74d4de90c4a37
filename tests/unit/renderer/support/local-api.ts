import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { startLocalServer, type LocalServer, type RecordedRequest, type Reply } from './local-server';

/** A success as the API answers it: `{ success: true, data }`, with the toast's `message` when given. */
export const ok = (data: unknown, message?: string): Reply => ({
  status: 200,
  body: { success: true, data, ...(message ? { message } : {}) },
});

/** The API's answer to an address it does not serve (its error shape: `{ success: false, error, message, code }`). */
export const NOT_FOUND: Reply = {
  status: 404,
  body: { success: false, error: 'Ressource non trouvée', message: 'Ressource non trouvée', code: 'NOT_FOUND' },
};

/**
 * The set-up of a renderer test that talks to the API: starts the local server, points the app's
 * `api` client at it (VITE_API_URL, read when the client module loads, so the test file imports the
 * renderer's modules dynamically after this call), and registers the hooks every such file needs:
 * after each test, unmount, log the customer and the staff member out and forget the recorded
 * requests; after all, unstub and close the server. Call it at the top level of the test file.
 */
export async function startLocalApi(reply: (request: RecordedRequest) => Reply): Promise<LocalServer> {
  const server = await startLocalServer(reply);
  vi.stubEnv('VITE_API_URL', server.origin);
  const { clearAuthToken } = await import('@renderer/shared/session/auth-token');
  const { clearStaffToken } = await import('@renderer/admin/session/staff-token');
  afterEach(() => {
    cleanup();
    clearAuthToken();
    clearStaffToken();
    server.requests.length = 0;
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await server.close();
  });
  return server;
}
