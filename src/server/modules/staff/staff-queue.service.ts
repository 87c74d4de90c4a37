import type { z } from 'zod';
import type { QueueCounts, QueueItem, staffQueueQuery } from '../../../shared/api/staff.schema';
import { ESTABLISHMENT_ID } from '../../../shared/constants';
import type { BookingStatus } from '../../../shared/labels';
import { centsToEuros } from '../../../shared/money';
import { paymentAlertsOf } from '../../../shared/payment-alerts';
import type { ReadCache } from '../../db/read-cache';
import type { Db } from '../../db/client';
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
 * The team's queue. Its reads are kept per query until the data changes (`kept`, read barrier
 * included: docs/decisions.md, "Reads kept in memory"); the alerts, which depend on the time, are
 * worked out at each call.
 */
export async function listQueue(
  db: Db,
  query: QueueQuery,
  kept?: { cache: ReadCache<QueueReads>; since?: number },
  now = new Date(),
) {
  const filter = { ...query, establishmentId: ESTABLISHMENT_ID };
  const key = JSON.stringify(query);
  // `since`: the request's arrival, so that its session's barrier serves this read too.
  const load = () => readQueue(db, filter, query);
  const reads = kept ? await kept.cache.load(key, load, undefined, kept.since) : await load();
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
  const bookingRequests: QueueItem[] = rows.map(
    ({
      booking,
      organizer,
      paymentType,
      dueAt,
      estimateCents,
      waitingOnTeam,
      holdAuthorizedAt,
      holdCaptureBefore,
      holdFailedAt,
      shortPaymentAt,
      refundFailedAt,
      guaranteeFailedAt,
    }) => ({
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
      paymentAlerts: paymentAlertsOf(
        {
          status: booking.status,
          dueAt: dueAt ?? null,
          holdAuthorizedAt,
          holdCaptureBefore,
          holdFailedAt,
          shortPaymentAt,
          refundFailedAt,
          guaranteeFailedAt,
        },
        now,
      ),
      organizer,
      mainContact: booking.mainContact,
      estimatedTotal: centsToEuros(estimateCents),
      paymentType: paymentType ?? null,
      dueDate: dueAt?.toISOString() ?? null,
      createdAt: booking.createdAt.toISOString(),
      lastModified: booking.updatedAt.toISOString(),
    }),
  );
  return {
    bookingRequests,
    pagination: { page: query.page, limit: query.limit, total, pages: Math.max(1, Math.ceil(total / query.limit)) },
    counts,
    nextCursor: rows.length === query.limit ? rows[rows.length - 1]!.booking.id : null,
  };
}
