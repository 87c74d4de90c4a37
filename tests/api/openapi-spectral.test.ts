import { Document, Spectral, type ISpectralDiagnostic } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The served OpenAPI document passes Spectral's `spectral:oas` ruleset (its recommended rules)
 * without one error or warning (docs/decisions.md, "The API document"). The document is made from
 * the call definitions, so a new call that breaks a rule fails here.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** Spectral's severities: 0 error, 1 warning, 2 information, 3 hint. */
const ERROR = 0;
const WARNING = 1;

function describeResult(result: ISpectralDiagnostic): string {
  return `${result.code} at ${result.path.join('.')}: ${result.message}`;
}

async function lint(text: string): Promise<ISpectralDiagnostic[]> {
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [oas] } as Parameters<Spectral['setRuleset']>[0]);
  return spectral.run(new Document(text, Json, '/api/docs/json'));
}

describe('Spectral (spectral:oas) on /api/docs/json', () => {
  it('finds a fault in a document that breaks its rules (the check itself works)', async () => {
    const broken = {
      openapi: '3.1.0',
      info: { title: 'x', version: '1' },
      paths: { '/a': { get: { responses: { 200: { description: 'ok' } } } } },
    };
    const codes = (await lint(JSON.stringify(broken))).map((r) => r.code);
    expect(codes).toEqual(expect.arrayContaining(['operation-operationId', 'operation-tags', 'operation-description']));
  });

  it('reports no error and no warning on the served document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const results = await lint(res.body);
    const faults = results.filter((r) => r.severity === ERROR || r.severity === WARNING).map(describeResult);
    expect(faults).toEqual([]);
  });
});
