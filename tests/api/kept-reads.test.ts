import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postgresChanges } from '../../src/server/db/postgres-changes';
import { rowsOf } from '../../src/server/db/client';
import { engineExecutor } from '../../src/server/db/raw-sql';
import { bookingItems, bookingRequests, staffAccounts } from '../../src/server/db/schema';
import { bookingListResponse } from '../../src/shared/api/customer-booking.schema';
import { bearer, expectUnauthenticated, registerCustomer, uniqueEmail, type RegisteredCustomer } from '../support/auth';
import { catalogueBySlug } from '../support/booking-requests';
import { scheduleMissingDeadlines } from '../../src/server/modules/sweeps/deadline-catch-up.service';
import { cb, createBooking, getDetail, joinAsParticipant, setBookingState } from '../support/customer-bookings';
import { createStaffWithSession } from '../support/staff';
import { plannedGroupOf, staffCall } from '../support/staff-api';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The reads kept in memory (customers' sessions, the booking detail, the customer's list, the day
 * planner; docs/decisions.md "Reads
 * kept in memory") never answer what the database no longer holds: a change made through this
 * instance is seen by the very next call, one committed elsewhere too, after the read barrier
 * (two instances: tests/api/kept-reads-instances.test.ts).
 */
let t: TestApp;
let organizer: RegisteredCustomer;
let bookingId: string;
let staffToken: string;

beforeAll(async () => {
  t = await createTestApp();
  organizer = await registerCustomer(t.app, { firstName: 'Léa', lastName: 'Martin' });
  const catalogue = await catalogueBySlug(t.db);
  const booking = await createBooking(t.app, organizer, { lines: [{ item: catalogue.get('parcours-aventure')! }] });
  bookingId = booking._id;
  staffToken = (await createStaffWithSession(t.db)).token;
});

/** The booking's group in the day planner of its first line's day (kept per day). */
async function plannedGroup(id: string) {
  const [line] = await t.db.select().from(bookingItems).where(eq(bookingItems.bookingId, id));
  return plannedGroupOf(t.app, staffToken, line!.scheduledDate, id);
}

/** The booking as the organizer's list shows it (kept per caller and page). */
async function listed(token: string, id: string) {
  const res = await cb(t.app, 'GET', '', token);
  expect(res.statusCode, res.body).toBe(200);
  return bookingListResponse.parse(res.json()).data.bookingRequests.find((booking) => booking._id === id);
}

afterAll(async () => {
  await t?.close();
});

/**
 * Every table the kept reads come from: the detail's one query (booking-detail.repository.ts), the
 * customer's list (bookings.repository.ts), the day planner (staff-planner.repository.ts), the staff
 * queue (staff-queue.repository.ts) and the session look-ups (auth.repository.ts `findLiveSession`,
 * staff-sessions.repository.ts). On PGlite the triggers are all that
 * tells the instance, so a table read without one would be served stale.
 */
const TABLES_KEPT_READS_USE = [
  'booking_requests',
  // The staff queue's counts (staff-queue.repository.ts), deltas the booking_requests triggers add.
  'booking_status_count_deltas',
  'booking_items',
  'catalogue_items',
  'time_slots',
  'booking_participants',
  'customers',
  'payment_configs',
  'sessions',
  // The staff queue's payment alerts (staff-queue.repository.ts).
  'payments',
  'provider_refunds',
  'staff_sessions',
  'staff_accounts',
];

it('every table the kept reads use tells every instance of its changes', async () => {
  const result = await t.db.execute(sql`
    select c.relname as table, t.tgtype as type from pg_trigger t
      join pg_class c on c.oid = t.tgrelid
      join pg_proc p on p.oid = t.tgfoid
     where p.proname = 'notify_data_change' and not t.tgisinternal and t.tgenabled <> 'D'`);
  const triggers = new Map(rowsOf<{ table: string; type: number }>(result).map((row) => [row.table, row.type]));
  for (const table of TABLES_KEPT_READS_USE) {
    // After, per statement, on insert (4), delete (8), update (16) and truncate (32).
    expect(triggers.get(table), table).toBe(4 | 8 | 16 | 32);
  }
});

describe('what this instance changes', () => {
  it('the detail read again after an edit, a validation or a direct write shows the change', async () => {
    expect(t.app.changes.live).toBe(true);
    expect((await getDetail(t.app, organizer.token, bookingId)).note).toBe('Anniversaire de Jules');
    // Kept: the same answer again.
    expect((await getDetail(t.app, organizer.token, bookingId)).note).toBe('Anniversaire de Jules');

    await t.db
      .update(bookingRequests)
      .set({ note: 'Enterrement de vie de garçon' })
      .where(eq(bookingRequests.id, bookingId));
    expect((await getDetail(t.app, organizer.token, bookingId)).note).toBe('Enterrement de vie de garçon');

    const validated = await cb(t.app, 'POST', `/${bookingId}/validate`, organizer.token);
    expect(validated.statusCode, validated.body).toBe(200);
    expect(validated.json().message).toBe('Votre demande a été validée');
    expect((await getDetail(t.app, organizer.token, bookingId)).clientValidation).toBe('validated');

    await setBookingState(t.db, bookingId, { status: 'prebooked', adminValidation: 'validated' });
    const detail = await getDetail(t.app, organizer.token, bookingId);
    expect(detail.status).toBe('prebooked');
    expect(detail.adminValidation).toBe('validated');
  });

  it("a kept detail is its caller's only: another customer still gets the 404", async () => {
    await getDetail(t.app, organizer.token, bookingId);
    const stranger = await registerCustomer(t.app, { firstName: 'Hugo', lastName: 'Petit' });
    const res = await cb(t.app, 'GET', `/${bookingId}`, stranger.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: 'Réservation non trouvée' });
    expect(res.body).not.toContain(organizer.email);
  });

  it("a participant's first visit shows them connected to the organizer at once", async () => {
    const catalogue = await catalogueBySlug(t.db);
    const own = await createBooking(t.app, organizer, { lines: [{ item: catalogue.get('paintball')! }] });
    const guest = await registerCustomer(t.app, {
      firstName: 'Jules',
      lastName: 'Bernard',
      email: uniqueEmail('jules'),
    });
    const row = await joinAsParticipant(t.app, t.db, organizer.token, own._id, guest);
    const before = await getDetail(t.app, organizer.token, own._id);
    expect(before.bookingParticipants.find((p) => p._id === row._id)?.hasConnected).toBe(false);

    const seenByGuest = await getDetail(t.app, guest.token, own._id);
    expect(seenByGuest.userRole).toBe('participant');
    expect(seenByGuest.participantDetails?.hasConnected).toBe(true);
    const after = await getDetail(t.app, organizer.token, own._id);
    expect(after.bookingParticipants.find((p) => p._id === row._id)?.hasConnected).toBe(true);
  });

  it('the day planner and the list read again after a direct write show it', async () => {
    const catalogue = await catalogueBySlug(t.db);
    const own = await createBooking(t.app, organizer, { lines: [{ item: catalogue.get('paintball')! }] });
    expect((await plannedGroup(own._id))?.organizerName).toBe('Léa Martin');
    expect((await listed(organizer.token, own._id))?.note).toBe('Anniversaire de Jules');
    // Kept: the same answers again.
    expect((await plannedGroup(own._id))?.participants).toBe(10);
    expect((await listed(organizer.token, own._id))?.bookingActivities[0]?.customParticipants).toBe(10);

    await t.db.update(bookingItems).set({ participants: 17 }).where(eq(bookingItems.bookingId, own._id));
    await t.db.update(bookingRequests).set({ note: 'Séminaire' }).where(eq(bookingRequests.id, own._id));
    expect((await plannedGroup(own._id))?.participants).toBe(17);
    const row = await listed(organizer.token, own._id);
    expect(row?.note).toBe('Séminaire');
    expect(row?.bookingActivities[0]?.customParticipants).toBe(17);

    // Canceled: off the planner, and so shown in the list.
    await setBookingState(t.db, own._id, { status: 'canceled' });
    expect(await plannedGroup(own._id)).toBeUndefined();
    expect((await listed(organizer.token, own._id))?.status).toBe('canceled');
  });

  it("a kept list is its caller's only", async () => {
    await listed(organizer.token, bookingId);
    const stranger = await registerCustomer(t.app, { firstName: 'Hugo', lastName: 'Petit' });
    const res = await cb(t.app, 'GET', '', stranger.token);
    expect(bookingListResponse.parse(res.json()).data.bookingRequests).toEqual([]);
    expect(res.body).not.toContain(bookingId);
  });

  it("a staff session, though kept, follows its account's role at once and ends at once on logout", async () => {
    const staff = await createStaffWithSession(t.db, 'admin');
    const accounts = () => staffCall(t.app, 'GET', '/accounts', staff.token);
    expect((await accounts()).statusCode).toBe(200);
    expect((await accounts()).statusCode).toBe(200);
    await t.db.update(staffAccounts).set({ role: 'staff' }).where(eq(staffAccounts.id, staff.id));
    expect((await accounts()).statusCode).toBe(403);
    expect((await staffCall(t.app, 'POST', '/auth/logout', staff.token)).statusCode).toBe(200);
    expectUnauthenticated(await staffCall(t.app, 'GET', '/auth/me', staff.token));
  });

  it('a session ends at once on logout, though it was kept', async () => {
    const customer = await registerCustomer(t.app, { firstName: 'Inès', lastName: 'Roux' });
    const me = () => cb(t.app, 'GET', '', customer.token);
    expect((await me()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customer-auth/logout',
      headers: bearer(customer.token),
    });
    expect(out.statusCode, out.body).toBe(200);
    expectUnauthenticated(await me());
  });
});

