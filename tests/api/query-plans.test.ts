import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../src/server/db/client';
import { ESTABLISHMENT_SEED } from '../../src/server/db/seed-data';
import { LONG_CHAT_OFFSET, seedVolume } from '../../src/server/db/volume-seed';
import { queueCounts, queuePageQuery, type QueueFilter } from '../../src/server/modules/staff/staff-queue.repository';
import { linesOnDay } from '../../src/server/modules/staff/staff-planner.repository';
import { itemsOfBookingsQuery, ownBookingsQuery } from '../../src/server/modules/bookings/bookings.repository';
import { bookingPartsSql } from '../../src/server/modules/bookings/booking-detail.repository';
import { chatVersionSql, listMessages, messagePageQuery } from '../../src/server/modules/messages/messages.repository';
import { accessFactsQuery } from '../../src/server/modules/bookings/booking-access.repository';
import {
  holdsToWarnClaim,
  listHoldsToRelease,
  listIntentsOfCanceledBookings,
  listLateRefundsOwed,
} from '../../src/server/modules/payments/payments.repository';
import { createTestApp, type TestApp } from '../support/test-app';

/** Tables that grow with the bookings: a sequential scan over one of them fails the test. */
const BIG_TABLES = new Set([
  'booking_requests',
  'booking_items',
  'booking_participants',
  'customers',
  'messages',
  'message_reads',
  'payments',
  'invite_links',
  'audit_log',
  'chat_versions',
]);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/**
 * The big tables read whole: a Seq Scan, or (sequential scans priced out) an index read from end to
 * end without a condition.
 */
function seqScans(node: PlanNode): string[] {
  const whole =
    node['Node Type'] === 'Seq Scan' ||
    (['Index Scan', 'Index Only Scan'].includes(node['Node Type']) && !node['Index Cond']);
  const own = whole && BIG_TABLES.has(node['Relation Name'] ?? '') ? [node['Relation Name']!] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

/**
 * The plan, with sequential scans priced out: on a few thousand rows the planner rightly prefers
 * them, so a Seq Scan left in the plan means no index can serve the query at all.
 */
async function planOf(db: Db, query: SQL | { getSQL(): SQL }): Promise<PlanNode> {
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return rowsOf<{ 'QUERY PLAN': unknown }>(await tx.execute(sql`explain (format json) ${query}`));
  });
  const plan = rows[0]!['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
  return parsed[0]!.Plan;
}

