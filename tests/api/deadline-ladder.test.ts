import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, bookingParticipants, outbox } from '../../src/server/db/schema';
import { expectError } from '../support/auth';
import { cb, futureDay } from '../support/customer-bookings';
import { bookingRow, pay, paymentRows, prebookedBooking, type PaymentState } from '../support/payment-states';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { staffCall } from '../support/staff-api';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The deadline ladder (docs/decisions.md, "The organizer's guarantee"): D-7 and D-3 reminders, the
 * organizer's D-2 choice, as jobs scheduled by the team's payment configuration; time moved with
 * `app.jobs.runDue(now)`.
 */

let t: TestApp;
let stripe: StripeStandIn;
let staff: TestStaff;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await createTestApp({ env: stripe.env });
  staff = await createStaffWithSession(t.db);
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

/** A collective booking of 450 € (organizer + 2), its due date set by the team 10 days ahead. */
async function ladderBooking() {
  const state = await prebookedBooking(t.app, t.db, {
    type: 'collective_payment',
    totalCents: 45_000,
    joined: 2,
    startDate: futureDay(20),
  });
  const dueAt = new Date(Math.ceil((Date.now() + 10 * DAY) / 60_000) * 60_000);
  const res = await staffCall(t.app, 'PUT', `/booking-requests/${state.bookingId}/payment-config`, staff.token, {
    type: 'collective_payment',
    totalAmount: 450,
    dueDate: dueAt.toISOString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...state, dueAt };
}

const at = (state: { dueAt: Date }, days: number) => new Date(state.dueAt.getTime() - days * DAY + 60_000);

async function mailsAbout(bookingId: string, template: string) {
  return t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.template, template), like(outbox.text, `%/booking/${bookingId}%`)));
}

async function historyOf(bookingId: string) {
  return (await t.db.select().from(auditLog).where(eq(auditLog.bookingId, bookingId))).map((entry) => entry.action);
}

/** The organizer's own share, paid through the stand-in. */
async function payOrganizerShare(state: PaymentState) {
  const res = await cb(t.app, 'POST', pay(state.bookingId, 'organizer-stripe-intent'), state.organizer.token, {});
  expect(res.statusCode, res.body).toBe(200);
  const intentId = (res.json().data as { intentId: string }).intentId;
  stripe.confirm(intentId);
  const done = await cb(t.app, 'POST', pay(state.bookingId, 'stripe-confirm'), state.organizer.token, { intentId });
  expect(done.statusCode, done.body).toBe(200);
}

