import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addIsoDays, todayInParis } from '../../src/shared/booking-days';
import { openDatabase, type Database, type Db } from '../../src/server/db/client';
import { auditLog, bookingRequests, messages, outbox, paymentConfigs, payments } from '../../src/server/db/schema';
import { sweepDeps } from '../support/sweep-deps';
import { runSweeps } from '../../src/server/modules/sweeps/sweeps.service';
import { bookingInState, type BookingInState } from '../support/booking-states';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let staff: TestStaff;

async function expireOption(db: Db, id: string) {
  await db
    .update(paymentConfigs)
    .set({ dueAt: new Date(Date.now() - 60_000) })
    .where(eq(paymentConfigs.bookingId, id));
}

async function stateOf(ids: string[]) {
  const [rows, notes, mails, audit] = await Promise.all([
    t.db
      .select({ id: bookingRequests.id, status: bookingRequests.status, cancelReason: bookingRequests.cancelReason })
      .from(bookingRequests)
      .where(inArray(bookingRequests.id, ids)),
    t.db.select().from(messages).where(inArray(messages.bookingId, ids)),
    t.db.select().from(outbox).where(eq(outbox.template, 'option-released')),
    t.db
      .select()
      .from(auditLog)
      .where(and(inArray(auditLog.bookingId, ids), eq(auditLog.actorType, 'system'))),
  ]);
  return { rows: new Map(rows.map((row) => [row.id, row])), notes, mails, audit };
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await createStaffWithSession(t.db, 'staff');
});
afterAll(async () => {
  await t.close();
});

describe('sweeps', () => {
  let expired: BookingInState;
  let paidByCard: BookingInState;
  let onTime: BookingInState;
  let finished: BookingInState;
  let givenBack: BookingInState;

  beforeAll(async () => {
    [expired, paidByCard, onTime, finished, givenBack] = await Promise.all([
      bookingInState(t, 'prebooked', { staff }),
      bookingInState(t, 'prebooked', { staff, paymentType: 'deposit_card' }),
      bookingInState(t, 'prebooked', { staff }),
      bookingInState(t, 'confirmed', { staff }),
      bookingInState(t, 'prebooked', { staff }),
    ]);
    await expireOption(t.db, expired.id);
    await expireOption(t.db, paidByCard.id);
    await expireOption(t.db, givenBack.id);
    // A payment refused on arrival (after the due date) and given back in full: its refund row is
    // no money kept, and the option is released as if nothing had been paid.
    await t.db.insert(payments).values([
      {
        bookingId: givenBack.id,
        kind: 'full',
        amountCents: 10000,
        capturedCents: 10000,
        refundedCents: 10000,
        status: 'refunded',
        provider: 'test',
        idempotencyKey: `late-${givenBack.id}`,
      },
      {
        bookingId: givenBack.id,
        kind: 'refund',
        amountCents: 10000,
        status: 'completed',
        provider: 'test',
        idempotencyKey: `late-refund-${givenBack.id}`,
      },
    ]);
    // A hold placed just before the due date (its status not updated yet): never released by the sweep.
    await t.db.insert(payments).values({
      bookingId: paidByCard.id,
      kind: 'deposit',
      amountCents: 10000,
      status: 'authorized',
      provider: 'test',
      idempotencyKey: `hold-${paidByCard.id}`,
    });
    const yesterday = addIsoDays(todayInParis(), -1);
    await t.db
      .update(bookingRequests)
      .set({ startDate: addIsoDays(yesterday, -1), endDate: yesterday })
      .where(eq(bookingRequests.id, finished.id));
  });

  it('releases unpaid options past due (team message, e-mail, audit) and completes finished bookings; a second run changes nothing', async () => {
    const ids = [expired.id, paidByCard.id, onTime.id, finished.id, givenBack.id];
    const first = await runSweeps(sweepDeps(t.db));
    expect(first).toMatchObject({ 'release-expired-options': 2, 'complete-finished-bookings': 1 });

    const after = await stateOf(ids);
    expect(after.rows.get(expired.id)).toMatchObject({
      status: 'canceled',
      cancelReason: 'Option libérée : paiement non reçu à l’échéance',
    });
    expect(after.rows.get(paidByCard.id)!.status).toBe('prebooked');
    expect(after.rows.get(onTime.id)!.status).toBe('prebooked');
    expect(after.rows.get(finished.id)!.status).toBe('completed');
    expect(after.rows.get(givenBack.id)).toMatchObject({
      status: 'canceled',
      cancelReason: 'Option libérée : paiement non reçu à l’échéance',
    });
    const note = after.notes.find((row) => row.bookingId === expired.id);
    expect(after.notes.map((row) => row.bookingId).sort()).toEqual([expired.id, givenBack.id].sort());
    expect(note).toMatchObject({ authorType: 'team', authorName: 'Équipe' });
    expect(note!.content).toContain(`L’option sur votre réservation ${expired.reference} a été libérée`);
    expect(after.mails.map((mail) => mail.to).sort()).toEqual(
      [expired.organizer.email, givenBack.organizer.email].sort(),
    );
    expect(after.mails.map((mail) => mail.subject)).toContain(`Option libérée – demande ${expired.reference}`);
    expect(after.audit.map((entry) => [entry.bookingId, entry.action]).sort()).toEqual(
      [
        [expired.id, 'option_released'],
        [givenBack.id, 'option_released'],
        [finished.id, 'auto_complete'],
      ].sort(),
    );

    const second = await runSweeps(sweepDeps(t.db));
    expect(second).toEqual({ 'release-expired-options': 0, 'complete-finished-bookings': 0, 'warn-expiring-holds': 0 });
    const again = await stateOf(ids);
    expect([again.notes.length, again.mails.length, again.audit.length]).toEqual([2, 2, 3]);
  });

  it('two instances sweeping at once release each option once', async () => {
    const options = await Promise.all(Array.from({ length: 6 }, () => bookingInState(t, 'prebooked', { staff })));
    const ids = options.map((option) => option.id);
    for (const id of ids) await expireOption(t.db, id);
    // With TEST_DATABASE_URL, a second instance with its own connection pool on the same database.
    let second: Database | undefined;
    if (t.databaseUrl) second = await openDatabase({ kind: 'postgres', url: t.databaseUrl });
    try {
      const instances = [sweepDeps(t.db), sweepDeps(second?.db ?? t.db)];
      const runs = await Promise.all([...instances, ...instances].map((deps) => runSweeps(deps)));
      expect(runs.reduce((sum, run) => sum + run['release-expired-options']!, 0)).toBe(6);
    } finally {
      await second?.close();
    }
    const state = await stateOf(ids);
    expect([...state.rows.values()].every((row) => row.status === 'canceled')).toBe(true);
    expect(state.notes).toHaveLength(6);
    expect(new Set(state.notes.map((note) => note.bookingId)).size).toBe(6);
    expect(state.audit).toHaveLength(6);
    expect(
      state.mails.filter((mail) => options.some((option) => mail.subject.includes(option.reference))),
    ).toHaveLength(6);
  });
});