describe('the plans of the busy queries on a seeded database', () => {
  let t: TestApp;
  const facts = {
    customerId: '',
    customerBookings: [] as string[],
    busyDay: '',
    longChat: '',
    bookingId: '',
    reference: '',
    chatCursor: '',
  };
  beforeAll(async () => {
    t = await createTestApp();
    await seedVolume(t.db, { bookings: 4000, seed: 3, today: '2026-07-01', batchSize: 1000 });
    await t.db.execute(sql`analyze`);
    const [row] = rowsOf<typeof facts>(
      await t.db.execute(sql`select
        (select customer_id from booking_requests group by 1 order by count(*) desc limit 1) as "customerId",
        (select scheduled_date::text from booking_items group by 1 order by count(*) desc limit 1) as "busyDay",
        (select booking_id from messages group by 1 order by count(*) desc limit 1) as "longChat",
        (select id from booking_requests order by reference limit 1 offset ${LONG_CHAT_OFFSET}) as "bookingId",
        (select reference from booking_requests order by reference limit 1) as reference,
        (select id from messages where booking_id = (select booking_id from messages group by 1
          order by count(*) desc limit 1) order by created_at desc limit 1 offset 1000) as "chatCursor"`),
    );
    Object.assign(facts, row);
    const page = await ownBookingsQuery(t.db, facts.customerId, { page: 1, limit: 20 });
    facts.customerBookings = page.map((booking) => booking.id);
  }, 600_000);
  afterAll(async () => {
    await t?.close();
  });

  const queue = (extra: Partial<QueueFilter>): QueueFilter => ({
    establishmentId: ESTABLISHMENT_SEED.id,
    sort: 'priority',
    page: 1,
    limit: 20,
    ...extra,
  });

  const cases: [string, () => SQL | { getSQL(): SQL }][] = [
    [
      'the staff queue, filtered by status',
      () => queuePageQuery(t.db, queue({ status: 'prebooked', sort: 'startDate' })),
    ],
    ['the staff queue, searched by a name with accents', () => queuePageQuery(t.db, queue({ q: 'Héloïse' }))],
    ['the staff queue, searched by an e-mail prefix', () => queuePageQuery(t.db, queue({ q: 'heloise.mar' }))],
    ['the staff queue, searched by a reference', () => queuePageQuery(t.db, queue({ q: facts.reference }))],
    ['the staff queue, first page', () => queuePageQuery(t.db, queue({}))],
    ["the staff queue's counts per status", () => queueCounts(t.db, ESTABLISHMENT_SEED.id)],
    ['the day planner of the busiest day', () => linesOnDay(t.db, ESTABLISHMENT_SEED.id, facts.busyDay)],
    ['a customer dashboard', () => ownBookingsQuery(t.db, facts.customerId, { page: 1, limit: 20 })],
    ["the lines of a customer dashboard's page", () => itemsOfBookingsQuery(t.db, facts.customerBookings)],
    ['a booking detail', () => bookingPartsSql(facts.bookingId)],
    ['the chat of the longest conversation', () => listMessages(t.db, facts.longChat, 'staff:x', false)],
    ['the staff queue, a far page by cursor', () => queuePageQuery(t.db, queue({ cursor: facts.bookingId }))],
    [
      'the staff queue, filtered by status, a far page by cursor',
      () => queuePageQuery(t.db, queue({ status: 'confirmed', sort: '-startDate', cursor: facts.bookingId })),
    ],
    [
      'the chat of the longest conversation, its last page',
      () =>
        messagePageQuery(t.db, {
          bookingId: facts.longChat,
          readerKey: 'staff:x',
          includeDeleted: false,
          page: { limit: 50 },
          withHidden: true,
        }),
    ],
    [
      'the chat of the longest conversation, an older page by cursor',
      () =>
        messagePageQuery(t.db, {
          bookingId: facts.longChat,
          readerKey: 'staff:x',
          includeDeleted: true,
          page: { limit: 50, cursor: facts.chatCursor },
          withHidden: true,
        }),
    ],
    // All a chat poll that changed nothing reads: a participant's access and the chat's version, one statement.
    [
      'the access and the version of the longest chat',
      () => accessFactsQuery(t.db, facts.longChat, facts.customerId, chatVersionSql(facts.longChat)),
    ],
    // The payment sweep's reads, every few minutes: the open payments only (`payments_open`).
    ['the card holds of ended bookings, to release', () => listHoldsToRelease(t.db, '2026-07-01')],
    [
      'the card holds about to lapse, claimed for a warning',
      // An UPDATE is explained as it is, not as a parenthesised subquery.
      () => holdsToWarnClaim(t.db, new Date('2026-06-26T00:00:00Z'), new Date('2026-07-01T00:00:00Z')).getSQL(),
    ],
    ['the open card intents of canceled bookings', () => listIntentsOfCanceledBookings(t.db)],
    ['the refunds still owed on refused payments', () => listLateRefundsOwed(t.db, new Date('2026-07-01T00:00:00Z'))],
  ];

  it.each(cases)('%s uses indexes only', async (_name, query) => {
    const plan = await planOf(t.db, query());
    expect(seqScans(plan)).toEqual([]);
  });

  it('fails a query whose index is missing (the check can fail)', async () => {
    let scans: string[] = [];
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`drop index booking_requests_search`);
        await tx.execute(sql`drop index customers_search`);
        await tx.execute(sql`set local enable_seqscan = off`);
        const rows = rowsOf<{ 'QUERY PLAN': unknown }>(
          await tx.execute(sql`explain (format json) ${queuePageQuery(t.db, queue({ q: 'heloise' }))}`),
        );
        const plan = rows[0]!['QUERY PLAN'];
        const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
        scans = seqScans(parsed[0]!.Plan);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(scans).toContain('booking_requests');
  });

  it('finds « Héloïse » by « heloise », and a reference by its beginning', async () => {
    const byName = await queuePageQuery(t.db, queue({ q: 'heloise' }));
    expect(byName.length).toBeGreaterThan(0);
    expect(
      byName.every((row) => `${row.organizer.firstName} ${row.booking.mainContact.firstName}`.includes('Héloïse')),
    ).toBe(true);
    const byReference = await queuePageQuery(t.db, queue({ q: facts.reference.slice(0, -1).toLowerCase() }));
    expect(byReference.map((row) => row.booking.reference)).toContain(facts.reference);
  });
});
