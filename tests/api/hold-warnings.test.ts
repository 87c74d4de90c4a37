// The team is e-mailed once when a card deposit hold is about to lapse (DESIGN.md §3 "hold
// expiring": an authorization lives about 7 days), whatever the number of sweeps at once.
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import { bookingRequests, outbox, payments } from '../../src/server/db/schema';
import type { ServiceDeps } from '../../src/server/deps';
import { outboxMailer } from '../../src/server/modules/mail/mailer.public';
import { warnExpiringHolds } from '../../src/server/modules/payments/hold-warnings.public';
import { cardHold, type PaymentState } from '../support/payment-states';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
const DAY_MS = 24 * 60 * 60 * 1000;

function depsOn(db: Db): ServiceDeps {
  return {
    db,
    mailer: outboxMailer(),
    mailContext: async () => ({
      parkName: 'Parc Aventure des Landes',
      parkEmail: 'equipe@parc.test',
      parkPhone: '05 58 00 00 00',
      publicUrl: 'http://parc.test',
    }),
    log: pino({ level: 'silent' }),
  };
}

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** A booking whose organizer placed a 150 € card hold, authorized `daysAgo` days ago. */
async function heldDeposit(daysAgo: number): Promise<PaymentState & { holdId: string }> {
  const state = await cardHold(t.app, t.db);
  await t.db
    .update(payments)
    .set({ updatedAt: new Date(Date.now() - daysAgo * DAY_MS) })
    .where(eq(payments.id, state.holdId));
  return state;
}

const warningsTo = async (reference: string) =>
  (await t.db.select().from(outbox).where(eq(outbox.template, 'hold-expiring'))).filter((mail) =>
    mail.subject.endsWith(reference),
  );

describe('hold expiring e-mail to the team', () => {
  it('is written once when the hold lapses within 48 hours, even with sweeps running at once', async () => {
    const state = await heldDeposit(5.5);
    const [, second] = await Promise.all([warnExpiringHolds(depsOn(t.db)), warnExpiringHolds(depsOn(t.db))]);
    expect(second).toBeGreaterThanOrEqual(0);
    const mails = await warningsTo(state.reference);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe('equipe@parc.test');
    expect(mails[0]!.subject).toBe(`Caution bientôt expirée – réservation ${state.reference}`);
    expect(mails[0]!.text).toContain(
      `L’empreinte bancaire de caution de 150,00 € de la réservation ${state.reference} (Claire Organisatrice, du `,
    );
    expect(mails[0]!.text).toContain(`Ouvrir la demande : http://parc.test/admin/demandes/${state.bookingId}`);

    // A later sweep finds nothing more to say about it.
    expect(await warnExpiringHolds(depsOn(t.db))).toBe(0);
    expect(await warningsTo(state.reference)).toHaveLength(1);
    // The alert still dates the authorization, not the warning.
    const [row] = await t.db.select().from(payments).where(eq(payments.id, state.holdId));
    expect(Date.now() - row!.updatedAt.getTime()).toBeGreaterThan(5 * DAY_MS);
  });

  it('says nothing of a fresh hold, nor of a hold on a canceled booking', async () => {
    const fresh = await heldDeposit(1);
    const canceled = await heldDeposit(6);
    await t.db.update(bookingRequests).set({ status: 'canceled' }).where(eq(bookingRequests.id, canceled.bookingId));

    await warnExpiringHolds(depsOn(t.db));

    expect(await warningsTo(fresh.reference)).toEqual([]);
    expect(await warningsTo(canceled.reference)).toEqual([]);
  });
});
