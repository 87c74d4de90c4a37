/**
 * `npm run bench`: what the first page costs and what the API sustains, each next to a
 * baseline measured in the same run on the same machine (STACK.md: report ratios, not
 * absolute figures). Not part of `npm test`.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { build } from 'vite';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { seedDatabase } from '../../src/server/db/seed';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = 10;

/** Gzip bytes of the JS and CSS a first visit of `/` loads: the entry, its static imports and the home chunk. */
function firstRouteBytes(outDir: string, lazyChunk?: RegExp): { files: number; gzip: number } {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const queue = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
  if (lazyChunk) {
    const assets = readFileSync(
      join(
        outDir,
        queue.find((file) => file.endsWith('.js'))!,
      ),
      'utf8',
    );
    const lazy = [...assets.matchAll(/"\.\/([^"]+\.js)"/g)]
      .map((match) => match[1]!)
      .find((file) => lazyChunk.test(file));
    if (lazy) queue.push(`assets/${lazy}`);
  }
  const seen = new Set<string>();
  let gzip = 0;
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const content = readFileSync(join(outDir, file));
    gzip += gzipSync(content, { level: 9 }).length;
    if (file.endsWith('.js')) {
      // Static imports only ("import ... from './x.js'" and bare "import './x.js'").
      for (const match of content.toString('utf8').matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) {
        queue.push(`assets/${match[1]}`);
      }
    }
  }
  return { files: seen.size, gzip };
}

async function bundleSizes() {
  const out = mkdtempSync(join(tmpdir(), 'parc-bench-'));
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
  const app = firstRouteBytes(appOut, /^home-page-/);
  const baseline = firstRouteBytes(baseOut);
  rmSync(out, { recursive: true, force: true });
  return { app, baseline };
}

async function load(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function apiThroughput() {
  const path = '/api/v1/public-booking-requests/activities?isActive=true';
  const database = await openDatabase({ kind: 'pglite' });
  await seedDatabase(database.db);
  const configFor = (cacheSeconds: string) =>
    loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: join(tmpdir(), 'none'),
      CATALOGUE_CACHE_SECONDS: cacheSeconds,
    });
  const app = await buildApp({ config: configFor('5'), database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}${path}`;
  const payload = await (await fetch(appUrl)).text();

  // Bare Fastify answering the same bytes: the floor for this machine and this payload.
  const bare = Fastify();
  bare.get('/api/v1/public-booking-requests/activities', async (_request, reply) =>
    reply.type('application/json').send(payload),
  );
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}${path}`;

  // The same app without its catalogue cache: what every request costs the database.
  const uncachedApp = await buildApp({ config: configFor('0'), database });
  await uncachedApp.listen({ port: 0, host: '127.0.0.1' });
  const uncachedUrl = `http://127.0.0.1:${(uncachedApp.server.address() as { port: number }).port}${path}`;

  const baseline = await load(bareUrl);
  const measured = await load(appUrl);
  const uncached = await load(uncachedUrl);
  await uncachedApp.close();
  await bare.close();
  await app.close();
  await database.close();
  return { baseline, measured, uncached, payloadBytes: Buffer.byteLength(payload) };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const sizes = await bundleSizes();
const api = await apiThroughput();
const rows = [
  ['mesure', 'produit', 'référence', 'ratio'],
  [
    '1re page (/) JS+CSS gzip',
    kb(sizes.app.gzip),
    kb(sizes.baseline.gzip),
    (sizes.app.gzip / sizes.baseline.gzip).toFixed(2),
  ],
  ['  fichiers chargés', String(sizes.app.files), String(sizes.baseline.files), ''],
  [
    'GET activités req/s',
    api.measured.rps.toFixed(0),
    api.baseline.rps.toFixed(0),
    (api.measured.rps / api.baseline.rps).toFixed(2),
  ],
  ['  latence p50 (ms)', String(api.measured.p50), String(api.baseline.p50), ''],
  ['  latence p99 (ms)', String(api.measured.p99), String(api.baseline.p99), ''],
  ['  erreurs', String(api.measured.errors), String(api.baseline.errors), ''],
  [
    'GET activités sans cache req/s',
    api.uncached.rps.toFixed(0),
    api.baseline.rps.toFixed(0),
    (api.uncached.rps / api.baseline.rps).toFixed(2),
  ],
  [
    '  latence p50 / p99 (ms)',
    `${api.uncached.p50} / ${api.uncached.p99}`,
    `${api.baseline.p50} / ${api.baseline.p99}`,
    '',
  ],
];
const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
const table = rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')).join('\n');
console.log(
  `\nBenchmarks (${CONNECTIONS} connexions, ${DURATION_S} s, réponse de ${api.payloadBytes} octets)\n\n${table}\n`,
);
const resultsDir = join(ROOT, 'tests/bench/results');
mkdirSync(resultsDir, { recursive: true });
writeFileSync(
  join(resultsDir, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
  JSON.stringify({ sizes, api }, null, 2),
);
process.exit(0);
