import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outbox } from '../../src/server/db/schema';
import { shareRemindersResponse } from '../../src/shared/api/group.schema';
import { collectiveStatusResponse } from '../../src/shared/api/payments.schema';
import { expectError } from '../support/auth';
import { participantRow, prebookedBooking } from '../support/payment-states';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { staffCall } from '../support/staff-api';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The team's view of who paid and its reminders (docs/decisions.md, "Group shares"): the same
 * once-a-day claim as the organizer's, written in the booking's history.
 */

let t: TestApp;
let staff: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  staff = await createStaffWithSession(t.db, 'staff', { firstName: 'Camille', lastName: 'Dupuy' });
});

afterAll(async () => {
  await t?.close();
});

const shares = (bookingId: string, token?: string) =>
  staffCall(t.app, 'GET', `/booking-requests/${bookingId}/shares`, token);
const remind = (bookingId: string, token?: string, body: unknown = {}) =>
  staffCall(t.app, 'POST', `/booking-requests/${bookingId}/share-reminders`, token, body);

function reminderMails(bookingId: string) {
  return t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.template, 'share-reminder'), like(outbox.text, `%/booking/${bookingId}%`)));
}

describe('staff shares and reminders', () => {
  it('shows each share, then twenty reminders at once send one mail per person, in the history', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 9_000, joined: 2 });
    const [first, second] = state.participants;

    const view = await shares(state.bookingId, staff.token);
    expect(view.statusCode, view.body).toBe(200);
    const status = collectiveStatusResponse.parse(view.json()).data;
    expect(
      status.participants.map((person) => [person.paymentStatus, person.paymentAmount, person.lastReminderAt]),
    ).toEqual([
      ['pending', 30, null],
      ['pending', 30, null],
      ['pending', 30, null],
    ]);

    // The guarantee and the D-2 choice, as the organizer and the team see them: none saved; open from D-2.
    const fromD2 = Date.parse(status.guarantee!.chargeAt) - 2 * 24 * 60 * 60 * 1000;
    expect(status.guarantee).toMatchObject({
      saved: false,
      settlement: null,
      dueChoice: { open: Date.now() >= fromD2, madeChoice: null, unpaidAmount: 90 },
    });

    const answers = await Promise.all(Array.from({ length: 20 }, () => remind(state.bookingId, staff.token)));
    const ok = answers.filter((res) => res.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const res of answers.filter((answer) => answer.statusCode !== 200)) {
      expectError(
        res,
        429,
        'Chaque participant qui n’a pas payé a déjà reçu un rappel il y a moins de 24 h : vous pourrez les relancer demain.',
        'REMINDER_TOO_SOON',
      );
    }
    expect(shareRemindersResponse.strict().parse(ok[0]!.json()).message).toBe('3 rappels envoyés');
    const mails = await reminderMails(state.bookingId);
    expect(mails.map((mail) => mail.to).sort()).toEqual([state.organizer.email, first!.email, second!.email].sort());
    expect((await participantRow(t.db, first!.participantId)).lastRemindedAt).not.toBeNull();

    const history = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.bookingId, state.bookingId), eq(auditLog.action, 'share_reminder_staff')));
    expect(history).toHaveLength(1);
    expect(history[0]!.actorName).toBe('Camille Dupuy');

    // One person, too soon.
    expectError(
      await remind(state.bookingId, staff.token, { participantId: first!.participantId }),
      429,
      'Ce participant a déjà reçu un rappel il y a moins de 24 h : vous pourrez le relancer demain.',
      'REMINDER_TOO_SOON',
    );
    const after = collectiveStatusResponse.parse((await shares(state.bookingId, staff.token)).json()).data;
    for (const person of after.participants) expect(person.lastReminderAt).toEqual(expect.any(String));
  });

  it('is closed to customers and 404 for an unknown booking', async () => {
    const state = await prebookedBooking(t.app, t.db, { type: 'collective_payment', totalCents: 9_000, joined: 1 });
    expect((await shares(state.bookingId)).statusCode).toBe(401);
    expect((await remind(state.bookingId)).statusCode).toBe(401);
    expect([401, 403]).toContain((await shares(state.bookingId, state.organizer.token)).statusCode);
    expect([401, 403]).toContain((await remind(state.bookingId, state.organizer.token)).statusCode);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectError(await shares(unknown, staff.token), 404, 'Réservation non trouvée', 'NOT_FOUND');
    expectError(await remind(unknown, staff.token), 404, 'Réservation non trouvée', 'NOT_FOUND');
    expect(await reminderMails(state.bookingId)).toHaveLength(0);
  });
});
