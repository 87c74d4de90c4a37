import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  bookingParticipants,
  bookingRequests,
  messages,
  paymentConfigs,
  payments,
} from '../../src/server/db/schema';
import { completionTime } from '../../src/server/modules/bookings/booking-completion.public';
import { executorWithin } from '../../src/server/db/raw-sql';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { outboxMailer } from '../../src/server/modules/mail/mailer.public';
import { bookingJobsResponse } from '../../src/shared/api/staff-jobs.schema';
import { bookingInState } from '../support/booking-states';
import { staffCall } from '../support/staff-api';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let staff: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  staff = await createStaffWithSession(t.db, 'staff');
});
afterAll(async () => {
  await t.close();
});

const HOUR_MS = 3_600_000;

async function bookingOf(id: string) {
  const [row] = await t.db.select().from(bookingRequests).where(eq(bookingRequests.id, id));
  return row!;
}

async function auditCount(id: string, action: string) {
  const rows = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.bookingId, id), eq(auditLog.action, action)));
  return rows.length;
}

/** The engine's jobs of one kind for one booking (pg-boss's own table). */
async function jobsOf(kind: string, bookingId: string) {
  const { rows } = await executorWithin(t.db).executeSql(
    `SELECT state, start_after FROM pgboss.job WHERE name = $1 AND data->>'bookingId' = $2`,
    [kind, bookingId],
  );
  return rows as Array<{ state: string; start_after: Date }>;
}

