import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

interface Operation {
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  responses: Record<string, unknown>;
  security?: unknown[];
  'x-access'?: string;
}
type Document = { openapi: string; info: { title: string }; paths: Record<string, Record<string, Operation>> };

async function documentAt(url: string): Promise<Document> {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json() as Document;
}

describe('GET /api/docs', () => {
  it('serves an OpenAPI 3.1 document without a session, the same at /api/docs/json', async () => {
    const doc = await documentAt('/api/docs');
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Parc Aventure des Landes — API de réservation de groupes');
    expect(await documentAt('/api/docs/json')).toEqual(doc);
  });

  it('lists every registered API route with its path parameters, and not the docs themselves', async () => {
    const doc = await documentAt('/api/docs');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/customer-auth/login',
        '/api/v1/public-booking-requests',
        '/api/v1/customer-booking-requests/{id}',
        '/api/v1/customer-booking-requests/{id}/participants/{participantId}',
        '/api/v1/establishment/activities/{id}',
      ]),
    );
    expect(doc.paths['/api/docs']).toBeUndefined();
    const remove = doc.paths['/api/v1/customer-booking-requests/{id}/participants/{participantId}']?.delete;
    expect(remove?.parameters?.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(['id', 'participantId']);
  });

  it('describes bodies and responses from the zod schemas declared on the routes', async () => {
    const doc = await documentAt('/api/docs');
    const register = doc.paths['/api/v1/customer-auth/register']?.post;
    const body = register?.requestBody?.content['application/json']?.schema;
    expect(body?.required).toEqual(expect.arrayContaining(['firstName', 'lastName', 'email', 'password']));
    expect(Object.keys(register?.responses ?? {})).toContain('201');
    const list = doc.paths['/api/v1/public-booking-requests/activities']?.get;
    expect(list?.parameters?.find((p) => p.name === 'isActive')?.in).toBe('query');
  });

  it('marks each operation with who may call it, and asks public routes for no bearer token', async () => {
    const doc = await documentAt('/api/docs');
    expect(doc.paths['/api/v1/customer-auth/login']?.post?.['x-access']).toBe('public');
    expect(doc.paths['/api/v1/customer-auth/login']?.post?.security).toBeUndefined();
    expect(doc.paths['/api/v1/establishment/info']?.get?.['x-access']).toBe('public');
    const detail = doc.paths['/api/v1/customer-booking-requests/{id}']?.get;
    expect(detail?.['x-access']).toBe('customer');
    expect(detail?.security).toEqual([{ bearer: [] }]);
  });
});