describe('The deadline ladder', () => {
  it('D-7 and D-3 remind each unpaid participant once, respecting the once-a-day limit; D-2 asks the organizer', async () => {
    const state = await ladderBooking();
    await payOrganizerShare(state);
    await t.app.jobs.runDue(at(state, 8));
    expect(await mailsAbout(state.bookingId, 'share-reminder')).toHaveLength(0);

    await t.app.jobs.runDue(at(state, 7));
    const first = await mailsAbout(state.bookingId, 'share-reminder');
    expect(first.map((mail) => mail.to).sort()).toEqual(state.participants.map((person) => person.email).sort());
    expect(first[0]!.subject).toBe(`Rappel : votre part reste à régler – réservation ${state.reference}`);

    // A participant reminded by the organizer less than 24 h before D-3 is not reminded twice.
    const second = state.participants[1]!;
    await t.db
      .update(bookingParticipants)
      .set({ lastRemindedAt: new Date(at(state, 3).getTime() - 60 * 60 * 1000) })
      .where(eq(bookingParticipants.id, second.participantId));
    await t.app.jobs.runDue(at(state, 3));
    const afterD3 = await mailsAbout(state.bookingId, 'share-reminder');
    expect(afterD3.filter((mail) => mail.to === second.email)).toHaveLength(1);
    expect(afterD3.filter((mail) => mail.to === state.participants[0]!.email)).toHaveLength(2);

    await t.app.jobs.runDue(at(state, 2));
    const [choice] = await mailsAbout(state.bookingId, 'due-choice');
    expect(choice).toMatchObject({
      to: state.organizer.email,
      subject: `Paiements en attente : à vous de choisir – réservation ${state.reference}`,
    });
    expect(choice!.text).toContain('2 participants n’ont pas encore payé (300,00 € au total)');
    expect(choice!.text).not.toContain('carte de garantie');
    // Replayed steps send nothing more.
    await t.app.jobs.runDue(at(state, 1));
    expect(await mailsAbout(state.bookingId, 'share-reminder')).toHaveLength(3);
    expect(await mailsAbout(state.bookingId, 'due-choice')).toHaveLength(1);
    const history = await historyOf(state.bookingId);
    expect(history.filter((action) => action === 'deadline_reminders')).toHaveLength(2);
    expect(history).toContain('due_choice_asked');
  });

  it('D-2 choice "on_site": the team is told, the option is not released at the due date, the choice is made once', async () => {
    const state = await ladderBooking();
    const participant = await cb(t.app, 'POST', pay(state.bookingId, 'due-choice'), state.participants[0]!.token, {
      choice: 'on_site',
    });
    expect(participant.statusCode).toBe(404);
    const noCard = await cb(t.app, 'POST', pay(state.bookingId, 'due-choice'), state.organizer.token, {
      choice: 'guarantee',
    });
    expectError(
      noCard,
      409,
      'Aucune carte de garantie n’est enregistrée pour cette réservation : choisissez de régler sur place.',
    );
    const res = await cb(t.app, 'POST', pay(state.bookingId, 'due-choice'), state.organizer.token, {
      choice: 'on_site',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      'C’est noté : vous réglerez le reste (450 €) sur place. Notre équipe est prévenue.',
    );
    const again = await cb(t.app, 'POST', pay(state.bookingId, 'due-choice'), state.organizer.token, {
      choice: 'on_site',
    });
    expectError(again, 409, 'Votre choix est déjà enregistré : contactez notre équipe pour le changer.');
    const [team] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.template, 'due-choice-on-site'), like(outbox.text, `%${state.bookingId}%`)));
    expect(team!.subject).toBe(`Solde à encaisser sur place – réservation ${state.reference}`);
    expect(await historyOf(state.bookingId)).toContain('due_choice');
    // The ladder stops; the option stays for the team at the due date.
    await t.app.jobs.runDue(new Date(state.dueAt.getTime() + 60_000));
    expect(await mailsAbout(state.bookingId, 'share-reminder')).toHaveLength(0);
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'prebooked' });
  });

  it('D-2 choice "guarantee": the rest is charged now to the saved card and the booking is confirmed', async () => {
    const state = await ladderBooking();
    const setup = await cb(t.app, 'POST', pay(state.bookingId, 'guarantee-setup'), state.organizer.token, {
      settlement: 'self',
    });
    const { setupIntentId } = setup.json().data as { setupIntentId: string };
    stripe.confirmSetup(setupIntentId);
    await cb(t.app, 'POST', pay(state.bookingId, 'guarantee-saved'), state.organizer.token, { setupIntentId });
    await t.app.jobs.runDue(at(state, 2));
    expect((await mailsAbout(state.bookingId, 'due-choice'))[0]!.text).toContain(
      'débiter le reste sur votre carte de garantie',
    );
    const res = await cb(t.app, 'POST', pay(state.bookingId, 'due-choice'), state.organizer.token, {
      choice: 'guarantee',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      'Le reste (450 €) a été débité sur votre carte de garantie : votre réservation est confirmée.',
    );
    expect((await paymentRows(t.db, state.bookingId)).filter((row) => row.kind === 'guarantee')).toMatchObject([
      { status: 'completed', capturedCents: 45_000 },
    ]);
    expect(await bookingRow(t.db, state.bookingId)).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    // The job at the due date finds it done.
    await t.app.jobs.runDue(new Date(state.dueAt.getTime() + 60_000));
    expect((await paymentRows(t.db, state.bookingId)).filter((row) => row.kind === 'guarantee')).toHaveLength(1);
  });
});
