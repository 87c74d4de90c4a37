// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { callPath, defineCall, redirectsOn401 } from '@shared/api/contract';
import { callApi, callUrl } from '@renderer/shared/api/call-api';
import { createApiClient, setSessionExpiredHandler } from '@renderer/shared/api/client';
import { clearAuthToken, getAuthToken, setAuthToken } from '@renderer/shared/session/auth-token';
import { startLocalServer, type LocalServer } from './support/local-server';

/** Test-only definitions: the renderer's behaviour, whatever the product's calls are. */
const thing = z.object({ success: z.literal(true), data: z.object({ id: z.string(), label: z.string() }) });
const calls = {
  getThing: defineCall({
    method: 'GET',
    path: '/api/v1/things/:id',
    access: 'customer',
    params: z.object({ id: z.string() }),
    query: z.object({ page: z.string().optional() }),
    response: thing,
    summary: 'Une chose',
  }),
  renameThing: defineCall({
    method: 'PUT',
    path: '/api/v1/things/:id',
    access: 'customer',
    params: z.object({ id: z.string() }),
    body: z.object({ label: z.string() }),
    response: thing,
    summary: 'Chose renommée',
  }),
  login: defineCall({
    method: 'POST',
    path: '/api/v1/things-login',
    access: 'public',
    body: z.object({ email: z.string() }),
    summary: 'Connexion',
  }),
  logout: defineCall({
    method: 'POST',
    path: '/api/v1/things-logout',
    access: 'customer',
    redirectOn401: false,
    summary: 'Déconnexion',
  }),
  /** Multipart: no body in the definition, the FormData goes as axios's `data`. */
  uploadPicture: defineCall({
    method: 'POST',
    path: '/api/v1/things/:id/picture',
    access: 'customer',
    params: z.object({ id: z.string() }),
    response: thing,
    summary: 'Photo de la chose',
  }),
  broken: defineCall({ method: 'GET', path: '/api/v1/broken', access: 'public', response: thing, summary: 'Cassé' }),
};

let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer(({ url, method }) => {
    if (url.startsWith('/api/v1/things-')) return { status: 401, body: { success: false, message: 'Non authentifié' } };
    if (url.startsWith('/api/v1/broken')) return { status: 200, body: { success: true, data: { id: 7 } } };
    if (url.startsWith('/api/v1/things/secret'))
      return { status: 401, body: { success: false, message: 'Non authentifié' } };
    return { status: 200, body: { success: true, data: { id: url, label: method } } };
  });
});

afterAll(async () => {
  await server.close();
});

afterEach(() => {
  clearAuthToken();
  server.requests.length = 0;
});

describe('call definitions (src/shared/api/contract.ts)', () => {
  it('fills and encodes the path parameters, and refuses a missing one', () => {
    expect(callPath(calls.getThing, { id: 'a b/c' })).toBe('/api/v1/things/a%20b%2Fc');
    expect(() => callPath(calls.getThing, {})).toThrow('Paramètre manquant « id » pour /api/v1/things/:id');
    expect(callUrl('http://parc.test', calls.getThing, { id: '42' })).toBe('http://parc.test/api/v1/things/42');
  });

  it('redirects on a 401 by default for session calls only', () => {
    expect(redirectsOn401(calls.getThing)).toBe(true);
    expect(redirectsOn401(calls.login)).toBe(false);
    expect(redirectsOn401(calls.logout)).toBe(false);
  });
});

describe('callApi', () => {
  it('sends the method, the path with its parameters, the query and the body of the definition', async () => {
    const client = createApiClient(server.origin);

    const read = await callApi(client, calls.getThing, { params: { id: 'x 1' }, query: { page: '2' } });
    expect(read).toEqual({ success: true, data: { id: '/api/v1/things/x%201?page=2', label: 'GET' } });

    await callApi(client, calls.renameThing, { params: { id: '9' }, body: { label: 'Nouveau nom' } });
    const last = server.requests.at(-1);
    expect(last).toMatchObject({ method: 'PUT', url: '/api/v1/things/9', body: { label: 'Nouveau nom' } });
  });

  it('sends the FormData of a multipart call (no body in its definition) as multipart/form-data', async () => {
    const form = new FormData();
    form.append('content', 'Bonjour l’équipe');
    const answer = await callApi(
      createApiClient(server.origin),
      calls.uploadPicture,
      { params: { id: '7' } },
      { data: form },
    );
    expect(answer.data.label).toBe('POST');
    const last = server.requests.at(-1);
    expect(last).toMatchObject({ method: 'POST', url: '/api/v1/things/7/picture' });
    expect(String(last?.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
    expect(String(last?.body)).toContain('name="content"');
    expect(String(last?.body)).toContain('Bonjour l’équipe');
  });

  it('parses the answer with the response schema in tests and development: a wrong shape fails loudly', async () => {
    await expect(callApi(createApiClient(server.origin), calls.broken, {})).rejects.toThrow(
      /^Réponse inattendue de GET \/api\/v1\/broken/,
    );
  });

  it('a 401 on a session call ends the session', async () => {
    const onExpired = vi.fn();
    setSessionExpiredHandler(onExpired);
    setAuthToken('expired-token');

    await expect(
      callApi(createApiClient(server.origin), calls.getThing, { params: { id: 'secret' } }),
    ).rejects.toMatchObject({
      response: { status: 401 },
    });

    expect(getAuthToken()).toBeNull();
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a public call (wrong credentials)', calls.login, { body: { email: 'a@b.fr' } }],
    ['a call declared redirectOn401: false', calls.logout, {}],
  ] as const)('a 401 on %s keeps the session', async (_, call, input) => {
    const onExpired = vi.fn();
    setSessionExpiredHandler(onExpired);
    setAuthToken('still-valid');

    await expect(callApi(createApiClient(server.origin), call, input as never)).rejects.toMatchObject({
      response: { status: 401 },
    });

    expect(getAuthToken()).toBe('still-valid');
    expect(onExpired).not.toHaveBeenCalled();
  });
});
