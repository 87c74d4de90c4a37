import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, paymentConfigs, providerRefunds } from '../../src/server/db/schema';
import { leavePreviewResponse, leaveResponse } from '../../src/shared/api/leave.schema';
import { collectiveStatusResponse } from '../../src/shared/api/payments.schema';
import { expectError } from '../support/auth';
import { cb } from '../support/customer-bookings';
import { participantRow, pay, paymentRows, payShare, prebookedBooking } from '../support/payment-states';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const leave = (bookingId: string, participantId: string) => `/${bookingId}/participants/${participantId}/leave`;

describe('a participant leaves a collective booking (docs/decisions.md, "Group shares")', () => {
  it('gets back what the frozen terms give (50 % a week ahead, less the 10 € fee); the others’ shares follow', async () => {
    // 90 € for three, the first day in 8 days: 50 % of the 30 € paid is 15 €, less 10 € of fee: 5 €.
    const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 9_000, joined: 2 });
    const [leaver, other] = state.participants;
    await payShare(t.app, state.bookingId, leaver!.participantId, leaver!.token);

    const preview = await cb(t.app, 'GET', leave(state.bookingId, leaver!.participantId), leaver!.token);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(leavePreviewResponse.strict().parse(preview.json()).data).toEqual({
      paidAmount: 30,
      feeAmount: 10,
      refundAmount: 5,
      rate: 50,
    });
    // Another participant, the organizer for someone else, a stranger: the booking's 404.
    expectError(
      await cb(t.app, 'POST', leave(state.bookingId, leaver!.participantId), other!.token),
      404,
      'Réservation non trouvée',
    );
    expectError(
      await cb(t.app, 'POST', leave(state.bookingId, leaver!.participantId), state.organizer.token),
      404,
      'Réservation non trouvée',
    );
    expectError(
      await cb(t.app, 'POST', leave(state.bookingId, state.organizerParticipantId), state.organizer.token),
      403,
      'L’organisateur ne peut pas quitter la réservation : il peut l’annuler.',
    );

    const res = await cb(t.app, 'POST', leave(state.bookingId, leaver!.participantId), leaver!.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = leaveResponse.strict().parse(res.json());
    expect(body.message).toBe('Vous avez quitté la réservation');
    expect(body.data.refundAmount).toBe(5);
    expect(await participantRow(t.db, leaver!.participantId)).toMatchObject({ isActive: false });
    const [share] = (await paymentRows(t.db, state.bookingId)).filter((row) => row.kind === 'share');
    expect(share).toMatchObject({ capturedCents: 3_000, refundedCents: 500 });

    // Twice: they are gone, nothing more is refunded.
    expect((await cb(t.app, 'POST', leave(state.bookingId, leaver!.participantId), leaver!.token)).statusCode).toBe(
      404,
    );
    await t.app.jobs.runDue(new Date(Date.now() + 60_000));
    const refunds = await t.db.select().from(providerRefunds).where(eq(providerRefunds.bookingId, state.bookingId));
    expect(refunds.map((row) => [row.paymentId, row.amountCents, row.status])).toEqual([[share!.id, 500, 'succeeded']]);

    const status = await cb(t.app, 'GET', pay(state.bookingId, 'collective-status'), state.organizer.token);
    const shares = collectiveStatusResponse.strict().parse(status.json()).data.participants;
    expect(shares.map((person) => [person.id, person.paymentAmount])).toEqual([
      [state.organizerParticipantId, 45],
      [other!.participantId, 45],
    ]);
    // The one who stays pays the grown share in full: what the leaver's payment kept is not the group's.
    await payShare(t.app, state.bookingId, other!.participantId, other!.token);
    expect(await participantRow(t.db, other!.participantId)).toMatchObject({
      paymentStatus: 'paid',
      paymentAmountCents: 4_500,
    });
    // The leaver is told what comes back, and led to their own space (the booking is no longer theirs).
    await t.settled();
    const left = t.mails.filter((mail) => mail.template === 'participant-left' && mail.to === leaver!.email);
    expect(left.map((mail) => mail.subject)).toEqual([`Vous avez quitté la réservation ${state.reference}`]);
    expect(left[0]!.text).toContain(
      'Selon les conditions d’annulation de la réservation, 5,00 € vous sont remboursés sur la carte utilisée (10,00 € de frais d’annulation retenus), sous quelques jours.',
    );
    expect(left[0]!.text).toContain('/dashboard');
    const history = await t.db.select().from(auditLog).where(eq(auditLog.bookingId, state.bookingId));
    expect(history.find((entry) => entry.action === 'participant_removed')?.after).toMatchObject({
      participantStatus: 'left',
      refundCents: 500,
      feeCents: 1_000,
    });
  });

  it('after the payment deadline: 409 in French, nothing changes', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 9_000, joined: 1 });
    const leaver = state.participants[0]!;
    await t.db
      .update(paymentConfigs)
      .set({ dueAt: new Date(Date.now() - 60_000) })
      .where(eq(paymentConfigs.bookingId, state.bookingId));
    expectError(
      await cb(t.app, 'POST', leave(state.bookingId, leaver.participantId), leaver.token),
      409,
      'Le délai de paiement est passé : vous ne pouvez plus quitter cette réservation. Contactez notre équipe.',
      'LEAVE_CLOSED',
    );
    expect((await participantRow(t.db, leaver.participantId)).isActive).toBe(true);
  });
});
