import type { z } from 'zod';
import type { QueueCounts, QueueItem, staffQueueQuery } from '../../../shared/api/staff.schema';
import { ESTABLISHMENT_ID } from '../../../shared/constants';
import type { BookingStatus } from '../../../shared/labels';
import { centsToEuros } from '../../../shared/money';
import { paymentAlertsChangeAt, paymentAlertsOf } from '../../../shared/payment-alerts';
import type { ReadCache } from '../../db/read-cache';
import type { Db } from '../../db/client';
import type { KeptAnswer } from '../../kept-answer';
import { countQueue, foldQueueCounts, listQueuePage, queueCounts, type QueueFilter } from './staff-queue.repository';

/** Hourly (`housekeeping`): the queue's count deltas folded, so that reading the counts stays a few rows. */
export function foldQueueCountDeltas(db: Db): Promise<void> {
  return foldQueueCounts(db);
}

type QueueQuery = z.output<typeof staffQueueQuery>;

/** What the queue reads from the database for one query: the page's rows, the counts, the total. */
export interface QueueReads {
  rows: Awaited<ReturnType<typeof listQueuePage>>;
  countRows: Awaited<ReturnType<typeof queueCounts>>;
  /** The filter's total, when the counts do not give it. */
  total: number | undefined;
  /** The answer made from these reads, the same until `until` (ms): its alerts depend on the time. */
  answer?: { kept: KeptAnswer; until: number };
}

/** Only the status (or nothing) narrows the list: its total is one of the counts, no count of its own. */
function totalIsACount(query: QueueQuery): boolean {
  return (
    query.q === undefined &&
    query.clientValidation === undefined &&
    query.adminValidation === undefined &&
    query.from === undefined &&
    query.to === undefined &&
    query.bookingType === undefined
  );
}

async function readQueue(db: Db, filter: QueueFilter, query: QueueQuery): Promise<QueueReads> {
  const [rows, countRows, total] = await Promise.all([
    listQueuePage(db, filter),
    queueCounts(db, ESTABLISHMENT_ID),
    totalIsACount(query) ? undefined : countQueue(db, filter),
  ]);
  return { rows, countRows, total };
}

/**
 * The team's queue as the answer's JSON (`serialize`). Its reads are kept per query until the data
 * changes (read barrier included: docs/decisions.md, "Reads kept in memory"), and the answer made
 * from them until an alert's time comes (`paymentAlertsChangeAt`): twenty staff refreshing the
 * queue neither read nor serialize it again.
 */
export async function keptQueueAnswer(
  db: Db,
  query: QueueQuery,
  kept: { cache: ReadCache<QueueReads>; since?: number },
  serialize: (data: ReturnType<typeof queueOf>) => string,
  now = new Date(),
): Promise<KeptAnswer> {
  const filter = { ...query, establishmentId: ESTABLISHMENT_ID };
  // `since`: the request's arrival, so that its session's barrier serves this read too.
  const reads = await kept.cache.load(JSON.stringify(query), () => readQueue(db, filter, query), undefined, kept.since);
  if (reads.answer && now.getTime() < reads.answer.until) return reads.answer.kept;
  const answer = { json: serialize(queueOf(reads, query, now)) };
  reads.answer = {
    kept: answer,
    until: Math.min(...reads.rows.map((row) => paymentAlertsChangeAt(alertState(row), now))),
  };
  return answer;
}

function alertState(row: QueueReads['rows'][number]) {
  return {
    status: row.booking.status,
    dueAt: row.dueAt ?? null,
    holdAuthorizedAt: row.holdAuthorizedAt,
    holdCaptureBefore: row.holdCaptureBefore,
    holdFailedAt: row.holdFailedAt,
    shortPaymentAt: row.shortPaymentAt,
    refundFailedAt: row.refundFailedAt,
    guaranteeFailedAt: row.guaranteeFailedAt,
  };
}

function queueOf(reads: QueueReads, query: QueueQuery, now: Date) {
  const { rows, countRows } = reads;
  const counts: QueueCounts = {
    all: 0,
    draft: 0,
    prebooked: 0,
    confirmed: 0,
    canceled: 0,
    completed: 0,
    waitingOnTeam: 0,
  };
  for (const row of countRows) {
    counts[row.status] = row.n;
    counts.all += row.n;
    counts.waitingOnTeam += row.waiting;
  }
  const total = reads.total ?? (query.status ? counts[query.status] : counts.all);
  const bookingRequests: QueueItem[] = rows.map((row) => {
    const { booking, organizer, paymentType, dueAt, estimateCents, waitingOnTeam } = row;
    return {
      _id: booking.id,
      bookingRequestId: booking.reference,
      bookingType: booking.bookingType,
      type: booking.type,
      participants: booking.participants,
      startDate: booking.startDate,
      endDate: booking.endDate,
      status: booking.status as BookingStatus,
      clientValidation: booking.clientValidation,
      adminValidation: booking.adminValidation,
      paymentStatus: booking.paymentStatus,
      waitingOnTeam,
      paymentAlerts: paymentAlertsOf(alertState(row), now),
      organizer,
      mainContact: booking.mainContact,
      estimatedTotal: centsToEuros(estimateCents),
      paymentType: paymentType ?? null,
      dueDate: dueAt?.toISOString() ?? null,
      createdAt: booking.createdAt.toISOString(),
      lastModified: booking.updatedAt.toISOString(),
    };
  });
  return {
    bookingRequests,
    pagination: { page: query.page, limit: query.limit, total, pages: Math.max(1, Math.ceil(total / query.limit)) },
    counts,
    nextCursor: rows.length === query.limit ? rows[rows.length - 1]!.booking.id : null,
  };
}
