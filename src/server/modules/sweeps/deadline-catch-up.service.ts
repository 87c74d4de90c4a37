import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import {
  bookingCompletionJob,
  bookingCompletionKey,
  scheduleBookingCompletion,
} from '../bookings/booking-completion.public';
import { listOpenDeadlines } from '../bookings/booking-rows.service';
import { keysWithoutJob } from '../jobs/jobs.service';
import { optionExpiryJob, optionExpiryKey, scheduleOptionExpiry } from './option-expiry.service';

/**
 * Rows whose deadline has no job (made before the jobs existed, or whose job ran out of tries)
 * get one (docs/decisions.md, "Durable jobs"): every confirmed booking its completion, every
 * unpaid option its release. A job of the same key still waiting is not doubled (the queue's
 * `stately` policy), and the handlers' conditional UPDATEs make a replay change nothing.
 * The rows whose job is there are left out by one statement first: on a full database the hourly
 * run costs two reads, not a `send` (and a change-feed bump) per confirmed booking.
 * Returns how many jobs were added.
 */
export async function scheduleMissingDeadlines(db: Db): Promise<number> {
  const open = await listOpenDeadlines(db);
  const [completionsMissing, expiriesMissing] = await Promise.all([
    keysWithoutJob(
      db,
      bookingCompletionJob,
      open.confirmed.map((row) => bookingCompletionKey(row.id, row.endDate)),
    ),
    keysWithoutJob(
      db,
      optionExpiryJob,
      open.options.map((row) => optionExpiryKey(row.id, row.dueAt)),
    ),
  ]);
  const confirmed = open.confirmed.filter((row) => completionsMissing.has(bookingCompletionKey(row.id, row.endDate)));
  const options = open.options.filter((row) => expiriesMissing.has(optionExpiryKey(row.id, row.dueAt)));
  if (confirmed.length + options.length === 0) return 0;
  return inTransaction(db, async (tx) => {
    let added = 0;
    for (const row of confirmed) if (await scheduleBookingCompletion(tx, row.id, row.endDate)) added += 1;
    for (const row of options) if (await scheduleOptionExpiry(tx, row.id, row.dueAt)) added += 1;
    return added;
  });
}
