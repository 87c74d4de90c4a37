import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponse } from '../../src/shared/api/common.schema';
import { establishmentInfoResponse } from '../../src/shared/api/establishment.schema';
import { DESKTOP_ORIGIN } from '../../src/shared/desktop-bridge';
import { ConfigError, loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { catalogueItems, establishments, timeSlots } from '../../src/server/db/schema';
import { seedDatabase } from '../../src/server/db/seed';
import { createTestApp, type TestApp } from '../support/test-app';

const PARTNER_ORIGIN = 'https://partenaire.example.fr';
const SECRET_DETAIL = 'relation "secret_table" does not exist';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { CORS_ORIGINS: PARTNER_ORIGIN },
    extend: (app) => {
      app.get('/api/v1/test/boom', async () => {
        throw new Error(SECRET_DETAIL);
      });
      app.post('/api/v1/test/echo', async (request) => ({ success: true, data: request.body }));
    },
  });
});

afterAll(async () => {
  await t?.close();
});

/** Fails if a body carries a stack trace or an internal message. */
function expectNoLeak(body: string) {
  expect(body).not.toMatch(/\n\s+at /);
  expect(body).not.toMatch(/\bat .*\.(ts|js):\d+/);
  expect(body).not.toContain('stack');
  expect(body).not.toContain(SECRET_DETAIL);
}

describe('unknown routes', () => {
  it('answers an unknown API path with the 404 JSON envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(errorResponse.strict().parse(res.json())).toEqual({
      success: false,
      error: 'Ressource non trouvée',
      message: 'Ressource non trouvée',
      code: 'NOT_FOUND',
    });
  });

  it('answers an unknown upload with JSON, not the web page', async () => {
    for (const url of ['/uploads/catalogue/nope.svg', '/uploads', '/uploads/', '/api', '/api/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(errorResponse.parse(res.json()).code, url).toBe('NOT_FOUND');
    }
  });

  it('explains in French that the web bundle is missing when a page is asked for', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('npm run build:web');
  });
});

describe('security headers', () => {
  it('sends a strict CSP and nosniff on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/establishment/info' });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('https://js.stripe.com');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('sends the same headers on a refusal, an unknown path and a page', async () => {
    const reference = await t.app.inject({ method: 'GET', url: '/api/v1/establishment/info' });
    expect(reference.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(reference.headers['x-frame-options']).toBe('SAMEORIGIN');
    const names = [
      'content-security-policy',
      'cross-origin-resource-policy',
      'strict-transport-security',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
    ];
    for (const name of names) expect(reference.headers[name], name).toEqual(expect.any(String));
    for (const [url, status] of [
      ['/api/v1/customer-booking-requests', 401],
      ['/api/v1/nothing-here', 404],
      ['/dashboard', 503],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      for (const name of names) expect(res.headers[name], `${url} ${name}`).toBe(reference.headers[name]);
    }
  });
});

describe('CORS', () => {
  it('allows an origin listed in CORS_ORIGINS', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/establishment/info',
      headers: { origin: PARTNER_ORIGIN },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(PARTNER_ORIGIN);
  });

  it('allows the desktop app origin', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/establishment/info',
      headers: { origin: DESKTOP_ORIGIN },
    });
    expect(res.headers['access-control-allow-origin']).toBe(DESKTOP_ORIGIN);
  });

  it('gives no access-control header to an unknown origin', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/establishment/info',
      headers: { origin: 'https://evil.example.com' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers a preflight from a listed origin with the park header allowed', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/establishment/info',
      headers: {
        origin: PARTNER_ORIGIN,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-parc-id',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(PARTNER_ORIGIN);
    expect(String(res.headers['access-control-allow-headers'])).toContain('X-Parc-ID');
  });

  it('refuses a preflight from an unknown origin', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/establishment/info',
      headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'GET' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('catalogue pictures', () => {
  it('serves /uploads/catalogue/paintball.svg as an SVG image', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/uploads/catalogue/paintball.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toContain('<svg');
  });

  it('serves the picture every seeded item points to', async () => {
    const info = await t.app.inject({ method: 'GET', url: '/api/v1/public-booking-requests/activities' });
    const images = (info.json() as { data: { image: string | null }[] }).data.map((item) => item.image);
    for (const image of images) {
      expect(image).not.toBeNull();
      const res = await t.app.inject({ method: 'GET', url: image ?? '' });
      expect(res.statusCode, image ?? '').toBe(200);
    }
  });
});

describe('errors never leak internals', () => {
  it('answers an unexpected failure with the French 500 envelope and no stack', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(errorResponse.strict().parse(res.json())).toEqual({
      success: false,
      error: 'Erreur serveur, veuillez réessayer plus tard',
      message: 'Erreur serveur, veuillez réessayer plus tard',
      code: 'INTERNAL_ERROR',
    });
    expectNoLeak(res.body);
  });

  it('answers a malformed JSON body with a 400 envelope and no stack', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"establishment_id": ',
    });
    expect(res.statusCode).toBe(400);
    expect(errorResponse.strict().parse(res.json())).toEqual({
      success: false,
      error: 'Données invalides',
      message: 'Données invalides',
      code: 'FST_ERR_CTP_INVALID_JSON_BODY',
    });
    expectNoLeak(res.body);
  });

  it('answers an unsupported content type with a 415 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
    expect(errorResponse.parse(res.json())).toMatchObject({
      success: false,
      error: 'Type de contenu non pris en charge',
    });
    expectNoLeak(res.body);
  });

  it('refuses a body naming another park', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/echo',
      payload: { establishment_id: 'other' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorResponse.parse(res.json()).code).toBe('UNKNOWN_ESTABLISHMENT');
  });
});

