/**
 * `npm run bench` (docs/decisions.md, "Performance"; docs/performance-log.md): what the public pages cost on a phone and what the API sustains,
 * each next to a reference measured in the same run on the same machine (STACK.md: ratios, not
 * absolute figures), in one table. Not part of `npm test`.
 *
 * BENCH_DURATION (s, default 8), BENCH_CONNECTIONS (default 50), BENCH_LIGHTHOUSE=0 to skip
 * Lighthouse, BENCH_DATABASE_URL (or TEST_DATABASE_URL) for PostgreSQL instead of PGlite.
 * `npm run bench -- public inp` runs only the parts named: size (first-render JS and the home
 * page's HTML), public (Lighthouse of the public pages), signed-in (Lighthouse of `/dashboard`,
 * `/booking/{id}`, `/admin`), inp (wizard step 2 and the chat under 4× CPU slowdown), api.
 * The browser parts run over HTTPS and HTTP/2 with a throw-away certificate (BENCH_PROTOCOL=http1:
 * plain HTTP/1.1); the API parts over plain HTTP/1.1.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { build } from 'vite';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { seedDatabase } from '../../src/server/db/seed';
import { createBenchBooking } from './booking-fixture';
import { selfSignedCertificate } from '../support/self-signed';
import { chromiumPath, trustCertificate } from './lighthouse';
import { publicPagesRows, signedInPagesRows } from './pages';
import { benchStaffToken, measureInteractions } from './signed-in';
import { kib, printedTable, ratio, row, rows } from './table';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const WITH_LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== '0';
// The pages in a browser over HTTPS and HTTP/2, as a park serves them (docs/decisions.md, performance
// rule 27); BENCH_PROTOCOL=http1 measures them over plain HTTP/1.1 instead, as before that rule.
const OVER_TLS = process.env.BENCH_PROTOCOL !== 'http1';
const PARTS = ['size', 'public', 'signed-in', 'inp', 'api'] as const;
const ONLY = new Set(process.argv.slice(2));
for (const part of ONLY) {
  if (!(PARTS as readonly string[]).includes(part))
    throw new Error(`Partie inconnue « ${part} » : ${PARTS.join(', ')}`);
}
const wants = (part: (typeof PARTS)[number]) => ONLY.size === 0 || ONLY.has(part);

/**
 * Gzip bytes of the JS and CSS a first visit loads before the page is interactive: what the
 * page's HTML names (entry and module preloads, which include the route's chunks; on the home
 * page they sit in the <template> its loader reads after the first paint), their static imports,
 * and the route's own chunk.
 */
function firstRenderBytes(outDir: string, page: string, routeChunk?: string): { files: number; gzip: number } {
  const html = readFileSync(join(outDir, page), 'utf8');
  const queue = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
  const chunk =
    routeChunk &&
    readdirSync(join(outDir, 'assets')).find((file) => file.startsWith(`${routeChunk}-`) && file.endsWith('.js'));
  if (chunk) queue.push(`assets/${chunk}`);
  const seen = new Set<string>();
  let gzip = 0;
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const content = readFileSync(join(outDir, file));
    gzip += gzipSync(content, { level: 9 }).length;
    if (file.endsWith('.js')) {
      for (const match of content.toString('utf8').matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) {
        queue.push(`assets/${match[1]}`);
      }
    }
  }
  return { files: seen.size, gzip };
}

