import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../src/server/db/client';
import { seedVolume } from '../../src/server/db/volume-seed';
import { messageListResponse } from '../../src/shared/api/messages.schema';
import { QUEUE_SORTS, staffQueueResponse } from '../../src/shared/api/staff.schema';
import { bearer, expectError, nextAddress, registerCustomer } from '../support/auth';
import { createStaffWithSession, type TestStaff } from '../support/staff';
import { staffCall } from '../support/staff-api';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let staff: TestStaff;
let longChat = '';
let chatTotal = 0;

async function queue(query: string) {
  const res = await staffCall(t.app, 'GET', `/booking-requests?${query}`, staff.token);
  expect(res.statusCode, res.body).toBe(200);
  return staffQueueResponse.strict().parse(res.json()).data;
}

async function chat(query: string, token = staff.token) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/messages/booking/${longChat}?${query}`,
    headers: bearer(token),
    remoteAddress: nextAddress(),
  });
}

async function chatOk(query: string) {
  const res = await chat(query);
  expect(res.statusCode, res.body).toBe(200);
  return messageListResponse.strict().parse(res.json()).data;
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await createStaffWithSession(t.db, 'staff');
  // 60 bookings of every status and type; the 8th has a chat of 2,500 lines.
  await seedVolume(t.db, { bookings: 60, seed: 5, today: '2026-07-01', batchSize: 60 });
  const [row] = rowsOf<{ id: string; n: number }>(
    await t.db.execute(sql`select booking_id as id, count(*)::int as n from messages
      where status = 'active' group by 1 order by 2 desc limit 1`),
  );
  longChat = row!.id;
  chatTotal = row!.n;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the staff queue pages with a cursor, in the order of the numbered pages', () => {
  it.each(QUEUE_SORTS)('sorted by %s, nextCursor walks the same rows as page=1, 2, 3…', async (sort) => {
    const numbered: string[] = [];
    for (let page = 1; page <= 4; page += 1) {
      numbered.push(...(await queue(`sort=${sort}&limit=17&page=${page}`)).bookingRequests.map((b) => b._id));
    }
    expect(numbered).toHaveLength(60);
    expect(new Set(numbered).size).toBe(60);

    const walked: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer = await queue(`sort=${sort}&limit=17${cursor ? `&cursor=${cursor}` : ''}`);
      walked.push(...answer.bookingRequests.map((b) => b._id));
      expect(answer.pagination.total).toBe(60);
      cursor = answer.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(4);
    expect(walked).toEqual(numbered);
  });

  it('keeps the filters along the cursor, and refuses a malformed cursor in French', async () => {
    const { counts } = await queue('limit=1');
    const status = (['draft', 'prebooked', 'confirmed', 'canceled', 'completed'] as const).find((s) => counts[s] > 6)!;
    const all = (await queue(`status=${status}&sort=-startDate&limit=100`)).bookingRequests;
    const first = await queue(`status=${status}&sort=-startDate&limit=3`);
    expect(first.nextCursor).not.toBeNull();
    const second = await queue(`status=${status}&sort=-startDate&limit=3&cursor=${first.nextCursor}`);
    expect([...first.bookingRequests, ...second.bookingRequests].map((b) => b._id)).toEqual(
      all.slice(0, 6).map((b) => b._id),
    );
    expect(second.bookingRequests.every((b) => b.status === status)).toBe(true);
    const res = await staffCall(t.app, 'GET', '/booking-requests?cursor=GRP-2026-1', staff.token);
    expectError(res, 400, 'Le curseur de pagination est invalide');
  });
});

describe('the chat opens on its last page and pages back with a cursor', () => {
  it('without limit lists every line as before, with no cursor', async () => {
    const whole = await chatOk('');
    expect(whole.messages).toHaveLength(chatTotal);
    expect(whole.total).toBe(chatTotal);
    expect(whole.nextCursor).toBeNull();
  });

  it('with limit gives the last lines, oldest first, then the older ones page by page to the first', async () => {
    expect(chatTotal).toBeGreaterThan(2000);
    const whole = (await chatOk('')).messages.map((m) => m._id);
    const last = await chatOk('limit=100');
    expect(last.messages.map((m) => m._id)).toEqual(whole.slice(-100));
    expect(last.total).toBe(chatTotal);
    expect(last.nextCursor).toBe(whole[whole.length - 100]);

    let collected = last.messages.map((m) => m._id);
    let cursor = last.nextCursor;
    let pages = 1;
    while (cursor) {
      const older = await chatOk(`limit=100&cursor=${cursor}`);
      collected = [...older.messages.map((m) => m._id), ...collected];
      // Every page tells the chat's size (counted in the page's own statement).
      expect(older.total).toBe(chatTotal);
      cursor = older.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(Math.ceil(chatTotal / 100));
    expect(collected).toEqual(whole);
  });

  it('refuses a bad limit or cursor in French, and a line of another chat as a cursor gives nothing', async () => {
    expectError(await chat('limit=0'), 400, 'Le nombre de lignes par page doit être un nombre entier entre 1 et 100');
    expectError(await chat('limit=10&cursor=abc'), 400, 'Le curseur de pagination est invalide');
    const [other] = rowsOf<{ id: string }>(
      await t.db.execute(sql`select id from messages where booking_id <> ${longChat} limit 1`),
    );
    const foreign = await chatOk(`limit=10&cursor=${other!.id}`);
    expect(foreign.messages).toEqual([]);
    expect(foreign.nextCursor).toBeNull();
    // An empty page still tells the chat's size.
    expect(foreign.total).toBe(chatTotal);
  });

  it('is another customer’s chat: 404, whatever the paging', async () => {
    const stranger = await registerCustomer(t.app, { firstName: 'Loïc', lastName: 'Bernard' });
    expect((await chat('limit=10', stranger.token)).statusCode).toBe(404);
  });
});
