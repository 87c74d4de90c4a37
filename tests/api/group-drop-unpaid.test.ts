import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outbox } from '../../src/server/db/schema';
import { collectiveStatusResponse } from '../../src/shared/api/payments.schema';
import { expectError } from '../support/auth';
import { cb } from '../support/customer-bookings';
import {
  bookingRow,
  openShare,
  participantRow,
  pay,
  paymentRows,
  payShare,
  prebookedBooking,
} from '../support/payment-states';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * D-2 « drop the unpaid » and shares that follow the group (docs/decisions.md, "Group shares"):
 * real HTTP, real database, the test card form.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

async function collective(bookingId: string, token: string) {
  const res = await cb(t.app, 'GET', pay(bookingId, 'collective-status'), token);
  expect(res.statusCode, res.body).toBe(200);
  return collectiveStatusResponse.strict().parse(res.json()).data;
}

const dropUnpaid = (bookingId: string, token: string) =>
  cb(t.app, 'POST', pay(bookingId, 'due-choice'), token, { choice: 'drop_unpaid' });

const kept = (rows: Awaited<ReturnType<typeof paymentRows>>) =>
  rows
    .filter((row) => row.kind === 'share' && row.status === 'completed')
    .reduce((sum, row) => sum + row.capturedCents - row.refundedCents, 0);

describe('D-2 choice "drop_unpaid" (docs/decisions.md, "Group shares")', () => {
  it('drops the unpaid participants from the split; a payer owes only the difference, by e-mail; confirmed once all paid', async () => {
    // 450 € for the organizer and two participants: 150 € each.
    const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 45_000, joined: 2 });
    const [payer, late] = state.participants;
    await payShare(t.app, state.bookingId, payer!.participantId, payer!.token);

    const participant = await dropUnpaid(state.bookingId, payer!.token);
    expect(participant.statusCode).toBe(404);
    const res = await dropUnpaid(state.bookingId, state.organizer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      '1 participant retiré du partage : les parts sont recalculées et le participant qui avait déjà payé a reçu par e-mail ce qui lui reste à régler.',
    );
    expect(res.json().data).toEqual({ choice: 'drop_unpaid', amountCents: 30_000 });
    const again = await dropUnpaid(state.bookingId, state.organizer.token);
    expectError(again, 409, 'Votre choix est déjà enregistré : contactez notre équipe pour le changer.');

    // 450 € now shared by two: 225 € each; the payer gave 150 € and owes 75 €.
    const status = await collective(state.bookingId, state.organizer.token);
    const byId = new Map(status.participants.map((person) => [person.id, person]));
    expect(status.totalParticipants).toBe(2);
    expect(status.paidAmount).toBe(150);
    expect(byId.get(late!.participantId)).toMatchObject({ paymentStatus: 'not_required' });
    expect(byId.get(payer!.participantId)).toMatchObject({ paymentStatus: 'pending', paymentAmount: 225 });
    expect(byId.get(state.organizerParticipantId)).toMatchObject({ paymentStatus: 'pending', paymentAmount: 225 });
    expect(await participantRow(t.db, late!.participantId)).toMatchObject({ droppedFromSplit: true });

    const mails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.template, 'share-increased'), like(outbox.text, `%/booking/${state.bookingId}%`)));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: payer!.email,
      subject: `Votre part a changé : 75,00 € restent à régler – réservation ${state.reference}`,
    });
    const history = await t.db.select().from(auditLog).where(eq(auditLog.bookingId, state.bookingId));
    expect(history.find((row) => row.action === 'due_choice')?.after).toMatchObject({
      choice: 'drop_unpaid',
      dropped: [late!.participantId],
      reopened: [payer!.participantId],
    });

    // The dropped participant cannot pay any more; the payer is asked the difference only.
    const dropped = await cb(
      t.app,
      'POST',
      pay(state.bookingId, `participant-stripe-intent/${late!.participantId}`),
      late!.token,
      {},
    );
    expect(dropped.statusCode).toBe(409);
    const topUp = await openShare(t.app, state.bookingId, payer!.participantId, payer!.token);
    expect(topUp.data.amount).toBe(75);
    expect((await topUp.card()).statusCode).toBe(200);
    expect(await participantRow(t.db, payer!.participantId)).toMatchObject({
      paymentStatus: 'paid',
      paymentAmountCents: 22_500,
    });
    const organizerShare = await openShare(t.app, state.bookingId, state.organizerParticipantId, state.organizer.token);
    expect(organizerShare.data.amount).toBe(225);
    expect((await organizerShare.card()).statusCode).toBe(200);
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(kept(await paymentRows(t.db, state.bookingId))).toBe(45_000);
  });

  it('nobody paid yet: the answer promises no e-mail, and none leaves', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 30_000, joined: 2 });
    const res = await dropUnpaid(state.bookingId, state.organizer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('2 participants retirés du partage : les parts sont recalculées.');
    expect(res.json().data).toEqual({ choice: 'drop_unpaid', amountCents: 30_000 });
    const mails = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.template, 'share-increased'), like(outbox.text, `%/booking/${state.bookingId}%`)));
    expect(mails).toEqual([]);
  });

  it('only the organizer unpaid: nothing to drop, French 409, nothing recorded', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 30_000, joined: 1 });
    await payShare(t.app, state.bookingId, state.participants[0]!.participantId, state.participants[0]!.token);
    const res = await dropUnpaid(state.bookingId, state.organizer.token);
    expectError(res, 409, 'Seule votre part reste à régler : il n’y a aucun participant à retirer du partage.');
    const again = await cb(t.app, 'POST', pay(state.bookingId, 'due-choice'), state.organizer.token, {
      choice: 'on_site',
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('race: a share paid while the organizer drops the unpaid never collects more than the total', async () => {
    for (let round = 0; round < 3; round += 1) {
      const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 9_000, joined: 2 });
      const [first, second] = state.participants;
      await payShare(t.app, state.bookingId, first!.participantId, first!.token);
      const { card } = await openShare(t.app, state.bookingId, second!.participantId, second!.token);
      const [paid, drop] = await Promise.all([card(), dropUnpaid(state.bookingId, state.organizer.token)]);
      const rows = await paymentRows(t.db, state.bookingId);
      const person = await participantRow(t.db, second!.participantId);
      const total = kept(rows);
      // Exactly one of the two won: the drop (200), or the share paid first (nobody left to drop).
      expect(drop.statusCode === 200, drop.body).toBe(person.droppedFromSplit);
      expect(total).toBeLessThanOrEqual(9_000);
      if (person.droppedFromSplit) {
        // Dropped first: the late card was refused before the charge, or charged and given back.
        expect(person.paymentStatus).toBe('not_required');
        expect(total).toBe(3_000);
        if (paid.statusCode === 200) expect(rows.some((row) => row.refundedCents > 0)).toBe(true);
      } else {
        // Paid first: nothing of theirs to drop, only the organizer's share stays unpaid.
        expect(person.paymentStatus).toBe('paid');
        expect(total).toBe(6_000);
      }
    }
  });
});
