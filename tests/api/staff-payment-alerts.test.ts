// The team's payment alerts (docs/decisions.md, "Payment alerts for the team"): a card deposit hold about to lapse (an authorization lives
// about 7 days, DESIGN.md §3) and an option past its payment due date, flagged in the queue and the
// request detail.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { payments } from '../../src/server/db/schema';
import { staffBookingDetailResponse, staffQueueResponse } from '../../src/shared/api/staff.schema';
import { paymentAlertsChangeAt, paymentAlertsOf } from '../../src/shared/payment-alerts';
import { cardHold, prebookedBooking } from '../support/payment-states';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { staffCall } from '../support/staff-api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let staff: TestStaff;

beforeAll(async () => {
  t = await createTestApp();
  staff = await createStaffWithSession(t.db);
});

afterAll(async () => {
  await t?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

async function alertsOf(bookingId: string, reference: string) {
  const queue = await staffCall(t.app, 'GET', `/booking-requests?q=${reference}`, staff.token);
  expect(queue.statusCode, queue.body).toBe(200);
  const [row] = staffQueueResponse.parse(queue.json()).data.bookingRequests;
  const detail = await staffCall(t.app, 'GET', `/booking-requests/${bookingId}`, staff.token);
  expect(detail.statusCode, detail.body).toBe(200);
  const fromDetail = staffBookingDetailResponse.parse(detail.json()).data.paymentAlerts;
  expect(row!.paymentAlerts).toEqual(fromDetail);
  return fromDetail;
}

describe('staff payment alerts', () => {
  it('flags an option past its due date, and not once it is paid', async () => {
    const dueAt = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const overdue = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer', dueAt });
    expect(await alertsOf(overdue.bookingId, overdue.reference)).toEqual([
      { kind: 'payment_overdue', at: dueAt.toISOString() },
    ]);
    const onTime = await prebookedBooking(t.app, t.db, { type: 'full_payment_organizer' });
    expect(await alertsOf(onTime.bookingId, onTime.reference)).toEqual([]);
  });

  it('flags a card hold two days before it lapses, then as lapsed', async () => {
    const state = await cardHold(t.app, t.db);
    // A fresh hold: nothing to watch.
    expect(await alertsOf(state.bookingId, state.reference)).toEqual([]);

    const authorizedAt = new Date(Date.now() - 5.5 * DAY_MS);
    await t.db.update(payments).set({ updatedAt: authorizedAt }).where(eq(payments.id, state.holdId));
    expect(await alertsOf(state.bookingId, state.reference)).toEqual([
      { kind: 'hold_expiring', at: new Date(authorizedAt.getTime() + 7 * DAY_MS).toISOString() },
    ]);

    const older = new Date(Date.now() - 8 * DAY_MS);
    await t.db.update(payments).set({ updatedAt: older }).where(eq(payments.id, state.holdId));
    expect(await alertsOf(state.bookingId, state.reference)).toEqual([
      { kind: 'hold_expired', at: new Date(older.getTime() + 7 * DAY_MS).toISOString() },
    ]);
  });
});

describe('paymentAlertsOf', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('warns from 48 hours before the 7-day hold lapses, never for a closed booking', () => {
    const at = (days: number) => new Date(now.getTime() - days * DAY_MS);
    expect(paymentAlertsOf({ status: 'confirmed', dueAt: null, holdAuthorizedAt: at(4.9) }, now)).toEqual([]);
    expect(paymentAlertsOf({ status: 'confirmed', dueAt: null, holdAuthorizedAt: at(5) }, now)).toEqual([
      { kind: 'hold_expiring', at: '2026-11-25T12:00:00.000Z' },
    ]);
    expect(paymentAlertsOf({ status: 'completed', dueAt: null, holdAuthorizedAt: at(9) }, now)).toEqual([]);
    expect(
      paymentAlertsOf({ status: 'confirmed', dueAt: new Date('2026-11-20T00:00:00Z'), holdAuthorizedAt: null }, now),
    ).toEqual([]);
  });

  it('tells when the alerts change with time alone: the due date passed, a hold warned, then lapsed', () => {
    const authorizedAt = new Date(now.getTime() - 2 * DAY_MS);
    const expires = authorizedAt.getTime() + 7 * DAY_MS;
    const hold = { status: 'confirmed', dueAt: null, holdAuthorizedAt: authorizedAt };
    const warning = expires - 2 * DAY_MS;
    expect(paymentAlertsChangeAt(hold, now)).toBe(warning);
    expect(paymentAlertsChangeAt(hold, new Date(warning))).toBe(expires);
    expect(paymentAlertsChangeAt(hold, new Date(expires))).toBe(Infinity);
    const dueAt = new Date(now.getTime() + 3 * 60 * 60 * 1000);
    const option = { status: 'prebooked', dueAt, holdAuthorizedAt: null };
    expect(paymentAlertsChangeAt(option, now)).toBe(dueAt.getTime() + 1);
    expect(paymentAlertsChangeAt({ ...hold, status: 'canceled' }, now)).toBe(Infinity);
    expect(paymentAlertsChangeAt({ status: 'confirmed', dueAt: null, holdAuthorizedAt: null }, now)).toBe(Infinity);
    // Each answer holds until the instant given, and changes there.
    for (const [state, from] of [
      [hold, now],
      [hold, new Date(warning)],
      [option, now],
    ] as const) {
      const until = paymentAlertsChangeAt(state, from);
      expect(paymentAlertsOf(state, new Date(until - 1))).toEqual(paymentAlertsOf(state, from));
      expect(paymentAlertsOf(state, new Date(until))).not.toEqual(paymentAlertsOf(state, from));
    }
  });
});

describe('the kept queue', () => {
  it('shows a hold entering its last two days the moment it does, on a queue kept unchanged', async () => {
    const state = await cardHold(t.app, t.db);
    const start = Date.now();
    // Its warning starts a second from now: within the time a queue is kept, with no change to the data.
    const authorizedAt = new Date(start - 5 * DAY_MS + 1000);
    await t.db.update(payments).set({ updatedAt: authorizedAt }).where(eq(payments.id, state.holdId));
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    try {
      expect(await alertsOf(state.bookingId, state.reference)).toEqual([]);
      expect(await alertsOf(state.bookingId, state.reference)).toEqual([]);
      vi.setSystemTime(start + 1000);
      expect(await alertsOf(state.bookingId, state.reference)).toEqual([
        { kind: 'hold_expiring', at: new Date(authorizedAt.getTime() + 7 * DAY_MS).toISOString() },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});
