import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/client';
import { inTransaction } from '../../src/server/db/transaction';
import { bookingRequests, statusCountDeltas } from '../../src/server/db/schema';
import { foldQueueCountDeltas } from '../../src/server/modules/staff/staff-queue.service';
import { staffQueueResponse } from '../../src/shared/api/staff.schema';
import { ESTABLISHMENT_ID } from '../../src/shared/constants';
import { bookingInState } from '../support/booking-states';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { staffCall } from '../support/staff-api';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * The staff queue's counts per status come from deltas the database's triggers add at each write
 * (migration `queue-count-deltas`; docs/decisions.md, "Volume and indexes"): whatever the writes,
 * one at a time, many in one statement, concurrent, or deleted, they equal a count of the rows.
 */
let t: TestApp;
let staff: TestStaff;
const ids: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  staff = await createStaffWithSession(t.db, 'staff');
  for (const state of ['draft', 'client-validated', 'prebooked', 'prebooked', 'draft', 'client-validated'] as const) {
    ids.push((await bookingInState(t, state, { staff })).id);
  }
});
afterAll(async () => {
  await t.close();
});

/** The counts as the queue answers them (its kept read dropped by the writes). */
async function answered() {
  const res = await staffCall(t.app, 'GET', '/booking-requests', staff.token);
  expect(res.statusCode, res.body).toBe(200);
  return staffQueueResponse.parse(res.json()).data.counts;
}

/** The same counts, by counting every booking. */
async function counted() {
  const rows = rowsOf<{ status: string; n: string; waiting: string }>(
    await t.db.execute(sql`select status, count(*) as n,
      count(*) filter (where status = 'draft' and client_validation = 'validated') as waiting
      from booking_requests where establishment_id = ${ESTABLISHMENT_ID} group by status`),
  );
  const counts = { all: 0, draft: 0, prebooked: 0, confirmed: 0, canceled: 0, completed: 0, waitingOnTeam: 0 };
  for (const row of rows) {
    counts[row.status as 'draft'] = Number(row.n);
    counts.all += Number(row.n);
    counts.waitingOnTeam += Number(row.waiting);
  }
  return counts;
}

describe("the staff queue's counts", () => {
  it('start from what the bookings are, through the app', async () => {
    const counts = await answered();
    expect(counts).toEqual(await counted());
    expect(counts.waitingOnTeam).toBe(2);
    expect(counts.prebooked).toBe(2);
  });

  it('follow a move of many rows in one statement, a deletion and a validation', async () => {
    await t.db
      .update(bookingRequests)
      .set({ status: 'confirmed' })
      .where(inArray(bookingRequests.id, [ids[2]!, ids[3]!]));
    await t.db.update(bookingRequests).set({ clientValidation: 'validated' }).where(eq(bookingRequests.id, ids[0]!));
    // An edit that moves no status or validation adds no delta.
    const before = (await t.db.select().from(statusCountDeltas)).length;
    await t.db.update(bookingRequests).set({ note: 'Sortie du club' }).where(inArray(bookingRequests.id, ids));
    expect((await t.db.select().from(statusCountDeltas)).length).toBe(before);
    await t.db.delete(bookingRequests).where(eq(bookingRequests.id, ids[4]!));
    const counts = await answered();
    expect(counts).toEqual(await counted());
    expect(counts.confirmed).toBe(2);
    expect(counts.waitingOnTeam).toBe(3);
  });

  it('stay exact under twenty writers at once, and a fold keeps their sums in a row per status', async () => {
    const moves = Array.from({ length: 20 }, (_unused, index) =>
      inTransaction(t.db, async (tx) => {
        const id = ids[index % ids.length]!;
        const status = index % 2 === 0 ? 'canceled' : 'completed';
        await tx.update(bookingRequests).set({ status }).where(eq(bookingRequests.id, id));
      }),
    );
    await Promise.all(moves);
    expect(await answered()).toEqual(await counted());

    await foldQueueCountDeltas(t.db);
    const rows = await t.db
      .select()
      .from(statusCountDeltas)
      .where(eq(statusCountDeltas.establishmentId, ESTABLISHMENT_ID));
    expect(rows.length).toBeLessThanOrEqual(5);
    expect(new Set(rows.map((row) => row.status)).size).toBe(rows.length);
    expect(await answered()).toEqual(await counted());
  });
});