/**
 * Another instance, psql or a command-line tool: PostgreSQL only (PGlite is one process). The
 * waits stay under the 5 s a detail may be kept, so only the notification can make them pass.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('what another connection changes', () => {
  async function elsewhere<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  it("the job engine's own statements (polled every second) keep what is kept; a write of this instance does not", async () => {
    expect(t.app.changes.live).toBe(true);
    // The jobs the set-up scheduled (its mails) run, and every notification before this point is received.
    await t.app.jobs.runDue();
    await t.app.changes.sync();
    const before = t.app.changes.generation;
    // A poll with nothing due: the engine's fetches and updates run on its own tables only.
    expect(await t.app.jobs.runDue()).toBe(0);
    expect(t.app.changes.generation).toBe(before);
    await t.db.update(bookingRequests).set({ note: 'Sortie du club' }).where(eq(bookingRequests.id, bookingId));
    expect(t.app.changes.generation).toBeGreaterThan(before);
  });

  it("reaches this instance through the database's notification", async () => {
    await getDetail(t.app, organizer.token, bookingId);
    await elsewhere((client) =>
      client.query('update booking_requests set note = $1 where id = $2', ['Séminaire', bookingId]),
    );
    await vi.waitFor(async () => expect((await getDetail(t.app, organizer.token, bookingId)).note).toBe('Séminaire'), {
      timeout: 3000,
      interval: 20,
    });
  });

  it('reaches the kept planner and list of this instance too', async () => {
    await plannedGroup(bookingId);
    await listed(organizer.token, bookingId);
    await elsewhere((client) =>
      client.query('update booking_items set participants = 23 where booking_id = $1', [bookingId]),
    );
    await vi.waitFor(
      async () => {
        expect((await plannedGroup(bookingId))?.participants).toBe(23);
        expect((await listed(organizer.token, bookingId))?.bookingActivities[0]?.customParticipants).toBe(23);
      },
      { timeout: 3000, interval: 20 },
    );
  });

  it('the hourly catch-up, every deadline having its job, writes nothing and forgets nothing kept', async () => {
    // A confirmed booking written straight in (as before the jobs existed): the first catch-up adds its job.
    const other = await createBooking(t.app, organizer, {
      lines: [{ item: (await catalogueBySlug(t.db)).get('parcours-aventure')! }],
    });
    await setBookingState(t.db, other._id, { status: 'confirmed' });
    expect(await scheduleMissingDeadlines(t.db)).toBeGreaterThanOrEqual(1);
    await t.app.changes.sync();
    const before = t.app.changes.generation;
    // Then one read finds every job there: no `send` per booking, each of which bumped the feed.
    expect(await scheduleMissingDeadlines(t.db)).toBe(0);
    expect(t.app.changes.generation).toBe(before);
  });

  it("the job engine's own bookkeeping forgets nothing kept; the app's writes do", async () => {
    // pg-boss polls every second on every instance: were its statements reported, nothing would stay kept.
    const before = t.app.changes.generation;
    await engineExecutor(t.database).executeSql('update pgboss.job set priority = priority where false');
    expect(t.app.changes.generation).toBe(before);
    await t.db.execute(sql`update booking_requests set note = note where false`);
    expect(t.app.changes.generation).toBeGreaterThan(before);
  });

  it('while the listening connection is lost nothing is served from memory, then it comes back', async () => {
    await getDetail(t.app, organizer.token, bookingId);
    // pg-listen reconnects at once: the moment the feed is not live is seen through its calls.
    const setLive = vi.spyOn(t.app.changes, 'setLive');
    const ended = await elsewhere((client) =>
      client.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = 'parc-changes' and pid <> pg_backend_pid()`,
      ),
    );
    expect(ended.rowCount).toBeGreaterThan(0);
    await vi.waitFor(() => expect(setLive).toHaveBeenCalledWith(false), { timeout: 5000, interval: 10 });
    setLive.mockRestore();

    // No notification can arrive now: the next read asks the database.
    await elsewhere((client) =>
      client.query('update booking_requests set note = $1 where id = $2', ['Club de rugby', bookingId]),
    );
    if (!t.app.changes.live) {
      expect((await getDetail(t.app, organizer.token, bookingId)).note).toBe('Club de rugby');
    }
    await vi.waitFor(() => expect(t.app.changes.live).toBe(true), { timeout: 5000, interval: 20 });
    await elsewhere((client) =>
      client.query('update booking_requests set note = $1 where id = $2', ['Comité d’entreprise', bookingId]),
    );
    await vi.waitFor(
      async () => expect((await getDetail(t.app, organizer.token, bookingId)).note).toBe('Comité d’entreprise'),
      { timeout: 3000, interval: 20 },
    );
  });

  it('the listener reconnects after its backend is killed, and notifications flow again', async () => {
    const feed = postgresChanges(t.databaseUrl!, { everyMs: 60_000, withinMs: 3000 });
    await feed.start();
    const backends = () =>
      elsewhere((client) =>
        client.query<{ pid: number }>(
          `select pid from pg_stat_activity
            where datname = current_database() and application_name = 'parc-changes' and pid <> pg_backend_pid()`,
        ),
      );
    try {
      const before = new Set((await backends()).rows.map((row) => row.pid));
      await elsewhere((client) =>
        client.query('select pg_terminate_backend(pid) from unnest($1::int[]) pid', [[...before]]),
      );
      // A new backend listens, and the feed hears a change committed elsewhere.
      await vi.waitFor(
        async () => {
          const now = (await backends()).rows.map((row) => row.pid);
          expect(now.some((pid) => !before.has(pid))).toBe(true);
          expect(feed.live).toBe(true);
        },
        { timeout: 5000, interval: 20 },
      );
      const generation = feed.generation;
      await elsewhere((client) => client.query('select pg_notify($1, $2)', ['parc_data_change', 'test']));
      await vi.waitFor(() => expect(feed.generation).toBeGreaterThan(generation), { timeout: 3000, interval: 10 });
      // The read barrier works on the new connection.
      await feed.sync();
    } finally {
      await feed.stop();
    }
  });

  it('a listening connection that no longer hears its own heartbeat is taken for lost', async () => {
    const heard = postgresChanges(t.databaseUrl!, { everyMs: 30, withinMs: 1000 });
    await heard.start();
    try {
      expect(heard.live).toBe(true);
      const generation = heard.generation;
      // Heartbeats come and go without being taken for changes.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard.live).toBe(true);
      expect(heard.generation).toBe(generation);
    } finally {
      await heard.stop();
    }

    // A heartbeat that must be heard back at once never is: the feed is not live.
    const deaf = postgresChanges(t.databaseUrl!, { everyMs: 30, withinMs: 0 });
    await deaf.start();
    try {
      await vi.waitFor(() => expect(deaf.live).toBe(false), { timeout: 3000, interval: 10 });
    } finally {
      await deaf.stop();
    }
  });
});
