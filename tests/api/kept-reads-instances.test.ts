import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { CHANGE_CHANNEL } from '../../src/server/db/change-feed';
import { openDatabase, type Database } from '../../src/server/db/client';
import { postgresChanges } from '../../src/server/db/postgres-changes';
import { outboxMailer } from '../../src/server/modules/mail/mailer.public';
import { catalogueListResponse } from '../../src/shared/api/catalogue.schema';
import { bookingDetailResponse, bookingListResponse } from '../../src/shared/api/customer-booking.schema';
import { staffQueueResponse } from '../../src/shared/api/staff.schema';
import {
  AUTH,
  bearer,
  expectUnauthenticated,
  loginOk,
  registerCustomer,
  type RegisteredCustomer,
} from '../support/auth';
import { catalogueBySlug } from '../support/booking-requests';
import { cb, createBooking, getDetail } from '../support/customer-bookings';
import { createStaffWithSession } from '../support/staff';
import { plannedGroupOf, staffCall } from '../support/staff-api';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Read-after-write across instances (docs/decisions.md, "Reads kept in memory"): once a write has
 * answered on one instance, every instance serves the new state, though it kept the old one and
 * the database's notification has not reached it yet. Two instances (each its own pool and its
 * own listening connection) on one PostgreSQL database; PGlite is one process, so PostgreSQL only.
 * Each case is repeated: the notification reaches the other instance a few milliseconds after
 * the answer, so without the read barrier a part of the tries (not all) read what was kept.
 */
