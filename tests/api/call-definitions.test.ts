import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAllCalls } from '../../src/shared/api/calls';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The set of call definitions is the route table (docs/decisions.md, "One definition per call"): every route the server answers
 * under /api/v1 and /uploads/catalogue-pictures comes from a definition in src/shared/api, with
 * the same method, path and access, and every definition is registered.
 */

interface Operation {
  'x-access'?: string;
}

let t: TestApp;
let registered: Map<string, string | undefined>;

/** '/api/v1/x/{id}' (OpenAPI) → '/api/v1/x/:id' (Fastify and the definitions). */
const fastifyPath = (openApiPath: string) => openApiPath.replace(/\{(\w+)\}/g, ':$1');

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
  expect(res.statusCode).toBe(200);
  const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
  registered = new Map();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (method === 'head' || method === 'options') continue;
      registered.set(`${method.toUpperCase()} ${fastifyPath(path)}`, operation['x-access']);
    }
  }
});

afterAll(async () => {
  await t.close();
});

describe('call definitions = route table', () => {
  it('every definition is registered by the server with its access', () => {
    const calls = listAllCalls();
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      const key = `${call.method} ${call.path}`;
      expect(registered.has(key), `${key} is defined but not registered`).toBe(true);
      expect(registered.get(key), `${key} access`).toBe(call.access);
    }
  });

  it('no two definitions share a method and a path', () => {
    const keys = listAllCalls().map((call) => `${call.method} ${call.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('every API route comes from a definition', () => {
    const defined = new Set(listAllCalls().map((call) => `${call.method} ${call.path}`));
    const undefinedRoutes = [...registered.keys()].filter(
      (key) => (key.includes(' /api/v1/') || key.includes(' /uploads/')) && !defined.has(key),
    );
    expect(undefinedRoutes).toEqual([]);
  });
});
