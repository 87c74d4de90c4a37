import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { searchWords } from '../../db/search-words';
import type { Db } from '../../db/client';
import { bookingRequests, customers, paymentConfigs, statusCountDeltas } from '../../db/schema';
import type { QueueSort } from '../../../shared/api/staff.schema';

export interface QueueFilter {
  establishmentId: string;
  status?: (typeof bookingRequests.$inferSelect)['status'];
  clientValidation?: 'pending' | 'validated';
  adminValidation?: 'pending' | 'validated';
  from?: string;
  to?: string;
  bookingType?: string;
  q?: string;
  sort: QueueSort;
  page: number;
  limit: number;
  /** The id of the previous page's last row (keyset paging; `page` is then ignored). */
  cursor?: string;
}

/** A draft the organizer validated: the team has to validate it or set its payment config. */
export const waitingOnTeamSql = sql<boolean>`(${bookingRequests.status} = 'draft' and ${bookingRequests.clientValidation} = 'validated')`;

/** The estimate of a request's lines in cents, the same rule as src/shared/pricing.ts. */
export const estimateCentsSql = sql<number>`(select coalesce(sum(case when bi.pricing_type = 'per_person'
  then bi.base_price_cents * greatest(bi.participants, 0) else bi.base_price_cents end), 0)
  from booking_items bi where bi.booking_id = ${bookingRequests.id})`;

/** When the deposit hold still held was authorized (its row last moved then), or null. */
export const holdAuthorizedAtSql = sql<Date | null>`(select max(p.updated_at) from payments p
  where p.booking_id = ${bookingRequests.id} and p.kind = 'deposit' and p.status = 'authorized')`;

/** The end the provider gave the hold still held (the latest one when a renewal overlaps), or null. */
export const holdCaptureBeforeSql = sql<Date | null>`(select max(p.hold_capture_before) from payments p
  where p.booking_id = ${bookingRequests.id} and p.kind = 'deposit' and p.status = 'authorized')`;

/** When a hold on the saved card was refused, unless a hold was authorized after it (docs/decisions.md, "Card holds"). */
export const holdFailedAtSql = sql<Date | null>`(select max(p.updated_at) from payments p
  where p.booking_id = ${bookingRequests.id} and p.kind = 'deposit' and p.status = 'failed'
  and p.provider_intent_id is not null and p.failure_message is not null
  and not exists (select 1 from payments q where q.booking_id = p.booking_id and q.kind = 'deposit'
    and q.status in ('authorized', 'completed') and q.created_at > p.created_at))`;

/** When the organizer's guarantee charge was refused, unless one went through after it (docs/decisions.md, "The organizer's guarantee"). */
export const guaranteeFailedAtSql = sql<Date | null>`(select max(p.updated_at) from payments p
  where p.booking_id = ${bookingRequests.id} and p.kind = 'guarantee' and p.status = 'failed'
  and not exists (select 1 from payments q where q.booking_id = p.booking_id and q.kind = 'guarantee'
    and q.status = 'completed'))`;

/** When a card payment went through for less than it asked (docs/decisions.md, "A payment below what was due"). */
export const shortPaymentAtSql = sql<Date | null>`(select max(p.updated_at) from payments p
  where p.booking_id = ${bookingRequests.id} and p.kind in ('full', 'partial', 'share')
  and p.status = 'completed' and p.captured_cents < p.amount_cents)`;

/** When a refund failed at the provider and is neither retried nor settled (docs/decisions.md, "Refunds followed to their end"). */
export const refundFailedAtSql = sql<Date | null>`(select max(r.updated_at) from provider_refunds r
  where r.booking_id = ${bookingRequests.id} and r.status = 'failed')`;

/**
 * The search: every word typed begins a word of the reference, the main contact or the organizer's
 * account, accents and case aside, through the two GIN indexes (docs/decisions.md, "Volume and indexes").
 */
function searchCondition(q: string): SQL {
  const words = searchWords(q);
  if (words.length === 0) return sql`false`;
  const query = words.map((word) => `${word}:*`).join(' & ');
  return sql`${bookingRequests.id} in (
    select br.id from booking_requests br where br.search @@ to_tsquery('simple', ${query})
    union
    select br.id from booking_requests br join customers c on c.id = br.customer_id
      where c.search @@ to_tsquery('simple', ${query}))`;
}

function conditions(filter: QueueFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [eq(bookingRequests.establishmentId, filter.establishmentId)];
  if (filter.status) where.push(eq(bookingRequests.status, filter.status));
  if (filter.clientValidation) where.push(eq(bookingRequests.clientValidation, filter.clientValidation));
  if (filter.adminValidation) where.push(eq(bookingRequests.adminValidation, filter.adminValidation));
  if (filter.from) where.push(gte(bookingRequests.startDate, filter.from));
  if (filter.to) where.push(lte(bookingRequests.startDate, filter.to));
  if (filter.bookingType) where.push(eq(bookingRequests.bookingType, filter.bookingType));
  if (filter.q) where.push(searchCondition(filter.q));
  return and(...where);
}

/**
 * The sort keys of each order on the rows of `table` (`booking_requests` or the cursor's alias):
 * one direction throughout and the id last, so that the order is total and "after the cursor's
 * row" is one row comparison an index reads as a range (docs/decisions.md, "Volume and indexes").
 */
