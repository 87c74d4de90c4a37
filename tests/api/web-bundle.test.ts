import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';

describe('the built web bundle served at /', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'parc-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html lang="fr"><title>Parc</title><div id="root"></div></html>',
    );
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

  it('answers HEAD on a page as GET does, without the body', async () => {
    for (const url of ['/', '/reservation', '/booking/123']) {
      const res = await t.app.inject({ method: 'HEAD', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe('');
    }
    const missing = await t.app.inject({ method: 'HEAD', url: '/api/v1/nope' });
    expect(missing.statusCode).toBe(404);
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

describe("the customer area's shells (performance rule 23)", () => {
  let t: TestApp;
  let dist: string;
  const page = (name: string) =>
    `<!doctype html><html lang="fr"><title>Parc</title><div id="root">${name}</div></html>`;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'parc-dist-'));
    mkdirSync(join(dist, 'shells'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), page('accueil'));
    writeFileSync(join(dist, 'app-shell.html'), page('coquille'));
    writeFileSync(join(dist, 'shells', 'dashboard.html'), page('coquille de l’espace client'));
    writeFileSync(join(dist, 'shells', 'booking.html'), page('coquille de la réservation'));
    writeFileSync(join(dist, 'shells', 'dashboard-payments.html'), page('coquille des paiements'));
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves a page of the customer area its shell, every other page the app shell, each revalidated', async () => {
    const expected: [string, string][] = [
      ['/dashboard', 'coquille de l’espace client'],
      ['/dashboard?tab=profile', 'coquille de l’espace client'],
      ['/dashboard?tab=payments', 'coquille des paiements'],
      ['/dashboard?utm=x&tab=payments', 'coquille des paiements'],
      ['/dashboard?tab=../booking', 'coquille de l’espace client'],
      ['/dashboard?tab=Payments', 'coquille de l’espace client'],
      ['/booking/5b0e7c2a-8f5d-4a53-9a51-0d6f1f1f1f1f?tab=payments', 'coquille de la réservation'],
      ['/booking/5b0e7c2a-8f5d-4a53-9a51-0d6f1f1f1f1f', 'coquille de la réservation'],
      ['/booking-success', 'coquille'],
      ['/invitation/abc', 'coquille'],
      ['/admin/requests', 'coquille'],
      ['/shells', 'coquille'],
      ['/Dashboard', 'coquille'],
      ['/', 'accueil'],
    ];
    for (const [url, body] of expected) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(page(body));
    }
  });
});

describe('compression (performance rule 9)', () => {
  let t: TestApp;
  let dist: string;
  const script = `export const parc = ${JSON.stringify('Réservez votre aventure '.repeat(200))};`;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'parc-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html lang="fr"><title>Parc</title><div id="root"></div></html>',
    );
    // What the web build writes: each text file with its .br and .gz beside it.
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), script);
    writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(script));
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the brotli file to a browser that accepts br, the gzip one otherwise, the plain one to the rest', async () => {
    const url = '/assets/app-abc123.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('compresses API answers over 1 KB on the fly, and leaves small ones as they are', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/public-booking-requests/activities?isActive=true',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(list.rawPayload).toString()) as { success: boolean; data: unknown[] };
    expect(body.success).toBe(true);
    expect(body.data.length).toBeGreaterThan(0);

    const small = await t.app.inject({
      method: 'GET',
      url: '/api/v1/public-booking-requests/booking-types/nope',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.statusCode).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
