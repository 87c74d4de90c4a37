import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingRequests, outbox } from '../../src/server/db/schema';
import { call, loginOk, temporaryPasswordFor, registerCustomer, uniqueEmail } from '../support/auth';
import { bookingInState, paymentConfigFor } from '../support/booking-states';
import { INVITE_MSG, createLink, joinOk } from '../support/invitations';
import { staffCall } from '../support/staff-api';
import { createTestApp, type TestApp } from '../support/test-app';

/** docs/decisions.md, "E-mail": what a real mail server showed of the mails, kept fixed. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const frenchDay = (day: string) =>
  new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

describe('the mails people receive', () => {
  it('joining without a password sends a welcome to the booking, not the forgot-password mail', async () => {
    const organizer = await registerCustomer(t.app, { firstName: 'Léa', lastName: 'Martin' });
    const booking = await bookingInState(t, 'draft', { organizer });
    const link = await createLink(t.app, organizer.token, booking.id, { maxUses: 3 });
    const email = uniqueEmail('bienvenue');
    const joined = await joinOk(t.app, link.token, { firstName: 'Zoé', lastName: 'Petit', email });
    expect(joined.message).toBe(INVITE_MSG.joinedByEmail);

    const [detail] = await t.db.select().from(outbox).where(eq(outbox.to, email));
    const all = await t.db.select().from(outbox).where(eq(outbox.to, email));
    expect(all.map((row) => row.template)).toEqual(['invited-welcome']);
    expect(detail!.subject).toBe('Bienvenue dans la réservation de Léa Martin – Parc Aventure des Landes');
    const { password, mail } = await temporaryPasswordFor(t, email);
    const paragraphs = mail.text.split('\n\n');
    expect(paragraphs[0]).toBe('Bonjour Zoé,');
    expect(paragraphs[1]).toMatch(
      new RegExp(
        `^Vous avez rejoint la réservation de Léa Martin au Parc Aventure des Landes : .+, le ${frenchDay(await startOf(booking.id))}\\. Votre compte est créé\\.$`,
      ),
    );
    expect(paragraphs[2]).toBe(`Voici votre mot de passe temporaire : ${password}`);
    expect(paragraphs[3]).toBe(
      'Et maintenant : connectez-vous avec votre adresse e-mail et ce mot de passe (valable 24 heures, une seule fois), choisissez votre propre mot de passe, puis retrouvez la réservation : le programme, les participants et la discussion avec notre équipe.',
    );
    expect(paragraphs[4]).toMatch(new RegExp(`^Voir la réservation : \\S+/booking/${booking.id}$`));
    expect(mail.text).not.toContain('mot de passe habituel');
    // Stored masked, and the password it carries opens the account.
    expect(detail!.text).toContain('Voici votre mot de passe temporaire : ••••••••');
    expect(detail!.text).not.toContain(password);
    const session = await loginOk(t.app, email, password);
    expect(session.customer.isTemporaryPassword).toBe(true);
  });

  it('the temporary-password mail carries one credential: the password, and a link to the login page only', async () => {
    const customer = await registerCustomer(t.app, { firstName: 'Nina', lastName: 'Roux' });
    expect((await call(t.app, 'POST', 'forgot-password', { payload: { email: customer.email } })).statusCode).toBe(200);
    const { password, mail } = await temporaryPasswordFor(t, customer.email);
    expect(mail.secrets).toEqual([password]);
    const paragraphs = mail.text.split('\n\n');
    expect(paragraphs[3]).toBe(
      'Votre mot de passe habituel reste valable : si vous n’êtes pas à l’origine de cette demande, ignorez simplement cet e-mail.',
    );
    expect(paragraphs[4]).toMatch(/^Me connecter : \S+\/login$/);
    expect(mail.text).not.toContain(encodeURIComponent(customer.email));
    expect(mail.html).toMatch(/href="[^"]+\/login"/);
  });

  it('20 identical payment configs at once send "Votre devis est prêt" once; a change sends it again, once', async () => {
    const booking = await bookingInState(t, 'client-validated');
    const put = (instructions: string) =>
      staffCall(
        t.app,
        'PUT',
        `/booking-requests/${booking.id}/payment-config`,
        booking.staff.token,
        paymentConfigFor('full_payment_organizer', { instructions }),
      );
    const quotes = () =>
      t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, booking.organizer.email), eq(outbox.template, 'quote-ready')));

    const answers = await Promise.all(Array.from({ length: 20 }, () => put('Merci de régler avant la date.')));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(await quotes()).toHaveLength(1);
    expect((await quotes())[0]!.subject).toBe(`Votre devis est prêt – demande ${booking.reference}`);

    expect((await put('Merci de régler avant la date.')).statusCode).toBe(200);
    expect(await quotes()).toHaveLength(1);
    expect((await put('Virement accepté.')).statusCode).toBe(200);
    expect(await quotes()).toHaveLength(2);
    expect((await put('Virement accepté.')).statusCode).toBe(200);
    expect(await quotes()).toHaveLength(2);
  });
});

async function startOf(bookingId: string): Promise<string> {
  const [row] = await t.db.select().from(bookingRequests).where(eq(bookingRequests.id, bookingId));
  return row!.startDate;
}