async function buildBundles(out: string) {
  const appOut = join(out, 'app');
  const baseOut = join(out, 'baseline');
  await build({
    configFile: join(ROOT, 'vite.web.config.ts'),
    logLevel: 'error',
    build: { outDir: appOut, emptyOutDir: true },
  });
  await build({
    configFile: false,
    root: join(ROOT, 'tests/bench/baseline'),
    plugins: [react()],
    logLevel: 'error',
    build: { outDir: baseOut, emptyOutDir: true, target: 'es2022' },
  });
  return { appOut, baseOut };
}

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** PGlite, or a database of its own on the given PostgreSQL server (dropped at the end). */
async function openBenchDatabase() {
  if (!DATABASE_URL) return { database: await openDatabase({ kind: 'pglite' }), drop: async () => {} };
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    database: await openDatabase({ kind: 'postgres', url: url.toString() }),
    drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

const out = mkdtempSync(join(tmpdir(), 'parc-bench-'));
const { appOut, baseOut } = await buildBundles(out);

// 1. First-render JavaScript, next to a bare React + router + Query + Chakra page.
const baselineBytes = firstRenderBytes(baseOut, 'index.html');
for (const [path, page, chunk, target] of wants('size')
  ? ([
      ['/', 'index.html', 'home-page', 150],
      ['/reservation', 'reservation/index.html', 'booking-wizard-page', 170],
    ] as const)
  : []) {
  const bytes = firstRenderBytes(appOut, page, chunk);
  row(
    [
      `JS+CSS 1er rendu ${path} (gzip)`,
      kib(bytes.gzip),
      kib(baselineBytes.gzip),
      ratio(bytes.gzip, baselineBytes.gzip),
      `≤ ${target} KiB`,
    ],
    bytes.gzip <= target * 1024,
  );
  row([`  fichiers ${path}`, String(bytes.files), String(baselineBytes.files)]);
}

// 2. The product's server, and a bare server for the reference page, on a seeded database.
const { database, drop } = await openBenchDatabase();
await seedDatabase(database.db);
const configFor = (cacheSeconds: string, webDir: string, extra: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: webDir,
    CATALOGUE_CACHE_SECONDS: cacheSeconds,
    ...extra,
  });
const app = await buildApp({ config: configFor('5', appOut), database });
await app.listen({ port: 0, host: '127.0.0.1' });
const appOrigin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
// The browser's server: a second instance on the same database, over TLS (the API's load stays
// on plain HTTP/1.1, as a load balancer in front of the instances speaks it).
const certificate = OVER_TLS ? selfSignedCertificate(out) : undefined;
if (certificate) trustCertificate(certificate.spki);
const webApp = certificate
  ? await buildApp({
      config: configFor('5', appOut, { TLS_CERT_FILE: certificate.certFile, TLS_KEY_FILE: certificate.keyFile }),
      database,
    })
  : app;
if (webApp !== app) await webApp.listen({ port: 0, host: '127.0.0.1' });
const webOrigin = `${certificate ? 'https' : 'http'}://127.0.0.1:${(webApp.server.address() as { port: number }).port}`;
row(['Lighthouse servi en', certificate ? 'HTTPS + HTTP/2' : 'HTTP/1.1']);

// The home page's HTML as a phone gets it (brotli, with its headers): within the first round trip
// of a new connection (10 TCP segments, about 14.6 KB) its first paint waits for no second one
// (docs/decisions.md, performance rule 17).
if (wants('size')) {
  const home = await fetch(`${appOrigin}/`, { headers: { 'accept-encoding': 'br' } });
  const body = Buffer.from(await home.arrayBuffer());
  const compressed = Number(home.headers.get('content-length') ?? body.length);
  let headerBytes = `HTTP/1.1 ${home.status} OK\r\n`.length + 2;
  home.headers.forEach((value, name) => (headerBytes += `${name}: ${value}\r\n`.length));
  const total = compressed + headerBytes;
  row(
    ['HTML / (brotli + en-têtes)', `${(total / 1000).toFixed(1)} kB`, '', '', '≤ 14,6 kB (1 aller-retour)'],
    total <= 14_600,
  );
}

// 3. Lighthouse: the public pages as ratios to the reference page, the signed-in pages; and the
// interactions under 4× CPU slowdown. The booking is the bench's (10 participants, 50 messages).
const booking = await createBenchBooking(app, database.db, { crowd: true });
const lighthouse: Record<string, unknown> = {};
let interactions: Awaited<ReturnType<typeof measureInteractions>> | undefined;
if (WITH_LIGHTHOUSE && !chromiumPath() && (wants('public') || wants('signed-in') || wants('inp'))) {
  row(['Lighthouse', 'Chromium introuvable']);
} else if (WITH_LIGHTHOUSE) {
  if (wants('public')) lighthouse.public = await publicPagesRows(webOrigin, baseOut, certificate);
  const staffToken = await benchStaffToken(app, database.db);
  const session = { customerToken: booking.token, staffToken, bookingId: booking.id };
  if (wants('signed-in')) lighthouse.signedIn = await signedInPagesRows(webOrigin, session);
  if (wants('inp')) {
    interactions = await measureInteractions(webOrigin, booking.token, booking.id);
    for (const [label, value] of [
      ['ouvrir le catalogue du jour (étape 2)', interactions.openCatalogueMs],
      ['ajouter une activité (étape 2)', interactions.addActivityMs],
      ['envoyer un message (discussion)', interactions.sendMessageMs],
    ] as const) {
      // No entry at all: the interaction took less than the observer's 16 ms threshold (signed-in.ts).
      const shown = value === 0 ? '< 16' : value.toFixed(0);
      row([`INP ${label}, CPU ÷4 (ms)`, shown, '', '', '≤ 200'], value <= 200);
    }
  }
}

