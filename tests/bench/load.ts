/**
 * `npm run bench:load` (docs/performance-log.md, "A summer Saturday"): two server instances on one
 * PostgreSQL, a volume database, then
 *  1. a summer Saturday for BENCH_LOAD_DURATION s (default 20; the target is stated for 60), each
 *     load on a steady schedule (open loop, open-loop.ts): the chat polled at ~333 req/s (unread
 *     count and messages, with the ETag of the previous answer, so 304), 20 wizard submissions a
 *     minute, 20 staff refreshing the queue;
 *  2. each busy read alone with BENCH_CONNECTIONS (50) connections for BENCH_QUERY_DURATION s (5).
 * Prints p50 / p99 / errors per kind next to the targets, and the p99 of two bare instances answering
 * the same bytes (load-bare.ts) under the same load in the same run (the summer Saturday's polls and
 * queue, each read alone). Not part of `npm test`.
 *
 * BENCH_LOAD_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench_load, created by
 * hand), BENCH_LOAD_BOOKINGS (default 5,000: the volume generator fills up to it, resumable).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { createInterface } from 'node:readline';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../../src/server/db/client';
import { sessions } from '../../src/server/db/schema';
import { seedVolume } from '../../src/server/db/volume-seed';
import { newSessionToken, tokenHash } from '../../src/server/modules/auth/passwords.public';
import { createStaffWithSession } from '../support/staff';
import type { BareAnswer } from './load-bare';
import { BENCH_NOTE, wizardSubmitter } from './load-wizard';
import { openLoop, type Figures } from './open-loop';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const URL_DB = process.env.BENCH_LOAD_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench_load';
const BOOKINGS = Number(process.env.BENCH_LOAD_BOOKINGS ?? 5000);
const DURATION_S = Number(process.env.BENCH_LOAD_DURATION ?? 20);
const QUERY_DURATION_S = Number(process.env.BENCH_QUERY_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const CHAT_RATE = 333;
const STAFF = 20;

const database = await openDatabase({ kind: 'postgres', url: URL_DB });
const db = database.db;
await seedVolume(db, { bookings: BOOKINGS, seed: 1, today: '2026-07-01' });
await db.execute(sql`analyze`);
// Every client of the bench comes from 127.0.0.1, where a summer Saturday's come from thousands of
// addresses: the counters an earlier run left would refuse this run's submissions (429).
await db.execute(sql`delete from rate_limits`);
// The submissions of earlier runs, all on one day, made it the busiest: the planner's read measured
// them, hundreds of the bench's bookings, and not the generated database's busiest day.
await db.execute(sql`delete from booking_requests where note = ${BENCH_NOTE}`);

type Instance = { origin: string; child: ChildProcess };

function startServer(script = 'load-server.ts', env: Record<string, string> = {}): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(ROOT, 'tests/bench', script)], {
    env: { ...process.env, DATABASE_URL: URL_DB, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((done) => {
    createInterface({ input: child.stdout! }).once('line', (port) =>
      done({ origin: `http://127.0.0.1:${port.trim()}`, child }),
    );
  });
}
const servers = await Promise.all([startServer(), startServer()]);

// A volume database is written straight in, dated from its own `today`: at the first start the
// instances' jobs catch up with the machine's clock (completing the stays that ended since, the
// hourly catch-up, the retention). A park's instances did that work as time went by; the figures
// below are those of the steady state, so the bench waits until no job is due any more.
const drainStarted = performance.now();
const dueJobs = async () =>
  Number(
    rowsOf<{ n: string }>(
      await db.execute(sql`select count(*) as n from pgboss.job
        where state in ('created', 'retry', 'active') and start_after <= now()`),
    )[0]!.n,
  );
let due = await dueJobs();
const dueAtStart = due;
while (due > 0 && performance.now() - drainStarted < 300_000) {
  await new Promise((done) => setTimeout(done, 1000));
  due = await dueJobs();
}
console.log(
  `Tâches dues au démarrage : ${dueAtStart}, ${due === 0 ? 'faites' : `${due} encore dues`} en ${Math.round((performance.now() - drainStarted) / 1000)} s`,
);

// Open booking pages: the organizers of 500 bookings, each with a session of their own.
const pages = rowsOf<{ bookingId: string; customerId: string }>(
  await db.execute(sql`select id as "bookingId", customer_id as "customerId" from booking_requests
    where status <> 'draft' order by reference limit 500`),
);
const tokens = new Map<string, string>();
for (const { customerId } of pages) {
  if (tokens.has(customerId)) continue;
  const token = newSessionToken();
  await db
    .insert(sessions)
    .values({ customerId, tokenHash: tokenHash(token), expiresAt: new Date(Date.now() + 864e5) });
  tokens.set(customerId, token);
}
const staff = await Promise.all(Array.from({ length: STAFF }, () => createStaffWithSession(db, 'staff')));

// The polls as the renderer sends them, each with the ETag of its previous answer.
const polls: { path: string; headers: Record<string, string> }[] = [];
for (const { bookingId, customerId } of pages) {
  const authorization = `Bearer ${tokens.get(customerId)}`;
  for (const path of [
    `/api/v1/messages/booking/${bookingId}/unread-count`,
    `/api/v1/messages/booking/${bookingId}?includeDeleted=true&limit=50`,
  ]) {
    const first = await fetch(`${servers[0]!.origin}${path}`, { headers: { authorization } });
    await first.arrayBuffer();
    polls.push({ path, headers: { authorization, 'if-none-match': first.headers.get('etag') ?? '' } });
  }
}

/** Errors: failed connections, timeouts and answers other than 2xx and 304. */
function figuresOf(result: autocannon.Result): Figures {
  let bad = 0;
  let notModified = 0;
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
    const n = stat.count ?? 0;
    if (code === '304') notModified += n;
    else if (!code.startsWith('2')) bad += n;
  }
  return {
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + bad,
    notModified,
  };
}

