import { executorWithin } from '../../src/server/db/raw-sql';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { outboxResponse } from '../../src/shared/api/staff.schema';
import { outbox } from '../../src/server/db/schema';
import { MAIL_MAX_ATTEMPTS } from '../../src/server/modules/mail/mail-delivery';
import { registerCustomer, uniqueEmail } from '../support/auth';
import { freePort, startSilentServer, startSmtpServer } from '../support/smtp-server';
import { createStaffWithSession } from '../support/staff';
import { staffCall } from '../support/staff-api';
import { createTestApp, type TestApp } from '../support/test-app';

const MINUTE = 60_000;
const later = (ms: number) => new Date(Date.now() + ms);

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const thing of opened.splice(0).reverse()) await thing.close();
});

async function appSendingTo(port: number): Promise<TestApp> {
  const t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  opened.push(t);
  return t;
}

const rowsTo = (t: TestApp, to: string) => t.db.select().from(outbox).where(eq(outbox.to, to));

describe('e-mail through the outbox, delivered by a job', () => {
  it('SMTP down while customers register: the API answers at once, the mails wait; back up, each arrives once', async () => {
    const port = await freePort();
    const t = await appSendingTo(port);
    const addresses = [uniqueEmail('panne'), uniqueEmail('panne')];
    for (const email of addresses) {
      const started = Date.now();
      await registerCustomer(t.app, { email });
      expect(Date.now() - started).toBeLessThan(2000);
    }
    for (const email of addresses) {
      const [row] = await rowsTo(t, email);
      expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    }

    // The first attempt fails (nothing listens): still pending, the error kept.
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(2);
    for (const email of addresses) {
      const [row] = await rowsTo(t, email);
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row!.lastError).toMatch(/ECONNREFUSED/);
    }

    // The server comes back; the first retry is due within a minute.
    const smtp = await startSmtpServer(port);
    opened.push(smtp);
    await t.app.jobs.runDue(later(MINUTE));
    await t.app.jobs.runDue(later(60 * MINUTE));
    await t.app.jobs.runDue(later(3 * 24 * 60 * MINUTE));
    for (const email of addresses) {
      expect(smtp.received.filter((mail) => mail.to === email)).toHaveLength(1);
      const [row] = await rowsTo(t, email);
      expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null, unsent: null });
    }

    // The back-office lists every mail with its delivery.
    const staff = await createStaffWithSession(t.db, 'staff');
    const page = outboxResponse.parse((await staffCall(t.app, 'GET', '/outbox', staff.token)).json()).data;
    const shown = page.emails.filter((email) => addresses.includes(email.to));
    expect(shown.map((email) => [email.status, email.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
    ]);
    // Each run also runs the recurring jobs due (housekeeping, retention…): slower on a busy machine.
  }, 60_000);

  it('a mail server that accepts and never answers does not slow a request', async () => {
    const silent = await startSilentServer();
    opened.push(silent);
    const t = await appSendingTo(silent.port);
    const email = uniqueEmail('lent');
    const started = Date.now();
    await registerCustomer(t.app, { email });
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await rowsTo(t, email))[0]?.status).toBe('pending');
  });

  it(`a mail that cannot leave is failed after ${MAIL_MAX_ATTEMPTS} attempts spread over more than 24 hours`, async () => {
    const t = await appSendingTo(await freePort());
    const email = uniqueEmail('jamais');
    await registerCustomer(t.app, { email });
    const hours: number[] = [];
    for (let hour = 0; hour <= 200; hour += 1) {
      await t.app.jobs.runDue(later(hour * 60 * MINUTE));
      const [row] = await rowsTo(t, email);
      if (hours.length < row!.attempts) hours.push(hour);
      if (row!.status !== 'pending') break;
    }
    const [row] = await rowsTo(t, email);
    expect(row).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    expect(hours.at(-1)).toBeGreaterThanOrEqual(24);
  });

  it('the team resends a failed mail once the server is back: it arrives once; only a failed mail can be resent', async () => {
    const port = await freePort();
    const t = await appSendingTo(port);
    const email = uniqueEmail('renvoi');
    await registerCustomer(t.app, { email });
    const [mail] = await rowsTo(t, email);
    const staff = await createStaffWithSession(t.db, 'staff');
    const resend = (id: string) => staffCall(t.app, 'POST', `/outbox/${id}/resend`, staff.token);

    const pending = await resend(mail!.id);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe('Seul un e-mail en échec peut être renvoyé');
    for (let hour = 0; hour <= 200; hour += 1) {
      await t.app.jobs.runDue(later(hour * 60 * MINUTE));
      if ((await rowsTo(t, email))[0]!.status !== 'pending') break;
    }
    expect((await rowsTo(t, email))[0]).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });

    const smtp = await startSmtpServer(port);
    opened.push(smtp);
    const answer = await resend(mail!.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      success: true,
      message: 'E-mail remis dans la file d’envoi',
      data: { _id: mail!.id, status: 'pending', attempts: 0, lastError: null },
    });
    await t.app.jobs.runDue(later(9 * 24 * 60 * MINUTE));
    await t.app.jobs.runDue(later(10 * 24 * 60 * MINUTE));
    expect(smtp.received.filter((received) => received.to === email)).toHaveLength(1);
    expect((await rowsTo(t, email))[0]).toMatchObject({ status: 'sent', attempts: 1, unsent: null });

    const again = await resend(mail!.id);
    expect(again.statusCode).toBe(409);
    const unknown = await resend('00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('E-mail introuvable');
    expect((await staffCall(t.app, 'POST', `/outbox/${mail!.id}/resend`)).statusCode).toBe(401);
  });

  it('without SMTP_URL the outbox is the record, and no job is left waiting', async () => {
    const t = await createTestApp();
    opened.push(t);
    const email = uniqueEmail('boite');
    await registerCustomer(t.app, { email });
    expect((await rowsTo(t, email))[0]).toMatchObject({ status: 'recorded', attempts: 0 });
    // The recurring jobs (housekeeping…) run, no delivery job does.
    await t.app.jobs.runDue();
    const { rows } = await executorWithin(t.db).executeSql(`SELECT id FROM pgboss.job WHERE name = 'mail-delivery'`);
    expect(rows).toEqual([]);
  });
});
