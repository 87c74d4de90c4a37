import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { outboxMailer } from '../../src/server/modules/mail/mailer.public';
import { auditLog, bookingRequests, outbox, paymentConfigs } from '../../src/server/db/schema';
import { bookingInState } from '../support/booking-states';
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

describe('option expiry as a job at its exact time', () => {
  it('a clock moved forward past the due date releases the option once, not a minute before', async () => {
    const option = await bookingInState(t, 'prebooked', { staff });
    const [config] = await t.db.select().from(paymentConfigs).where(eq(paymentConfigs.bookingId, option.id));
    const dueAt = config!.dueAt;
    const statusOf = async () =>
      (await t.db.select().from(bookingRequests).where(eq(bookingRequests.id, option.id)))[0]!.status;

    await t.app.jobs.runDue(new Date(dueAt.getTime() - 60_000));
    expect(await statusOf()).toBe('prebooked');

    await t.app.jobs.runDue(new Date(dueAt.getTime() + 1000));
    expect(await statusOf()).toBe('canceled');
    await t.app.jobs.runDue(new Date(dueAt.getTime() + 48 * 60 * 60 * 1000));

    const released = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.bookingId, option.id), eq(auditLog.action, 'option_released')));
    expect(released).toHaveLength(1);
    const mails = await t.db.select().from(outbox).where(eq(outbox.template, 'option-released'));
    expect(mails.filter((mail) => mail.text.includes(option.reference))).toHaveLength(1);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'two app instances on one PostgreSQL database release the option once (PostgreSQL only: skipped on PGlite)',
    async () => {
      const second = await openDatabase({ kind: 'postgres', url: t.databaseUrl! });
      const webDir = mkdtempSync(join(tmpdir(), 'parc-test-web-'));
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: webDir });
      const b = await buildApp({ config, database: second, mailer: outboxMailer() });
      try {
        await b.ready();
        const option = await bookingInState(t, 'prebooked', { staff });
        const [config] = await t.db.select().from(paymentConfigs).where(eq(paymentConfigs.bookingId, option.id));
        const later = new Date(config!.dueAt.getTime() + 1000);
        await Promise.all([t.app.jobs.runDue(later), b.jobs.runDue(later)]);
        const released = await t.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.bookingId, option.id), eq(auditLog.action, 'option_released')));
        expect(released).toHaveLength(1);
      } finally {
        await b.close();
        await second.close();
        rmSync(webDir, { recursive: true, force: true });
      }
    },
  );
});
