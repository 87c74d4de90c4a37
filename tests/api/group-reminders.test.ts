import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingParticipants, outbox } from '../../src/server/db/schema';
import { shareRemindersResponse } from '../../src/shared/api/group.schema';
import { paymentIntentResponse } from '../../src/shared/api/payments.schema';
import { expectError } from '../support/auth';
import { cb } from '../support/customer-bookings';
import { participantRow, pay, prebookedBooking } from '../support/payment-states';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const remind = (bookingId: string, token: string, body?: unknown) =>
  cb(t.app, 'POST', pay(bookingId, 'reminders'), token, body ?? {});

async function reminderMails(bookingId: string) {
  return t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.template, 'share-reminder'), like(outbox.text, `%/booking/${bookingId}%`)))
    .orderBy(outbox.createdAt);
}

/** The clock of the last reminder set back by a day and a minute (the way time moves for a request). */
async function aDayLater(participantId: string) {
  const row = await participantRow(t.db, participantId);
  await t.db
    .update(bookingParticipants)
    .set({ lastRemindedAt: new Date(row.lastRemindedAt!.getTime() - 24 * 60 * 60 * 1000 - 60_000) })
    .where(eq(bookingParticipants.id, participantId));
}

describe('share reminders (docs/decisions.md, "Group shares")', () => {
  it('reminds everyone who has not paid, once a day each, by e-mail through the outbox', async () => {
    const state = await prebookedBooking(t.app, t.db, {
      type: 'collective_payment',
      totalCents: 9_000,
      joined: 2,
      startDate: '2027-06-12',
    });
    const [first, second] = state.participants;
    // The first participant pays: only the organizer and the second are reminded.
    const intent = paymentIntentResponse.parse(
      (
        await cb(
          t.app,
          'POST',
          pay(state.bookingId, `participant-stripe-intent/${first!.participantId}`),
          first!.token,
          {},
        )
      ).json(),
    ).data;
    const paid = await cb(t.app, 'POST', pay(state.bookingId, 'test-card'), first!.token, {
      intentId: intent.intentId,
      cardNumber: '4242 4242 4242 4242',
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const all = await remind(state.bookingId, state.organizer.token);
    expect(all.statusCode, all.body).toBe(200);
    const body = shareRemindersResponse.strict().parse(all.json());
    expect(body.message).toBe('2 rappels envoyés');
    expect(new Set(body.data.reminded)).toEqual(new Set([state.organizerParticipantId, second!.participantId]));
    const mails = await reminderMails(state.bookingId);
    expect(mails.map((mail) => mail.to).sort()).toEqual([second!.email, state.organizer.email].sort());
    const mail = mails.find((row) => row.to === second!.email)!;
    expect(mail.subject).toBe(`Rappel : votre part reste à régler – réservation ${state.reference}`);
    expect(mail.text).toContain(
      `Votre part de 30,00 € pour la sortie du samedi 12 juin 2027 (réservation ${state.reference}) n’est pas encore réglée.`,
    );
    expect((await participantRow(t.db, second!.participantId)).lastRemindedAt).not.toBeNull();

    // Too soon: everyone, then one.
    expectError(
      await remind(state.bookingId, state.organizer.token),
      429,
      'Chaque participant qui n’a pas payé a déjà reçu un rappel il y a moins de 24 h : vous pourrez les relancer demain.',
      'REMINDER_TOO_SOON',
    );
    expectError(
      await remind(state.bookingId, state.organizer.token, { participantId: second!.participantId }),
      429,
      'Ce participant a déjà reçu un rappel il y a moins de 24 h : vous pourrez le relancer demain.',
      'REMINDER_TOO_SOON',
    );
    // A paid share is never reminded.
    expectError(
      await remind(state.bookingId, state.organizer.token, { participantId: first!.participantId }),
      409,
      'Tous les participants ont réglé leur part : personne à relancer.',
    );
    expect(await reminderMails(state.bookingId)).toHaveLength(2);

    // A day later: two clicks at once send one reminder.
    await aDayLater(second!.participantId);
    const [one, two] = await Promise.all([
      remind(state.bookingId, state.organizer.token, { participantId: second!.participantId }),
      remind(state.bookingId, state.organizer.token, { participantId: second!.participantId }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 429]);
    expect((await reminderMails(state.bookingId)).filter((row) => row.to === second!.email)).toHaveLength(2);
  });

  it('only the organizer reminds: a participant gets 404', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 9_000, joined: 1 });
    const [first] = state.participants;
    expectError(await remind(state.bookingId, first!.token), 404, 'Réservation non trouvée', 'NOT_FOUND');
    expect(await reminderMails(state.bookingId)).toHaveLength(0);
  });
});

describe('who paid (docs/decisions.md, "Group shares")', () => {
  it('the organizer sees each share, its status, paid on and last reminder; a participant sees no reminder dates', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 9_000, joined: 1 });
    const [first] = state.participants;
    const sent = await remind(state.bookingId, state.organizer.token, { participantId: first!.participantId });
    expect(sent.statusCode, sent.body).toBe(200);
    const reminded = (await participantRow(t.db, first!.participantId)).lastRemindedAt!.toISOString();
    const asOrganizer = (
      await cb(t.app, 'GET', pay(state.bookingId, 'collective-status'), state.organizer.token)
    ).json().data;
    expect(asOrganizer.participants).toEqual([
      expect.objectContaining({
        id: state.organizerParticipantId,
        paymentStatus: 'pending',
        paymentAmount: 45,
        paidAt: null,
        lastReminderAt: null,
      }),
      expect.objectContaining({
        id: first!.participantId,
        paymentStatus: 'pending',
        paymentAmount: 45,
        lastReminderAt: reminded,
      }),
    ]);
    const asParticipant = (await cb(t.app, 'GET', pay(state.bookingId, 'collective-status'), first!.token)).json().data;
    for (const person of asParticipant.participants) expect(person).not.toHaveProperty('lastReminderAt');
  });
});