/** Two autocannon runs (closed loop, as fast as answered), one per instance; the worse p99 of the two. */
async function onBoth(
  requests: { path: string; headers: Record<string, string> }[],
  options: { connections: number; duration: number },
  instances: Instance[] = servers,
): Promise<Figures> {
  const results = await Promise.all(
    instances.map(({ origin }, index) => {
      let next = index;
      return autocannon({
        url: origin,
        connections: Math.max(1, Math.floor(options.connections / 2)),
        duration: options.duration,
        requests: [
          {
            setupRequest: (request) => {
              const pick = requests[next % requests.length]!;
              next += 2;
              return { ...request, method: 'GET', path: pick.path, headers: { ...request.headers, ...pick.headers } };
            },
          },
        ],
      });
    }),
  );
  const figures = results.map(figuresOf);
  return {
    requests: figures.reduce((sum, f) => sum + f.requests, 0),
    p50: Math.max(...figures.map((f) => f.p50)),
    p99: Math.max(...figures.map((f) => f.p99)),
    errors: figures.reduce((sum, f) => sum + f.errors, 0),
    notModified: figures.reduce((sum, f) => sum + f.notModified, 0),
  };
}

const staffHeaders = staff.map((member) => ({ authorization: `Bearer ${member.token}` }));
const queueRequests = staffHeaders.map((headers) => ({ path: '/api/v1/staff/booking-requests', headers }));

// 1. The summer Saturday.
const wizard = wizardSubmitter(
  servers.map((server) => server.origin),
  [...tokens].map(([customerId, token]) => ({ customerId, token })),
  db,
);
const origins = servers.map((server) => server.origin);
// Each instance warmed up as a running park's is (submissions on each of its connections, one queue read), not counted.
await wizard.warmUp();
for (const origin of origins) {
  await (await fetch(`${origin}${queueRequests[0]!.path}`, { headers: queueRequests[0]!.headers })).arrayBuffer();
}
const [chat, queueLoad, submissions] = await Promise.all([
  openLoop(origins, polls, { rate: CHAT_RATE, seconds: DURATION_S, connections: CONNECTIONS / 2 }),
  openLoop(origins, queueRequests, { rate: STAFF, seconds: DURATION_S, connections: STAFF / 2 }),
  wizard.run(DURATION_S, 20),
]);

// 2. Each busy read alone, 50 connections.
const [facts] = rowsOf<{ busyDay: string; longChat: string; longChatOwner: string; customer: string }>(
  await db.execute(sql`select
    (select scheduled_date::text from booking_items group by 1 order by count(*) desc limit 1) as "busyDay",
    (select booking_id from messages group by 1 order by count(*) desc limit 1) as "longChat"`),
);
const [owner] = rowsOf<{ customerId: string }>(
  await db.execute(sql`select customer_id as "customerId" from booking_requests where id = ${facts!.longChat}`),
);
const ownerToken = newSessionToken();
await db.insert(sessions).values({
  customerId: owner!.customerId,
  tokenHash: tokenHash(ownerToken),
  expiresAt: new Date(Date.now() + 864e5),
});
const customer = { authorization: `Bearer ${ownerToken}` };
// Each read asked as the park's clients ask it (the desk's and the customers' browsers, Electron's
// Chromium): compressed answers accepted, as Chromium's own header says.
const ACCEPT_ENCODING = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const single = async (path: string, headers: Record<string, string>) =>
  onBoth([{ path, headers: { ...headers, ...ACCEPT_ENCODING } }], {
    connections: CONNECTIONS,
    duration: QUERY_DURATION_S,
  });