describe('completion after the stay as a job at its exact time', () => {
  it('is completed at 00:00 in Paris the day after its last day, once, whatever the replays', async () => {
    const booking = await bookingInState(t, 'confirmed', { staff });
    const row = await bookingOf(booking.id);
    const at = completionTime(row.endDate);
    // 00:00 in Paris: 22:00 or 23:00 UTC the day before.
    expect(new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', timeStyle: 'short' }).format(at)).toBe('00:00');
    const waiting = await jobsOf('booking-completion', booking.id);
    expect(waiting).toHaveLength(1);
    expect(new Date(waiting[0]!.start_after).getTime()).toBe(at.getTime());

    await t.app.jobs.runDue(new Date(at.getTime() - 60_000));
    expect((await bookingOf(booking.id)).status).toBe('confirmed');

    await t.app.jobs.runDue(new Date(at.getTime() + 1000));
    expect((await bookingOf(booking.id)).status).toBe('completed');
    await t.app.jobs.runDue(new Date(at.getTime() + 48 * HOUR_MS));
    expect(await auditCount(booking.id, 'auto_complete')).toBe(1);
  });

  it('a booking confirmed before the jobs existed gets its job from the catch-up, and is completed once', async () => {
    const booking = await bookingInState(t, 'confirmed', { staff });
    // As after an upgrade: the row is there, its job is not.
    await executorWithin(t.db).executeSql(`DELETE FROM pgboss.job WHERE data->>'bookingId' = $1`, [booking.id]);
    const at = completionTime((await bookingOf(booking.id)).endDate);

    // The hourly housekeeping schedules what is missing (the clock only moves forward in this file:
    // the test before ran it up to two days after the same last day).
    expect(await t.app.jobs.runDue(new Date(at.getTime() - HOUR_MS))).toBe(0);
    expect(await jobsOf('booking-completion', booking.id)).toEqual([]);
    await t.app.jobs.runDue(new Date(at.getTime() + 50 * HOUR_MS));
    expect((await jobsOf('booking-completion', booking.id)).map((job) => job.state)).toEqual(['created']);
    await t.app.jobs.runDue(new Date(at.getTime() + 50 * HOUR_MS));
    await t.app.jobs.runDue(new Date(at.getTime() + 52 * HOUR_MS));
    expect((await bookingOf(booking.id)).status).toBe('completed');
    expect(await auditCount(booking.id, 'auto_complete')).toBe(1);
  });

  it('an option past due without a job (before the upgrade) is released by the catch-up, once', async () => {
    const option = await bookingInState(t, 'prebooked', { staff });
    await executorWithin(t.db).executeSql(`DELETE FROM pgboss.job WHERE data->>'bookingId' = $1`, [option.id]);
    await t.db
      .update(paymentConfigs)
      .set({ dueAt: new Date(Date.now() - 60_000) })
      .where(eq(paymentConfigs.bookingId, option.id));
    const later = new Date(completionTime((await bookingOf(option.id)).endDate).getTime() + 100 * HOUR_MS);
    await t.app.jobs.runDue(later);
    await t.app.jobs.runDue(later);
    await t.app.jobs.runDue(new Date(later.getTime() + 2 * HOUR_MS));
    expect((await bookingOf(option.id)).status).toBe('canceled');
    expect(await auditCount(option.id, 'option_released')).toBe(1);
  });
});

describe('the back-office lists the jobs of a booking', () => {
  it('GET /api/v1/staff/booking-requests/:id/jobs: kind in French, due time, state, attempts, last error; 404 for no booking', async () => {
    const option = await bookingInState(t, 'prebooked', { staff });
    const [config] = await t.db.select().from(paymentConfigs).where(eq(paymentConfigs.bookingId, option.id));
    const listed = await staffCall(t.app, 'GET', `/booking-requests/${option.id}/jobs`, staff.token);
    expect(listed.statusCode, listed.body).toBe(200);
    const jobs = bookingJobsResponse.parse(listed.json()).data;
    expect(jobs).toEqual([
      expect.objectContaining({
        kind: 'option-expiry',
        kindLabel: 'Libération de l’option à l’échéance',
        dueAt: config!.dueAt.toISOString(),
        state: 'created',
        attempts: 0,
        lastError: null,
      }),
    ]);

    // A run that failed (as pg-boss records it): its tries and its error.
    await executorWithin(t.db).executeSql(
      `UPDATE pgboss.job SET state = 'retry', retry_count = 2, output = $2::jsonb WHERE data->>'bookingId' = $1`,
      [option.id, JSON.stringify({ message: 'prestataire de paiement injoignable' })],
    );
    const failed = bookingJobsResponse.parse(
      (await staffCall(t.app, 'GET', `/booking-requests/${option.id}/jobs`, staff.token)).json(),
    ).data;
    expect(failed[0]).toMatchObject({ state: 'retry', attempts: 2, lastError: 'prestataire de paiement injoignable' });

    const missing = await staffCall(
      t.app,
      'GET',
      '/booking-requests/00000000-0000-4000-8000-000000000000/jobs',
      staff.token,
    );
    expect(missing.statusCode).toBe(404);
    const customer = await t.app.inject({
      method: 'GET',
      url: `/api/v1/staff/booking-requests/${option.id}/jobs`,
      headers: { authorization: `Bearer ${option.organizer.token}` },
    });
    expect(customer.statusCode).toBe(401);
  });
});

describe('data retention (SPEC.md §9): 3 years after the last activity, then 10 years for the accounts', () => {
  it('anonymises a paid booking, deletes one without accounting record, then deletes the accounts after 10 years; each once', async () => {
    const kept = await bookingInState(t, 'confirmed', { staff });
    const draft = await bookingInState(t, 'draft', { staff });
    await t.db.insert(messages).values({
      bookingId: kept.id,
      authorType: 'client',
      authorCustomerId: kept.organizer.id,
      authorName: 'Léa Martin',
      content: 'Nous serons 10, dont mon frère Paul.',
    });
    const years = (count: number, days: number) => {
      const at = new Date();
      at.setUTCFullYear(at.getUTCFullYear() + count);
      return new Date(at.getTime() + days * 24 * HOUR_MS);
    };

    await t.app.jobs.runDue(years(3, -2));
    expect((await bookingOf(kept.id)).mainContact.email).toBe(kept.organizer.email);
    expect((await bookingOf(draft.id)).status).toBe('draft');

    await t.app.jobs.runDue(years(3, 2));
    await t.app.jobs.runDue(years(3, 2));
    const anonymised = await bookingOf(kept.id);
    expect(anonymised.mainContact).toMatchObject({ firstName: 'Léa', lastName: 'Martin', email: '', phone: null });
    expect(anonymised.anonymisedAt).not.toBeNull();
    const firstAt = anonymised.anonymisedAt!.getTime();
    expect(await t.db.select().from(bookingRequests).where(eq(bookingRequests.id, draft.id))).toEqual([]);
    expect(await t.db.select().from(messages).where(eq(messages.bookingId, kept.id))).toEqual([]);
    const people = await t.db.select().from(bookingParticipants).where(eq(bookingParticipants.bookingId, kept.id));
    expect(
      people.map((person) => [person.firstName, person.email.endsWith('@anonymise.invalid'), person.phone]),
    ).toEqual([['Léa', true, null]]);
    // The cheque received stays: an accounting record.
    expect((await t.db.select().from(payments).where(eq(payments.bookingId, kept.id))).length).toBe(1);
    const trail = await t.db.select().from(auditLog).where(eq(auditLog.bookingId, kept.id));
    expect(trail.filter((entry) => entry.actorType === 'customer').map((entry) => entry.actorName)).toEqual([
      'Client anonymisé',
    ]);
    expect(trail.some((entry) => entry.action === 'cheque_received')).toBe(true);

    // A later run leaves it as it is.
    await t.app.jobs.runDue(years(3, 5));
    expect((await bookingOf(kept.id)).anonymisedAt!.getTime()).toBe(firstAt);

    await t.app.jobs.runDue(years(10, 2));
    expect(await t.db.select().from(bookingRequests).where(eq(bookingRequests.id, kept.id))).toEqual([]);
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, kept.id))).toEqual([]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'two instances on one PostgreSQL database (PostgreSQL only: skipped on PGlite)',
  () => {
    it('option expiry, completion and retention happen once with both running the due jobs, twice', async () => {
      const second = await openDatabase({ kind: 'postgres', url: t.databaseUrl! });
      const webDir = mkdtempSync(join(tmpdir(), 'parc-test-web-'));
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: webDir });
      const b = await buildApp({ config, database: second, mailer: outboxMailer() });
      try {
        await b.ready();
        const option = await bookingInState(t, 'prebooked', { staff });
        const confirmed = await bookingInState(t, 'confirmed', { staff });
        const both = (now: Date) => Promise.all([t.app.jobs.runDue(now), b.jobs.runDue(now), t.app.jobs.runDue(now)]);
        const last = completionTime((await bookingOf(confirmed.id)).endDate);
        const far = new Date(last.getTime() + 200 * HOUR_MS);
        await both(far);
        await both(far);
        expect((await bookingOf(option.id)).status).toBe('canceled');
        expect(await auditCount(option.id, 'option_released')).toBe(1);
        expect((await bookingOf(confirmed.id)).status).toBe('completed');
        expect(await auditCount(confirmed.id, 'auto_complete')).toBe(1);

        const later = new Date(far);
        later.setUTCFullYear(later.getUTCFullYear() + 3);
        await both(later);
        await both(new Date(later.getTime() + 25 * HOUR_MS));
        const anonymised = await bookingOf(confirmed.id);
        expect(anonymised.anonymisedAt).not.toBeNull();
        expect(anonymised.mainContact.email).toBe('');
      } finally {
        await b.close();
        await second.close();
        rmSync(webDir, { recursive: true, force: true });
      }
    });
  },
);

describe('jobs run by each server without being asked', () => {
  it('with JOB_POLL_MS set, an option past due is released by the polling engine', async () => {
    const polled = await createTestApp({ env: { JOB_POLL_MS: '100' } });
    try {
      const member = await createStaffWithSession(polled.db, 'staff');
      const option = await bookingInState(polled, 'prebooked', { staff: member });
      await executorWithin(polled.db).executeSql(
        `UPDATE pgboss.job SET start_after = now() WHERE name = 'option-expiry' AND data->>'bookingId' = $1`,
        [option.id],
      );
      await polled.db
        .update(paymentConfigs)
        .set({ dueAt: new Date(Date.now() - 60_000) })
        .where(eq(paymentConfigs.bookingId, option.id));
      const deadline = Date.now() + 10_000;
      let status = 'prebooked';
      while (status === 'prebooked' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const [row] = await polled.db
          .select({ status: bookingRequests.status })
          .from(bookingRequests)
          .where(eq(bookingRequests.id, option.id));
        status = row!.status;
      }
      expect(status).toBe('canceled');
    } finally {
      await polled.close();
    }
  });
});
