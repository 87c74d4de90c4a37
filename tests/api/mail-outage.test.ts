import { inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { outbox } from '../../src/server/db/schema';
import { registerCustomer, uniqueEmail, type RegisteredCustomer } from '../support/auth';
import { bookingInState, paymentConfigFor } from '../support/booking-states';
import { cb } from '../support/customer-bookings';
import { createLink, joinOk } from '../support/invitations';
import { freePort, startSilentServer, startSmtpServer } from '../support/smtp-server';
import { createStaffWithSession } from '../support/staff';
import { staffCall } from '../support/staff-api';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * docs/decisions.md, "E-mail" and "Durable jobs": a customer's journey while the mail server is
 * down or mute. Every call answers at once (the mail is a row written with the change); once the
 * server is back, the delivery jobs send every mail of the journey, each exactly once.
 */

const MINUTE = 60_000;
const later = (ms: number) => new Date(Date.now() + ms);
/** Far below the 30 s a mute server made a request wait when mail was sent inside it (argon2 and a busy machine take the rest). */
const AT_ONCE_MS = 5000;
/** A whole journey on a fresh app takes a while on a busy machine; each call is timed on its own. */

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const thing of opened.splice(0).reverse()) await thing.close();
});

async function appSendingTo(port: number): Promise<TestApp> {
  const t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  opened.push(t);
  return t;
}

async function timed<T>(work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await work();
  expect(Date.now() - started).toBeLessThan(AT_ONCE_MS);
  return result;
}

/** Registers, asks for a booking, a guest joins without a password, the team sends the quote. */
async function journey(t: TestApp) {
  const organizer: RegisteredCustomer = await timed(() =>
    registerCustomer(t.app, { firstName: 'Léa', lastName: 'Martin', email: uniqueEmail('organisatrice') }),
  );
  const staff = await createStaffWithSession(t.db, 'staff');
  const booking = await bookingInState(t, 'draft', { organizer, staff });
  const link = await createLink(t.app, organizer.token, booking.id, { maxUses: 3 });
  const guest = uniqueEmail('invitee');
  await timed(() => joinOk(t.app, link.token, { firstName: 'Zoé', lastName: 'Petit', email: guest }));
  const validated = await cb(t.app, 'POST', `/${booking.id}/validate`, organizer.token);
  expect(validated.statusCode, validated.body).toBe(200);
  const quote = await timed(() =>
    staffCall(
      t.app,
      'PUT',
      `/booking-requests/${booking.id}/payment-config`,
      staff.token,
      paymentConfigFor('full_payment_organizer'),
    ),
  );
  expect(quote.statusCode, quote.body).toBe(200);
  return { addresses: [organizer.email, guest], organizer, guest, reference: booking.reference };
}

describe('a customer journey while the mail server is away', () => {
  it('SMTP down: register, join, quote answer at once; back up, every mail arrives exactly once', async () => {
    const port = await freePort();
    const t = await appSendingTo(port);
    const { addresses, organizer, guest, reference } = await journey(t);

    const rows = () => t.db.select().from(outbox).where(inArray(outbox.to, addresses));
    const queued = await rows();
    expect(queued.every((row) => row.status === 'pending')).toBe(true);
    expect(queued.filter((row) => row.to === organizer.email).map((row) => row.template)).toEqual(
      expect.arrayContaining(['account-created', 'request-received', 'quote-ready']),
    );
    expect(queued.filter((row) => row.to === guest)).toHaveLength(1);

    // Down: the first attempts fail, nothing is lost.
    await t.app.jobs.runDue();
    expect((await rows()).every((row) => row.status === 'pending' && row.attempts === 1)).toBe(true);

    const smtp = await startSmtpServer(port);
    opened.push(smtp);
    await t.app.jobs.runDue(later(MINUTE));
    // Once more, within the option's 24 hours (later, its release would rightly mail the organizer).
    await t.app.jobs.runDue(later(60 * MINUTE));

    const received = smtp.received.filter((mail) => addresses.includes(mail.to));
    expect(received).toHaveLength(queued.length);
    for (const row of queued) {
      expect(received.filter((mail) => mail.to === row.to && mail.subject === row.subject)).toHaveLength(1);
    }
    expect(received.map((mail) => mail.subject)).toContain(`Votre devis est prêt – demande ${reference}`);
    const delivered = await rows();
    expect(delivered).toHaveLength(queued.length);
    expect(delivered.every((row) => row.status === 'sent')).toBe(true);
  }, 120_000);

  it('a mail server that accepts and never answers slows none of those calls', async () => {
    const silent = await startSilentServer();
    opened.push(silent);
    const t = await appSendingTo(silent.port);
    const { addresses } = await journey(t);
    const queued = await t.db.select().from(outbox).where(inArray(outbox.to, addresses));
    expect(queued.length).toBeGreaterThanOrEqual(4);
    expect(queued.every((row) => row.status === 'pending')).toBe(true);
  }, 120_000);
});
