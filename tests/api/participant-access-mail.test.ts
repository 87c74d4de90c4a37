import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../src/server/db/schema';
import {
  call,
  expectError,
  login,
  loginOk,
  registerCustomer,
  temporaryPasswordFor,
  uniqueEmail,
  type RegisteredCustomer,
} from '../support/auth';
import { catalogueBySlug, type CatalogueRow } from '../support/booking-requests';
import { cb, createBooking, getDetail } from '../support/customer-bookings';
import { createLink, joinOk, participantsOfBooking } from '../support/invitations';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let organizer: RegisteredCustomer;
let catalogue: Map<string, CatalogueRow>;

beforeAll(async () => {
  t = await createTestApp();
  organizer = await registerCustomer(t.app, { firstName: 'Léa', lastName: 'Martin' });
  catalogue = await catalogueBySlug(t.db);
});
afterAll(async () => {
  await t?.close();
});

/** A booking with one participant who joined through a link without a password (never connected). */
async function bookingWithGuest() {
  const booking = await createBooking(t.app, organizer, {
    participants: 10,
    lines: [{ item: catalogue.get('parcours-aventure')!, participants: 10 }],
  });
  const link = await createLink(t.app, organizer.token, booking._id, { maxUses: 3 });
  const email = uniqueEmail('sans');
  await joinOk(t.app, link.token, { firstName: 'Zoé', lastName: 'Sans', email });
  const first = await temporaryPasswordFor(t, email);
  const [row] = (await participantsOfBooking(t.db, booking._id)).filter((r) => r.email === email);
  return { booking, email, participantId: row!.id, firstPassword: first.password };
}

const resend = (bookingId: string, participantId: string, token?: string) =>
  cb(t.app, 'POST', `/${bookingId}/participants/${participantId}/access-mail`, token);

/** Ten minutes pass for the resend counters (they live in PostgreSQL, read with its clock). */
const tenMinutesLater = () =>
  t.db
    .update(rateLimits)
    .set({ resetAt: sql`now() - interval '1 second'` })
    .where(like(rateLimits.key, 'access-mail:%'));

describe('the organizer resends the access of a participant who has not connected', () => {
  it("shows them 'not connected', sends a new temporary password once per 10 minutes, and stops once they connect", async () => {
    const { booking, email, participantId, firstPassword } = await bookingWithGuest();
    const seen = (await getDetail(t.app, organizer.token, booking._id)).bookingParticipants.find(
      (p) => p._id === participantId,
    );
    expect(seen).toMatchObject({ status: 'joined', hasConnected: false });

    const sent = await resend(booking._id, participantId, organizer.token);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({
      success: true,
      message: 'E-mail d’accès renvoyé : un nouveau mot de passe temporaire lui a été envoyé',
    });
    const renewed = await temporaryPasswordFor(t, email);
    expect(renewed.password).not.toBe(firstPassword);
    expect(renewed.stored).toBeDefined();
    // The earlier password no longer opens the account; the new one does.
    expect((await login(t.app, email, firstPassword)).statusCode).toBe(401);

    expectError(
      await resend(booking._id, participantId, organizer.token),
      429,
      'Un e-mail d’accès a déjà été envoyé à cette personne il y a moins de 10 minutes : réessayez plus tard',
      'RATE_LIMITED',
    );
    await tenMinutesLater();
    expect((await resend(booking._id, participantId, organizer.token)).statusCode).toBe(200);
    const latest = await temporaryPasswordFor(t, email);

    // The participant logs in, chooses a password and opens the booking: connected.
    const session = await loginOk(t.app, email, latest.password);
    const change = await call(t.app, 'PUT', 'reset-password', {
      token: session.token,
      payload: { currentPassword: latest.password, newPassword: 'Nouveau-Sentier-12' },
    });
    expect(change.statusCode, change.body).toBe(200);
    await getDetail(t.app, session.token, booking._id);
    await tenMinutesLater();
    expectError(
      await resend(booking._id, participantId, organizer.token),
      409,
      'Cette personne s’est déjà connectée : elle n’a pas besoin d’un nouvel accès',
      'ALREADY_CONNECTED',
    );
  });

  it('is the organizer’s only: another customer gets 404, no session 401, an unknown participant 404', async () => {
    const { booking, participantId } = await bookingWithGuest();
    const stranger = await registerCustomer(t.app, { firstName: 'Paul', lastName: 'Girard' });
    expectError(await resend(booking._id, participantId, stranger.token), 404, 'Réservation non trouvée', 'NOT_FOUND');
    expect((await resend(booking._id, participantId)).statusCode).toBe(401);
    expectError(
      await resend(booking._id, '00000000-0000-4000-8000-000000000000', organizer.token),
      404,
      'Participant non trouvé',
      'NOT_FOUND',
    );
  });

  it('ten concurrent resends send one mail', async () => {
    const { booking, email, participantId } = await bookingWithGuest();
    const before = t.mails.filter((m) => m.to === email).length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => resend(booking._id, participantId, organizer.token)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(429)]);
    await t.settled();
    expect(t.mails.filter((m) => m.to === email).length).toBe(before + 1);
  });
});
