import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

describe('the built web bundle served at /', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'parc-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="fr"><title>Parc</title><div id="root"></div></html>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / and for every client route (history fallback), revalidated', async () => {
    for (const url of ['/', '/reservation', '/booking/123', '/auth/reset-password?temp=true']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets for a year, and a missing asset or API path as a JSON 404', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const url of ['/assets/missing.js', '/api/v1/nope', '/uploads/nope.png']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ success: false, error: 'Ressource non trouvée' });
    }
  });

  it('serves a file added after start (a rebuild needs no restart)', async () => {
    writeFileSync(join(dist, 'assets', 'later-def456.js'), 'console.log(2)');
    const res = await t.app.inject({ method: 'GET', url: '/assets/later-def456.js' });
    expect(res.statusCode).toBe(200);
  });
});
