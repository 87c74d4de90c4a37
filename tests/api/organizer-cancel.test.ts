import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookingRequests, providerRefunds } from '../../src/server/db/schema';
import { eventDayLabel } from '../../src/server/modules/mail/payment-templates.public';
import { organizerCancelResponse } from '../../src/shared/api/cancel.schema';
import { cancellationPreviewResponse } from '../../src/shared/api/group.schema';
import { addIsoDays, todayInParis } from '../../src/shared/booking-days';
import { expectError, registerCustomer } from '../support/auth';
import { cb } from '../support/customer-bookings';
import { bookingRow, paymentRows, payShare, prebookedBooking } from '../support/payment-states';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { staffCall } from '../support/staff-api';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The organizer cancels their booking (docs/decisions.md, "Payments", "Cancellation by the
 * organizer"): each payer gets back what the preview said, on their own card, by the refund jobs;
 * everyone of the group and the team are told; it happens once.
 */

const NOT_FOUND = 'Réservation non trouvée';
let t: TestApp;
let staff: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  staff = await createStaffWithSession(t.db, 'staff', { firstName: 'Camille', lastName: 'Dupuy' });
});
afterAll(async () => {
  await t?.close();
});

const cancel = (token: string, bookingId: string, body?: unknown) =>
  cb(t.app, 'POST', `/${bookingId}/cancel`, token, body);

/** 90 € shared 30/30/30 by the organizer and two guests, 30 days ahead, every share paid: confirmed. */
async function confirmedCollective() {
  const state = await prebookedBooking(t.app, t.db, {
    type: 'collective_payment',
    totalCents: 9000,
    joined: 2,
    startDate: addIsoDays(todayInParis(), 30),
  });
  for (const person of state.participants) await payShare(t.app, state.bookingId, person.participantId, person.token);
  await payShare(t.app, state.bookingId, state.organizerParticipantId, state.organizer.token);
  expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed' });
  return state;
}

/** The mails of one template about the booking (the team's names it by its reference). */
async function mailsOf(state: { bookingId: string; reference: string }, template: string) {
  await t.settled();
  return t.mails.filter(
    (mail) =>
      mail.template === template && (mail.about?.bookingId === state.bookingId || mail.text.includes(state.reference)),
  );
}

