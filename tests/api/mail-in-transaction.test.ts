import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerBody } from '../../src/shared/api/auth.schema';
import { paymentConfigBody } from '../../src/shared/api/staff-requests.schema';
import { bookingRequests, customers, outbox, paymentConfigs } from '../../src/server/db/schema';
import type { ServiceDeps } from '../../src/server/deps';
import { register } from '../../src/server/modules/auth/auth.service';
import { joinInvitation } from '../../src/server/modules/invitations/invitation-join.service';
import { outboxMailer, type Mailer } from '../../src/server/modules/mail/mailer.public';
import { setPaymentConfig } from '../../src/server/modules/staff/staff-actions.service';
import { PASSWORD, registerCustomer, uniqueEmail } from '../support/auth';
import { bookingInState, paymentConfigFor } from '../support/booking-states';
import { createLink, joinCounts } from '../support/invitations';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * docs/decisions.md, "E-mail": a mail is written with the transaction of the change that causes it.
 * The mailer below writes the outbox row, then fails, as a crash between the mail and the commit
 * would: the change and its mail are both gone, never one without the other.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const CRASH = 'panne entre le mail et la fin de la transaction';
const crashingMailer: Mailer = {
  async queue(tx, message) {
    await outboxMailer().queue(tx, message);
    throw new Error(CRASH);
  },
};

function crashingDeps(): ServiceDeps {
  return {
    db: t.db,
    mailer: crashingMailer,
    mailContext: async () => ({
      parkName: 'Parc Aventure des Landes',
      parkEmail: 'contact@parc-aventure-landes.fr',
      parkPhone: '05 58 00 00 00',
      publicUrl: 'https://parc.example',
    }),
    log: t.app.log,
  };
}

const mailsTo = (to: string) => t.db.select().from(outbox).where(eq(outbox.to, to));

describe('a mail commits with its change, or not at all', () => {
  it('registration: a rolled back account leaves no mail; a committed one has exactly its mail', async () => {
    const email = uniqueEmail('annule');
    const body = registerBody.parse({ firstName: 'Léa', lastName: 'Martin', email, password: PASSWORD });
    await expect(
      register({ ...crashingDeps(), deviceSecret: 'x'.repeat(32), accountErasure: {} as never }, body),
    ).rejects.toThrow(CRASH);
    expect(await t.db.select().from(customers).where(eq(customers.email, email))).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);

    const kept = await registerCustomer(t.app, { email });
    const rows = await mailsTo(kept.email);
    expect(rows.map((row) => row.template)).toEqual(['account-created']);
  });

  it('payment config: a rolled back quote leaves the booking as it was and sends no "Votre devis est prêt"', async () => {
    const booking = await bookingInState(t, 'client-validated');
    const staff = booking.staff;
    await expect(
      setPaymentConfig(
        crashingDeps(),
        { sessionId: 'x', staffId: staff.id, role: 'staff', name: 'Camille Dupuy', email: 'equipe@exemple.fr' },
        booking.id,
        paymentConfigBody.parse(paymentConfigFor('full_payment_organizer')),
      ),
    ).rejects.toThrow(CRASH);
    const [row] = await t.db.select().from(bookingRequests).where(eq(bookingRequests.id, booking.id));
    expect(row).toMatchObject({ status: 'draft', adminValidation: 'pending' });
    expect(await t.db.select().from(paymentConfigs).where(eq(paymentConfigs.bookingId, booking.id))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, booking.organizer.email), eq(outbox.template, 'quote-ready'))),
    ).toEqual([]);
  });

  it('invitation join without a password: a rolled back join leaves no account, no participant, no mail', async () => {
    const booking = await bookingInState(t, 'draft');
    const link = await createLink(t.app, booking.organizer.token, booking.id, { maxUses: 3 });
    const email = uniqueEmail('rejoint');
    const before = await joinCounts(t.db);
    await expect(
      joinInvitation(crashingDeps(), link.token, { firstName: 'Zoé', lastName: 'Petit', email }, null),
    ).rejects.toThrow(CRASH);
    expect(await joinCounts(t.db)).toEqual(before);
    expect(await mailsTo(email)).toEqual([]);
  });
});