function sortKeys(sort: QueueSort, table: string): { keys: SQL[]; descending: boolean } {
  const column = (name: string) => sql.raw(`${table}.${name}`);
  const id = column('id');
  switch (sort) {
    case 'startDate':
    case '-startDate':
      return { keys: [column('start_date'), column('created_at'), id], descending: sort === '-startDate' };
    case 'createdAt':
    case '-createdAt':
      return { keys: [column('created_at'), id], descending: sort === '-createdAt' };
    case 'reference':
    case '-reference':
      return { keys: [column('reference'), id], descending: sort === '-reference' };
    case 'priority':
      // The team's to-do first, then live bookings by date, the closed ones last (the
      // expressions of the index booking_requests_queue_rank).
      return {
        keys: [
          sql`(not (${column('status')} = 'draft' and ${column('client_validation')} = 'validated'))`,
          sql`(${column('status')} in ('canceled', 'completed'))`,
          column('start_date'),
          column('created_at'),
          id,
        ],
        descending: false,
      };
  }
}

const QUEUE_TABLE = '"booking_requests"';

function ordering(sort: QueueSort): SQL[] {
  const { keys, descending } = sortKeys(sort, QUEUE_TABLE);
  return keys.map((key) => (descending ? sql`${key} desc` : sql`${key} asc`));
}

/** The rows after the cursor's row in the sort's order (none when the cursor is not a request of the park). */
function afterCursor(filter: QueueFilter & { cursor: string }): SQL {
  const { keys, descending } = sortKeys(filter.sort, QUEUE_TABLE);
  const cursorKeys = sortKeys(filter.sort, 'c').keys;
  return sql`(${sql.join(keys, sql`, `)}) ${sql.raw(descending ? '<' : '>')} (select ${sql.join(cursorKeys, sql`, `)}
    from booking_requests c where c.id = ${filter.cursor} and c.establishment_id = ${filter.establishmentId})`;
}

/**
 * One page of the queue in one query: organizer, payment config, line estimate. The total is
 * `countQueue`'s: a count over every row beside the page would join every row's organizer
 * (docs/decisions.md, "Volume and indexes").
 */
export async function listQueuePage(db: Db, filter: QueueFilter) {
  return queuePageQuery(db, filter);
}

/** The query of `listQueuePage`, unrun (its plan is checked by tests/api/query-plans.test.ts). */
export function queuePageQuery(db: Db, filter: QueueFilter) {
  return db
    .select({
      booking: bookingRequests,
      organizer: {
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: customers.email,
        phone: customers.phone,
      },
      paymentType: paymentConfigs.type,
      dueAt: paymentConfigs.dueAt,
      estimateCents: estimateCentsSql.mapWith(Number),
      waitingOnTeam: waitingOnTeamSql.mapWith(Boolean),
      holdAuthorizedAt: holdAuthorizedAtSql.mapWith((value: string | Date | null) => (value ? new Date(value) : null)),
      holdCaptureBefore: holdCaptureBeforeSql.mapWith((value: string | Date | null) =>
        value ? new Date(value) : null,
      ),
      shortPaymentAt: shortPaymentAtSql.mapWith((value: string | Date | null) => (value ? new Date(value) : null)),
      refundFailedAt: refundFailedAtSql.mapWith((value: string | Date | null) => (value ? new Date(value) : null)),
      holdFailedAt: holdFailedAtSql.mapWith((value: string | Date | null) => (value ? new Date(value) : null)),
      guaranteeFailedAt: guaranteeFailedAtSql.mapWith((value: string | Date | null) =>
        value ? new Date(value) : null,
      ),
    })
    .from(bookingRequests)
    .innerJoin(customers, eq(customers.id, bookingRequests.customerId))
    .leftJoin(paymentConfigs, eq(paymentConfigs.bookingId, bookingRequests.id))
    .where(
      filter.cursor ? and(conditions(filter), afterCursor({ ...filter, cursor: filter.cursor })) : conditions(filter),
    )
    .orderBy(...ordering(filter.sort))
    .limit(filter.limit)
    .offset(filter.cursor ? 0 : (filter.page - 1) * filter.limit);
}

/**
 * Bookings per status over the whole park, and how many wait on the team (unrun: its plan is
 * checked too): the sums of the deltas the triggers of migration `queue-count-deltas` add at each
 * write, a few rows whatever the number of bookings.
 */
export function queueCounts(db: Db, establishmentId: string) {
  return db
    .select({
      status: statusCountDeltas.status,
      n: sql<number>`sum(${statusCountDeltas.n})`.mapWith(Number),
      waiting: sql<number>`sum(${statusCountDeltas.waiting})`.mapWith(Number),
    })
    .from(statusCountDeltas)
    .where(eq(statusCountDeltas.establishmentId, establishmentId))
    .groupBy(statusCountDeltas.status);
}

/**
 * Folds the count deltas into one row per establishment and status (hourly, `housekeeping`): one
 * statement, so a reader sees the sums before or after, and a delta committed meanwhile stays.
 */
export async function foldQueueCounts(db: Db): Promise<void> {
  await db.execute(sql`with gone as (delete from booking_status_count_deltas
      returning establishment_id, status, n, waiting)
    insert into booking_status_count_deltas (establishment_id, status, n, waiting)
    select establishment_id, status, sum(n), sum(waiting) from gone group by establishment_id, status`);
}

/** How many requests the filter finds (the organizer is not needed: the search reads it itself). */
export async function countQueue(db: Db, filter: QueueFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(bookingRequests)
    .where(conditions(filter));
  return row?.n ?? 0;
}
