import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outbox } from '../../src/server/db/schema';
import { groupParticipantResponse } from '../../src/shared/api/group.schema';
import { collectiveStatusResponse } from '../../src/shared/api/payments.schema';
import { expectError, registerCustomer } from '../support/auth';
import { cb, getDetail } from '../support/customer-bookings';
import { openShare, participantRow, pay, paymentRows, prebookedBooking } from '../support/payment-states';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const guest = (bookingId: string, participantId: string) => `/${bookingId}/participants/${participantId}`;

async function collective(bookingId: string, token: string) {
  const res = await cb(t.app, 'GET', pay(bookingId, 'collective-status'), token);
  expect(res.statusCode, res.body).toBe(200);
  return collectiveStatusResponse.strict().parse(res.json()).data;
}

describe('guests of honour (docs/decisions.md, "Group shares")', () => {
  it('7 people and 100 €: a guest of honour owes nothing, the six others’ shares grow to the cent', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 10_000, joined: 6 });
    const before = await collective(state.bookingId, state.organizer.token);
    expect(before.participants.map((person) => person.paymentAmount)).toEqual([
      14.29, 14.29, 14.29, 14.29, 14.28, 14.28, 14.28,
    ]);

    const bride = state.participants[2]!;
    const res = await cb(t.app, 'PUT', guest(state.bookingId, bride.participantId), state.organizer.token, {
      guestOfHonour: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = groupParticipantResponse.strict().parse(res.json());
    expect(body.message).toBe('Participant mis à jour');
    expect(body.data).toMatchObject({ _id: bride.participantId, guestOfHonour: true, paymentStatus: 'not_required' });

    const after = await collective(state.bookingId, state.organizer.token);
    expect(after.totalParticipants).toBe(6);
    const byId = new Map(after.participants.map((person) => [person.id, person]));
    expect(byId.get(bride.participantId)).toMatchObject({
      paymentStatus: 'not_required',
      paymentAmount: null,
      guestOfHonour: true,
    });
    const amounts = after.participants.filter((person) => !person.guestOfHonour).map((p) => p.paymentAmount);
    expect(amounts).toEqual([16.67, 16.67, 16.67, 16.67, 16.66, 16.66]);
    expect(byId.get(state.organizerParticipantId)!.paymentAmount).toBe(16.67);

    // The guest's own view: nothing to pay.
    const own = await cb(
      t.app,
      'POST',
      pay(state.bookingId, `participant-payment/${bride.participantId}`),
      bride.token,
    );
    expect(own.json().data).toEqual({ canPay: false, amount: 0, status: 'not_required', paidAt: null });
    const refused = await cb(
      t.app,
      'POST',
      pay(state.bookingId, `participant-stripe-intent/${bride.participantId}`),
      bride.token,
      {},
    );
    expect(refused.statusCode).toBe(409);
    const detail = await getDetail(t.app, state.organizer.token, state.bookingId);
    expect(detail.bookingParticipants.find((row) => row._id === bride.participantId)).toMatchObject({
      guestOfHonour: true,
      paymentStatus: 'not_required',
    });

    const entries = await t.db.select().from(auditLog).where(eq(auditLog.bookingId, state.bookingId));
    expect(entries.find((row) => row.action === 'guest_of_honour')).toMatchObject({
      actorType: 'customer',
      before: { participantId: bride.participantId, guestOfHonour: false },
      after: { participantId: bride.participantId, guestOfHonour: true },
    });

    // Unmarked: back to seven equal payers.
    const back = await cb(t.app, 'PUT', guest(state.bookingId, bride.participantId), state.organizer.token, {
      guestOfHonour: false,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect((await participantRow(t.db, bride.participantId)).paymentStatus).toBe('pending');
    expect((await collective(state.bookingId, state.organizer.token)).totalParticipants).toBe(7);
  });

  it('only the organizer chooses: a participant and a stranger get 404, the organizer cannot be one', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 10_000, joined: 2 });
    const [first, second] = state.participants;
    const asParticipant = await cb(t.app, 'PUT', guest(state.bookingId, second!.participantId), first!.token, {
      guestOfHonour: true,
    });
    expectError(asParticipant, 404, 'Réservation non trouvée', 'NOT_FOUND');
    const stranger = await registerCustomer(t.app, { firstName: 'Inconnu', lastName: 'Dehors' });
    const asStranger = await cb(t.app, 'PUT', guest(state.bookingId, second!.participantId), stranger.token, {
      guestOfHonour: true,
    });
    expectError(asStranger, 404, 'Réservation non trouvée', 'NOT_FOUND');
    expectError(
      await cb(t.app, 'PUT', guest(state.bookingId, state.organizerParticipantId), state.organizer.token, {
        guestOfHonour: true,
      }),
      403,
      'L’organisateur ne peut pas être invité d’honneur : il règle le reste des parts',
    );
    expectError(
      await cb(t.app, 'PUT', guest(state.bookingId, '8d1c1a8e-2f43-4a58-9a55-000000000000'), state.organizer.token, {
        guestOfHonour: true,
      }),
      404,
      'Participant non trouvé',
    );
    const missing = await cb(t.app, 'PUT', guest(state.bookingId, second!.participantId), state.organizer.token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Indiquez si ce participant est invité d’honneur');
    expect((await participantRow(t.db, second!.participantId)).guestOfHonour).toBe(false);
  });

  it('a participant who already paid cannot become a guest of honour', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 9_000, joined: 2 });
    const first = state.participants[0]!;
    const { card } = await openShare(t.app, state.bookingId, first.participantId, first.token);
    expect((await card()).statusCode).toBe(200);
    expectError(
      await cb(t.app, 'PUT', guest(state.bookingId, first.participantId), state.organizer.token, {
        guestOfHonour: true,
      }),
      409,
      'Ce participant a déjà réglé sa part : il ne peut plus devenir invité d’honneur',
      'ALREADY_PAID',
    );
  });

  it('once a share is paid, a guest may still be marked (the payer owes the difference, by e-mail), never unmarked', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 9_000, joined: 2 });
    const [first, second] = state.participants;
    const { card } = await openShare(t.app, state.bookingId, second!.participantId, second!.token);
    expect((await card()).statusCode).toBe(200);
    const marked = await cb(t.app, 'PUT', guest(state.bookingId, first!.participantId), state.organizer.token, {
      guestOfHonour: true,
    });
    expect(marked.statusCode, marked.body).toBe(200);
    // 90 € now shared by two: 45 € each; the payer gave 30 € and owes 15 €.
    const status = await collective(state.bookingId, state.organizer.token);
    expect(status.participants.find((person) => person.id === second!.participantId)).toMatchObject({
      paymentStatus: 'pending',
      paymentAmount: 45,
    });
    const [mail] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, second!.email), eq(outbox.template, 'share-increased')));
    expect(mail?.subject).toBe(`Votre part a changé : 15,00 € restent à régler – réservation ${state.reference}`);
    const topUp = await openShare(t.app, state.bookingId, second!.participantId, second!.token);
    expect((await topUp.card()).statusCode).toBe(200);
    expect(await participantRow(t.db, second!.participantId)).toMatchObject({
      paymentStatus: 'paid',
      paymentAmountCents: 4_500,
    });
    expectError(
      await cb(t.app, 'PUT', guest(state.bookingId, first!.participantId), state.organizer.token, {
        guestOfHonour: false,
      }),
      409,
      'Des parts sont déjà réglées : un invité d’honneur ne peut plus redevenir payeur. Contactez notre équipe si besoin.',
      'GUESTS_CLOSED',
    );
    expect((await participantRow(t.db, first!.participantId)).guestOfHonour).toBe(true);
  });

  it('race: a share paid while its payer is made guest of honour never collects more than the total', async () => {
    for (let round = 0; round < 3; round += 1) {
      const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 9_000, joined: 2 });
      const first = state.participants[0]!;
      const { card } = await openShare(t.app, state.bookingId, first.participantId, first.token);
      const [paid, marked] = await Promise.all([
        card(),
        cb(t.app, 'PUT', guest(state.bookingId, first.participantId), state.organizer.token, { guestOfHonour: true }),
      ]);
      const rows = await paymentRows(t.db, state.bookingId);
      const shares = rows.filter((row) => row.kind === 'share');
      const kept = shares.reduce((sum, row) => sum + row.capturedCents - row.refundedCents, 0);
      const person = await participantRow(t.db, first.participantId);
      // Exactly one of the two won: a paid share (3 000 of 9 000), or a guest of honour whose intent was canceled.
      expect(person.paymentStatus === 'paid').toBe(marked.statusCode === 409);
      expect(person.guestOfHonour).toBe(marked.statusCode === 200);
      expect(kept).toBe(marked.statusCode === 200 ? 0 : 3_000);
      if (marked.statusCode === 200) {
        // The card was refused before any charge, or charged and given back in full.
        expect(paid.statusCode).toBe(409);
        expect(shares.every((row) => row.status !== 'completed')).toBe(true);
      }
    }
  });
});
