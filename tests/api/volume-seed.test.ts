import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../src/server/db/client';
import { customerCount, LONG_CHAT_MESSAGES, seedVolume } from '../../src/server/db/volume-seed';
import { createTestApp, type TestApp } from '../support/test-app';

type Counted =
  | 'bookings'
  | 'items'
  | 'participants'
  | 'messages'
  | 'payments'
  | 'links'
  | 'audit'
  | 'customers'
  | 'statuses'
  | 'types'
  | 'longest_chat';

async function counts(db: Db) {
  const [row] = rowsOf<Record<Counted, number>>(
    await db.execute(sql`select
      (select count(*)::int from booking_requests) as bookings,
      (select count(*)::int from booking_items) as items,
      (select count(*)::int from booking_participants) as participants,
      (select count(*)::int from messages) as messages,
      (select count(*)::int from payments) as payments,
      (select count(*)::int from invite_links) as links,
      (select count(*)::int from audit_log) as audit,
      (select count(*)::int from customers) as customers,
      (select count(distinct status)::int from booking_requests) as statuses,
      (select count(distinct booking_type)::int from booking_requests) as types,
      (select max(n)::int from (select count(*) as n from messages group by booking_id) m) as longest_chat`),
  );
  return row!;
}

async function fingerprint(db: Db) {
  return rowsOf<{ id: string; reference: string; start_date: string; email: string }>(
    await db.execute(
      sql`select id, reference, start_date::text, main_contact->>'email' as email from booking_requests order by reference`,
    ),
  );
}

describe('the volume generator', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    [first, second] = await Promise.all([createTestApp(), createTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it('fills every table with realistic proportions, and a second run adds nothing', async () => {
    const options = { bookings: 300, seed: 7, today: '2026-07-01', batchSize: 100 };
    const run = await seedVolume(first.db, options);
    expect(run.skipped).toBe(0);
    const c = await counts(first.db);
    expect(c.bookings).toBe(300);
    expect(c.customers).toBe(customerCount(300));
    expect(c.statuses).toBe(5);
    expect(c.types).toBe(5);
    // ~6 participants, ~10 messages (one chat of 2,500), ~2 lines, ~2 payments per booking.
    expect(c.participants / c.bookings).toBeGreaterThan(5);
    expect(c.participants / c.bookings).toBeLessThan(7);
    expect(c.longest_chat).toBe(LONG_CHAT_MESSAGES);
    expect((c.messages - LONG_CHAT_MESSAGES) / c.bookings).toBeGreaterThan(7);
    expect(c.items / c.bookings).toBeGreaterThan(1.5);
    expect(c.payments / c.bookings).toBeGreaterThan(1);
    expect(c.links).toBeGreaterThan(150);
    expect(c.audit).toBeGreaterThan(300);

    const again = await seedVolume(first.db, options);
    expect(again).toEqual({ written: 0, skipped: run.written });
    expect(await counts(first.db)).toEqual(c);
    // The application's next reference comes after the generated ones.
    const [next] = rowsOf<{ value: string }>(
      await first.db.execute(sql`select nextval('booking_reference_seq') as value`),
    );
    expect(Number(next!.value)).toBeGreaterThan(7_000_300);
  });

  it('gives the same rows for the same seed, whatever the batches and an interrupted run', async () => {
    let batches = 0;
    await expect(
      seedVolume(second.db, {
        bookings: 300,
        seed: 7,
        today: '2026-07-01',
        batchSize: 50,
        onProgress: () => {
          batches += 1;
          if (batches === 4) throw new Error('interrompu');
        },
      }),
    ).rejects.toThrow('interrompu');
    expect((await counts(second.db)).bookings).toBeLessThan(300);
    // Resumed with another day: the first run's day is kept.
    await seedVolume(second.db, { bookings: 300, seed: 7, today: '2027-01-01', batchSize: 50 });
    const a = await fingerprint(first.db);
    const b = await fingerprint(second.db);
    expect(b).toHaveLength(300);
    expect(b).toEqual(a);
    expect(a[0]!.reference).toMatch(/^GRP-20\d\d-7\d{6}$/);
  });

  it('gives other rows for another seed', async () => {
    await seedVolume(second.db, { bookings: 20, seed: 8, today: '2026-07-01' });
    const rows = await fingerprint(second.db);
    expect(rows).toHaveLength(320);
    expect(rows.filter((row) => row.reference.endsWith('-8000000'))).toHaveLength(1);
  });
});