describe('seed', () => {
  async function counts() {
    const [items] = await t.db.select({ n: count() }).from(catalogueItems);
    const [slots] = await t.db.select({ n: count() }).from(timeSlots);
    const [parks] = await t.db.select({ n: count() }).from(establishments);
    return { items: items?.n, slots: slots?.n, parks: parks?.n };
  }

  it('is idempotent: seeding again adds nothing', async () => {
    const before = await counts();
    expect(before.parks).toBe(1);
    expect(before.items).toBeGreaterThanOrEqual(13);
    expect(before.slots).toBeGreaterThan(0);
    expect(await seedDatabase(t.db)).toEqual({ insertedItems: 0 });
    expect(await seedDatabase(t.db)).toEqual({ insertedItems: 0 });
    expect(await counts()).toEqual(before);
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/establishment/info' });
    expect(establishmentInfoResponse.parse(res.json()).data.name).toBe('Parc Aventure des Landes');
  });
});

describe('configuration', () => {
  it('refuses PORT=abc naming the variable', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });

  it('refuses a DATABASE_URL that is not PostgreSQL, naming it', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://localhost/db' })).toThrow(/DATABASE_URL/);
  });

  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 8787, HOST: '127.0.0.1', CORS_ORIGINS: [], LOG_LEVEL: 'info' });
    expect(loadConfig({ CORS_ORIGINS: ' https://a.example.fr , https://b.example.fr ' }).CORS_ORIGINS).toEqual([
      'https://a.example.fr',
      'https://b.example.fr',
    ]);
  });
});

describe('test database', () => {
  it('runs on PostgreSQL exactly when TEST_DATABASE_URL is set', () => {
    expect(t.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });
});

describe('PGlite on disk', () => {
  it('creates the database folder even when its parent does not exist', async () => {
    const root = mkdtempSync(join(tmpdir(), 'parc-pglite-'));
    const dir = join(root, 'a', 'b', 'pglite');
    try {
      const database = await openDatabase({ kind: 'pglite', dir });
      try {
        expect(database.kind).toBe('pglite');
        expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
        const [parks] = await database.db.select({ n: count() }).from(establishments);
        expect(parks?.n).toBe(0);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('refuses a second process on an open folder with a French message, and opens again once closed', async () => {
    const root = mkdtempSync(join(tmpdir(), 'parc-pglite-'));
    const dir = join(root, 'pglite');
    // Asynchronous: the owner keeps refreshing its lock while the other process tries.
    const migrate = () =>
      new Promise<{ status: number | null; stdout: string; stderr: string }>((done) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', 'src/server/db/migrate-cli.ts'],
          { env: { ...process.env, PGLITE_DIR: dir, DATABASE_URL: '' }, encoding: 'utf8', timeout: 60_000 },
          (error, stdout, stderr) => done({ status: error ? (error.code as number | null) : 0, stdout, stderr }),
        );
      });
    try {
      const database = await openDatabase({ kind: 'pglite', dir });
      try {
        const refused = await migrate();
        expect(refused.status).toBe(1);
        expect(refused.stderr).toContain(
          `La base embarquée ${dir} est déjà ouverte par un autre processus (serveur, npm run sweep ou staff:create).`,
        );
        // Still usable by its owner.
        const [parks] = await database.db.select({ n: count() }).from(establishments);
        expect(parks?.n).toBe(0);
      } finally {
        await database.close();
      }
      const accepted = await migrate();
      expect(accepted.stdout).toContain('Migrations appliquées.');
      expect(accepted.status).toBe(0);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 90_000);
});