describe('the organizer cancels (docs/decisions.md, "Payments", "Cancellation by the organizer")', () => {
  it('refunds each payer on their card as the preview said, tells the group and the team, once', async () => {
    const state = await confirmedCollective();
    const preview = cancellationPreviewResponse.parse(
      (await cb(t.app, 'GET', `/${state.bookingId}/cancellation-preview`, state.organizer.token)).json(),
    ).data;
    // A participant or a stranger: the booking's 404, nothing changes.
    expectError(await cancel(state.participants[0]!.token, state.bookingId), 404, NOT_FOUND, 'NOT_FOUND');
    const stranger = await registerCustomer(t.app, { firstName: 'Paul', lastName: 'Inconnu' });
    expectError(await cancel(stranger.token, state.bookingId), 404, NOT_FOUND, 'NOT_FOUND');
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed' });

    const res = await cancel(state.organizer.token, state.bookingId, { reason: '  Mariage reporté  ' });
    expect(res.statusCode, res.body).toBe(200);
    const body = organizerCancelResponse.strict().parse(res.json());
    expect(body.message).toBe(
      'Votre réservation est annulée : chaque payeur est remboursé selon nos conditions de vente',
    );
    // 90 € paid 30 days ahead: 80 % = 72 €, less the 10 € fee = 62 €, pro rata to the cent.
    expect(body.data).toEqual(preview);
    expect(body.data).toMatchObject({
      rate: 80,
      paidAmount: 90,
      feeAmount: 10,
      refundAmount: 62,
      otherwisePaidAmount: 0,
    });
    expect(body.data.payers.map((payer) => [payer.name, payer.refundAmount])).toEqual([
      ['Invité1 Participant', 20.67],
      ['Invité2 Participant', 20.67],
      ['Claire Organisatrice', 20.66],
    ]);
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({
      status: 'canceled',
      cancelReason: 'Mariage reporté',
    });

    // Each share payment counts its part refunded; the jobs send each to the card it came from.
    const shares = (await paymentRows(t.db, state.bookingId)).filter((row) => row.kind === 'share');
    expect(shares.map((row) => row.refundedCents)).toEqual([2067, 2067, 2066]);
    await t.app.jobs.runDue(new Date(Date.now() + 60_000));
    const refunds = await t.db.select().from(providerRefunds).where(eq(providerRefunds.bookingId, state.bookingId));
    expect(refunds.map((row) => [row.paymentId, row.amountCents, row.status]).sort()).toEqual(
      shares.map((row) => [row.id, row.refundedCents, 'succeeded']).sort(),
    );

    // Twice, or the team's refund on top: nothing more goes back.
    expectError(
      await cancel(state.organizer.token, state.bookingId),
      409,
      'Cette réservation est déjà annulée',
      'ALREADY_CANCELED',
    );
    expectError(
      await staffCall(t.app, 'POST', `/booking-requests/${state.bookingId}/refund`, staff.token, {}),
      409,
      'Cette réservation a déjà été remboursée',
    );
    await t.app.jobs.runDue(new Date(Date.now() + 120_000));
    expect(
      await t.db.select().from(providerRefunds).where(eq(providerRefunds.bookingId, state.bookingId)),
    ).toHaveLength(3);

    const day = eventDayLabel((await bookingRow(t.db, state.bookingId)).startDate);
    const [organizerMail] = await mailsOf(state, 'organizer-canceled');
    expect(organizerMail!.to).toBe(state.organizer.email);
    expect(organizerMail!.subject).toBe(`Réservation ${state.reference} annulée – Parc Aventure des Landes`);
    expect(organizerMail!.text).toContain(
      `Vous avez annulé votre réservation ${state.reference} pour la sortie du ${day}.`,
    );
    expect(organizerMail!.text).toContain(
      'Selon nos conditions générales de vente, 20,66 € vous sont remboursés sur la carte utilisée, sous quelques jours.',
    );
    expect(organizerMail!.text).toContain(
      'Chaque participant qui avait payé sa part est remboursé sur sa carte selon les mêmes conditions, et prévenu par e-mail.',
    );
    const group = await mailsOf(state, 'group-canceled');
    expect(group.map((mail) => mail.to).sort()).toEqual(state.participants.map((person) => person.email).sort());
    expect(group[0]!.subject).toBe(`Sortie du ${day} annulée – réservation ${state.reference}`);
    expect(group[0]!.text).toContain(
      `L’organisateur a annulé la réservation ${state.reference} pour la sortie du ${day}.`,
    );
    expect(group[0]!.text).toContain('20,67 € vous sont remboursés sur la carte utilisée, sous quelques jours.');
    const [team] = await mailsOf(state, 'organizer-canceled-team');
    expect(team!.subject).toBe(`Réservation ${state.reference} annulée par l’organisateur`);
    expect(team!.text).toContain(
      `Claire Organisatrice a annulé la réservation ${state.reference} du ${day}. Motif : Mariage reporté`,
    );
    expect(team!.text).toContain(
      '62,00 € sont remboursés automatiquement aux payeurs par carte (frais retenus : 10,00 €).',
    );

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.bookingId, state.bookingId), eq(auditLog.action, 'cancel')));
    expect(entry!.after).toMatchObject({ by: 'organizer', reason: 'Mariage reporté', refundsScheduled: true });
  });

  it('gives nothing twice to a participant who left: what the park kept of them stays kept', async () => {
    // 90 € for three, 30 days ahead. One pays 30 € and leaves (80 % less the 10 € fee: 14 € back);
    // the other pays the grown share of 45 €; the organizer cancels: only that 45 € counts (26 € back).
    const state = await prebookedBooking(t.app, t.db, {
      type: 'collective_payment',
      totalCents: 9000,
      joined: 2,
      startDate: addIsoDays(todayInParis(), 30),
    });
    const [leaver, other] = state.participants;
    await payShare(t.app, state.bookingId, leaver!.participantId, leaver!.token);
    const left = await cb(
      t.app,
      'POST',
      `/${state.bookingId}/participants/${leaver!.participantId}/leave`,
      leaver!.token,
    );
    expect(left.json().data).toMatchObject({ refundAmount: 14 });
    await payShare(t.app, state.bookingId, other!.participantId, other!.token);

    const res = await cancel(state.organizer.token, state.bookingId);
    expect(res.statusCode, res.body).toBe(200);
    const data = organizerCancelResponse.strict().parse(res.json()).data;
    expect(data).toMatchObject({ paidAmount: 45, feeAmount: 10, refundAmount: 26 });
    expect(data.payers.map((payer) => [payer.name, payer.paidAmount, payer.refundAmount])).toEqual([
      ['Invité2 Participant', 45, 26],
    ]);
    const shares = (await paymentRows(t.db, state.bookingId)).filter((row) => row.kind === 'share');
    expect(shares.map((row) => [row.participantId, row.refundedCents])).toEqual([
      [leaver!.participantId, 1400],
      [other!.participantId, 2600],
    ]);
  });

  it('an option nothing was paid on: canceled, no refund, the group told without a refund line', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 9000, joined: 1 });
    const res = await cancel(state.organizer.token, state.bookingId, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ paidAmount: 0, refundAmount: 0, payers: [] });
    const [mail] = await mailsOf(state, 'group-canceled');
    expect(mail!.text).not.toContain('rembours');
    const [team] = await mailsOf(state, 'organizer-canceled-team');
    expect(team!.text).toContain('Motif : Annulée par l’organisateur');
    expect(team!.text).toContain('Aucun remboursement par carte n’est dû selon les conditions de la réservation.');
  });

  it('refuses a reason over 1000 characters, and a booking whose event has begun, changing nothing', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 9000 });
    expectError(
      await cancel(state.organizer.token, state.bookingId, { reason: 'x'.repeat(1001) }),
      400,
      'Le motif ne doit pas dépasser 1000 caractères',
    );
    await t.db
      .update(bookingRequests)
      .set({ startDate: todayInParis(), endDate: todayInParis() })
      .where(eq(bookingRequests.id, state.bookingId));
    expectError(
      await cancel(state.organizer.token, state.bookingId),
      409,
      'La sortie a déjà commencé : elle ne peut plus être annulée en ligne. Contactez notre équipe.',
      'EVENT_STARTED',
    );
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'prebooked' });
  });

  it('ten cancellations at once: one cancels and refunds, the nine others are told it is done', async () => {
    const state = await confirmedCollective();
    const answers = await Promise.all(Array.from({ length: 10 }, () => cancel(state.organizer.token, state.bookingId)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    const shares = (await paymentRows(t.db, state.bookingId)).filter((row) => row.kind === 'share');
    expect(shares.reduce((sum, row) => sum + row.refundedCents, 0)).toBe(6200);
    expect(await mailsOf(state, 'organizer-canceled')).toHaveLength(1);
  });
});