const queries: [string, string, Record<string, string>, number][] = [
  ['file équipe, 1re page', '/api/v1/staff/booking-requests', staffHeaders[0]!, 50],
  [
    'file équipe, filtrée (confirmées)',
    '/api/v1/staff/booking-requests?status=confirmed&sort=startDate',
    staffHeaders[0]!,
    50,
  ],
  [
    'file équipe, recherche « Héloïse »',
    `/api/v1/staff/booking-requests?q=${encodeURIComponent('Héloïse')}`,
    staffHeaders[0]!,
    50,
  ],
  ['planning du jour le plus chargé', `/api/v1/staff/planner?date=${facts!.busyDay}`, staffHeaders[0]!, 50],
  ['tableau de bord client', '/api/v1/customer-booking-requests', customer, 25],
  ['détail réservation client', `/api/v1/customer-booking-requests/${facts!.longChat}`, customer, 25],
  [
    'discussion de 2 500 messages, dernière page',
    `/api/v1/messages/booking/${facts!.longChat}?includeDeleted=true&limit=50`,
    customer,
    25,
  ],
];
const perQuery: [string, Figures, number, Figures][] = [];
// The reference: two bare instances answering each path with the product's own bytes, compressed
// as the product sent them (fetch would undo the compression: node:http keeps it).
const rawAnswer = (path: string, headers: Record<string, string>) =>
  new Promise<BareAnswer>((done, fail) =>
    get(`${servers[0]!.origin}${path}`, { headers: { ...headers, ...ACCEPT_ENCODING } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        done({
          body: Buffer.concat(chunks).toString('base64'),
          encoding: typeof res.headers['content-encoding'] === 'string' ? res.headers['content-encoding'] : undefined,
        }),
      );
    }).on('error', fail),
  );
const answers: Record<string, BareAnswer> = {};
for (const [, path, headers] of queries) answers[path] = await rawAnswer(path, headers);
const answersFile = join(mkdtempSync(join(tmpdir(), 'bench-bare-')), 'answers.json');
writeFileSync(answersFile, JSON.stringify(answers));
const bare = await Promise.all([0, 1].map(() => startServer('load-bare.ts', { BENCH_BARE_ANSWERS: answersFile })));
for (const [label, path, headers, target] of queries) {
  const product = await single(path, headers);
  const reference = await onBoth(
    [{ path, headers: ACCEPT_ENCODING }],
    { connections: CONNECTIONS, duration: QUERY_DURATION_S },
    bare,
  );
  perQuery.push([label, product, target, reference]);
}
// The summer Saturday's reference: the same open loops on the bare instances (a poll with its ETag
// answered 304, the queue its bytes), for the same time.
const bareOrigins = bare.map((instance) => instance.origin);
const [chatBare, queueBare] = await Promise.all([
  openLoop(bareOrigins, polls, { rate: CHAT_RATE, seconds: DURATION_S, connections: CONNECTIONS / 2 }),
  openLoop(bareOrigins, queueRequests, { rate: STAFF, seconds: DURATION_S, connections: STAFF / 2 }),
]);
for (const { child } of bare) child.kill('SIGTERM');

for (const { child } of servers) child.kill('SIGTERM');
await database.close();

const line = (label: string, f: Figures, target: number) =>
  `${label.padEnd(44)} | ${String(f.requests).padStart(7)} | ${String(f.p50).padStart(4)} / ${String(f.p99).padStart(4)} ms | ${String(f.errors).padStart(4)} | p99 ≤ ${target} ms, 0 erreur${f.notModified ? ` | ${f.notModified} × 304` : ''}`;
console.log(
  `\nCharge (PostgreSQL, 2 instances, ${BOOKINGS} réservations)\n` +
    `Samedi d'été, ${DURATION_S} s                            | requêtes | p50 / p99       | err. | cible\n` +
    [
      `${line(`discussion sondée (~${CHAT_RATE} req/s)`, chat, 50)} | réf. nue p99 ${chatBare.p99} ms`,
      `${line(`file équipe (${STAFF} membres, 1 req/s chacun)`, queueLoad, 50)} | réf. nue p99 ${queueBare.p99} ms`,
      line('demandes du parcours (20 / min)', submissions, 50),
    ].join('\n') +
    `\n\nRequêtes seules, ${CONNECTIONS} connexions, ${QUERY_DURATION_S} s\n` +
    perQuery
      .map(([label, f, target, reference]) => `${line(label, f, target)} | réf. nue p99 ${reference.p99} ms`)
      .join('\n') +
    '\n',
);
process.exit(0);