const TRIES = 30;

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let t: TestApp;
  /** Instance A is `t.app`; B has its own connections to the same database. */
  let b: FastifyInstance;
  let second: Database;
  const webDir = mkdtempSync(join(tmpdir(), 'parc-test-web-'));

  beforeAll(async () => {
    t = await createTestApp();
    second = await openDatabase({ kind: 'postgres', url: t.databaseUrl! });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: webDir,
      // B keeps the catalogue lists (A keeps none: the tests write the catalogue directly).
      CATALOGUE_CACHE_SECONDS: '60',
    });
    b = await buildApp({ config, database: second, mailer: outboxMailer() });
    await b.ready();
  });

  afterAll(async () => {
    await b?.close();
    await second?.close();
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const bookingsOf = (app: FastifyInstance, token: string) =>
    app.inject({ method: 'GET', url: '/api/v1/customer-booking-requests', headers: bearer(token) });

  it('a logout answered by one instance ends the session on the other at once', async () => {
    expect(b.changes.live).toBe(true);
    const customer = await registerCustomer(t.app, { firstName: 'Inès', lastName: 'Roux' });
    const stale: number[] = [];
    for (let index = 0; index < TRIES; index += 1) {
      const { token } = await loginOk(t.app, customer.email, customer.password);
      // Read through B: the session is kept there.
      for (let read = 0; read < 3; read += 1) expect((await bookingsOf(b, token)).statusCode).toBe(200);
      const out = await t.app.inject({ method: 'POST', url: `${AUTH}/logout`, headers: bearer(token) });
      expect(out.statusCode, out.body).toBe(200);
      const after = await bookingsOf(b, token);
      if (after.statusCode !== 401) stale.push(index);
      else expectUnauthenticated(after);
    }
    expect(stale, 'tries in which B still served the ended session').toEqual([]);
  });

  it('an edit answered by one instance shows in the detail the other gives next, and the next edit based on it passes', async () => {
    const organizer: RegisteredCustomer = await registerCustomer(t.app, { firstName: 'Léa', lastName: 'Martin' });
    const catalogue = await catalogueBySlug(t.db);
    const { _id: id } = await createBooking(t.app, organizer, {
      lines: [{ item: catalogue.get('parcours-aventure')! }],
    });
    let detail = await getDetail(b, organizer.token, id);
    const stale: number[] = [];
    for (let index = 0; index < TRIES; index += 1) {
      // Read through B: the detail is kept there.
      detail = await getDetail(b, organizer.token, id);
      expect((await getDetail(b, organizer.token, id)).lastModified).toBe(detail.lastModified);
      // The edit is based on what B showed: a stale B would make it a 409.
      const participants = 11 + (index % 2);
      const put = await cb(t.app, 'PUT', `/${id}`, organizer.token, {
        participants,
        lastModified: detail.lastModified,
      });
      expect(put.statusCode, put.body).toBe(200);
      const saved = bookingDetailResponse.parse(put.json()).data;
      detail = await getDetail(b, organizer.token, id);
      if (detail.lastModified !== saved.lastModified || detail.participants !== participants) stale.push(index);
    }
    expect(stale, 'tries in which B served the detail from before the edit').toEqual([]);
  });

  it('a catalogue change written through one instance shows in the next list the other gives', async () => {
    const LIST = '/api/v1/public-booking-requests/activities?isActive=true';
    const list = async () => {
      const res = await b.inject({ method: 'GET', url: LIST });
      expect(res.statusCode, res.body).toBe(200);
      return catalogueListResponse.parse(res.json()).data;
    };
    const item = (await list())[0]!;
    const stale: number[] = [];
    for (let index = 0; index < TRIES; index += 1) {
      // Kept by B.
      await list();
      const name = `Parcours aventure ${index}`;
      await t.db.execute(sql`update catalogue_items set name = ${name} where id = ${item._id}`);
      if ((await list()).find((entry) => entry._id === item._id)?.name !== name) stale.push(index);
    }
    expect(stale, 'tries in which B served the list from before the change').toEqual([]);
  });

  it('an edit answered by one instance shows in the staff queue the other gives next', async () => {
    const staff = await createStaffWithSession(t.db);
    const organizer = await registerCustomer(t.app, { firstName: 'Zoé', lastName: 'Garnier' });
    const catalogue = await catalogueBySlug(t.db);
    const booking = await createBooking(t.app, organizer, { lines: [{ item: catalogue.get('parcours-aventure')! }] });
    const queueRow = async () => {
      const res = await staffCall(b, 'GET', `/booking-requests?q=${booking.bookingRequestId}`, staff.token);
      expect(res.statusCode, res.body).toBe(200);
      return staffQueueResponse.parse(res.json()).data.bookingRequests[0]!;
    };
    let detail = await getDetail(t.app, organizer.token, booking._id);
    const stale: number[] = [];
    for (let index = 0; index < TRIES; index += 1) {
      // Kept by B.
      await queueRow();
      const participants = 11 + (index % 2);
      const put = await cb(t.app, 'PUT', `/${booking._id}`, organizer.token, {
        participants,
        lastModified: detail.lastModified,
      });
      expect(put.statusCode, put.body).toBe(200);
      detail = bookingDetailResponse.parse(put.json()).data;
      if ((await queueRow()).participants !== participants) stale.push(index);
    }
    expect(stale, 'tries in which B served the queue from before the edit').toEqual([]);
  });

  it("a line changed through one instance shows in the other's next planner and list", async () => {
    const organizer = await registerCustomer(t.app, { firstName: 'Léa', lastName: 'Martin' });
    const staff = await createStaffWithSession(t.db);
    const catalogue = await catalogueBySlug(t.db);
    const booking = await createBooking(t.app, organizer, { lines: [{ item: catalogue.get('paintball')! }] });
    const day = booking.bookingActivities[0]!.scheduledDate;
    const planned = async () => (await plannedGroupOf(b, staff.token, day, booking._id))?.participants;
    const listed = async () => {
      const { bookingRequests } = bookingListResponse.parse((await bookingsOf(b, organizer.token)).json()).data;
      return bookingRequests.find((row) => row._id === booking._id)?.bookingActivities[0]?.customParticipants;
    };
    const stale: number[] = [];
    for (let index = 0; index < TRIES; index += 1) {
      // Kept by B.
      await Promise.all([planned(), listed(), planned(), listed()]);
      const participants = 11 + index;
      await t.db.execute(
        sql`update booking_items set participants = ${participants} where booking_id = ${booking._id}`,
      );
      const [inPlanner, inList] = await Promise.all([planned(), listed()]);
      if (inPlanner !== participants || inList !== participants) stale.push(index);
    }
    expect(stale, 'tries in which B served the planner or the list from before the change').toEqual([]);
  });

  it('the read barrier: a notification committed before it is received once it resolves', async () => {
    const feed = postgresChanges(t.databaseUrl!);
    const writer = new pg.Client({ connectionString: t.databaseUrl });
    await Promise.all([feed.start(), writer.connect()]);
    try {
      const missed: number[] = [];
      for (let index = 0; index < 200; index += 1) {
        const before = feed.generation;
        // Committed (autocommit) once the query answers.
        await writer.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, `essai ${index}`]);
        await feed.sync();
        if (feed.generation === before) missed.push(index);
      }
      expect(missed).toEqual([]);
      expect(feed.live).toBe(true);
    } finally {
      await writer.end();
      await feed.stop();
    }
  });

  it('many reads at once through B share the barriers, and after a logout on A all are refused', async () => {
    const customer = await registerCustomer(t.app, { firstName: 'Hugo', lastName: 'Petit' });
    const { token } = await loginOk(t.app, customer.email, customer.password);
    expect((await bookingsOf(b, token)).statusCode).toBe(200);
    // Many requests at once: all answer, the barrier being shared.
    const answers = await Promise.all(Array.from({ length: 40 }, () => bookingsOf(b, token)));
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
    const out = await t.app.inject({ method: 'POST', url: `${AUTH}/logout`, headers: bearer(token) });
    expect(out.statusCode, out.body).toBe(200);
    const after = await Promise.all(Array.from({ length: 40 }, () => bookingsOf(b, token)));
    for (const res of after) expectUnauthenticated(res);
  });
});