// 4. The public catalogue list and a customer's booking detail, each against a bare Fastify
// route answering the same bytes (autocannon asks for no compression: neither compresses).
async function bareServer(path: string, payload: string) {
  const bare = Fastify();
  bare.get(path.split('?')[0]!, async (_request, reply) => reply.type('application/json').send(payload));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  return { bare, url: `http://127.0.0.1:${(bare.server.address() as { port: number }).port}${path}` };
}

function apiRows(
  label: string,
  measured: Awaited<ReturnType<typeof load>>,
  baseline: Awaited<ReturnType<typeof load>>,
  target: string,
) {
  const held = target ? measured.rps >= 0.5 * baseline.rps : undefined;
  row(
    [`${label} req/s`, measured.rps.toFixed(0), baseline.rps.toFixed(0), ratio(measured.rps, baseline.rps), target],
    held,
  );
  row(
    [
      '  latence p50 / p99 (ms)',
      `${measured.p50} / ${measured.p99}`,
      `${baseline.p50} / ${baseline.p99}`,
      '',
      target ? 'p99 ≤ 25' : '',
    ],
    target ? measured.p99 <= 25 : undefined,
  );
  row(
    ['  erreurs', String(measured.errors), String(baseline.errors), '', target ? '0' : ''],
    target ? measured.errors === 0 : undefined,
  );
}

async function apiPart() {
  const path = '/api/v1/public-booking-requests/activities?isActive=true';
  const payload = await (await fetch(`${appOrigin}${path}`)).text();
  const catalogueBare = await bareServer(path, payload);
  const uncachedApp = await buildApp({ config: configFor('0', join(tmpdir(), 'none')), database });
  await uncachedApp.listen({ port: 0, host: '127.0.0.1' });
  const uncachedUrl = `http://127.0.0.1:${(uncachedApp.server.address() as { port: number }).port}${path}`;

  const baseline = await load(catalogueBare.url);
  const measured = await load(`${appOrigin}${path}`);
  const uncached = await load(uncachedUrl);
  row([
    'GET activités : taille de la réponse',
    `${(Buffer.byteLength(payload) / 1024).toFixed(1)} KiB`,
    '49 KiB avant',
    '',
    'ce que la liste montre',
  ]);
  apiRows('GET activités', measured, baseline, '≥ 0,50');
  apiRows('GET activités sans cache', uncached, baseline, '');

  // A booking of three lines and its organizer alone, as in the earlier runs of performance-log.md.
  const plain = await createBenchBooking(app, database.db, { crowd: false });
  const auth = { authorization: `Bearer ${plain.token}` };
  const detailPayload = await (await fetch(`${appOrigin}${plain.path}`, { headers: auth })).text();
  const detailBare = await bareServer(plain.path, detailPayload);
  const detailBaseline = await load(detailBare.url, auth);
  const detail = await load(`${appOrigin}${plain.path}`, auth);
  row(['GET détail réservation : taille', `${(Buffer.byteLength(detailPayload) / 1024).toFixed(1)} KiB`]);
  apiRows('GET détail réservation (client connecté)', detail, detailBaseline, '≥ 0,50');

  await detailBare.bare.close();
  await uncachedApp.close();
  await catalogueBare.bare.close();
  return { baseline, measured, uncached, detailBaseline, detail };
}
const api = wants('api') ? await apiPart() : undefined;

if (webApp !== app) await webApp.close();
await app.close();
await database.close();
await drop();
rmSync(out, { recursive: true, force: true });

console.log(
  `\nBenchmarks (${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${CONNECTIONS} connexions, ${DURATION_S} s ; ` +
    `référence : page React + Chakra nue, Fastify nu avec les mêmes octets)\n\n${printedTable()}\n`,
);
const resultsDir = join(ROOT, 'tests/bench/results');
if (!existsSync(resultsDir)) mkdirSync(resultsDir, { recursive: true });
writeFileSync(
  join(resultsDir, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
  JSON.stringify({ rows, lighthouse, interactions, api }, null, 2),
);
process.exit(0);
