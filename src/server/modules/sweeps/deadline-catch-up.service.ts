import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { scheduleBookingCompletion } from '../bookings/booking-completion.public';
import { listOpenDeadlines } from '../bookings/booking-rows.service';
import { scheduleOptionExpiry } from './option-expiry.service';

/**
 * Rows whose deadline has no job (made before the jobs existed, or whose job ran out of tries)
 * get one (docs/decisions.md, "Durable jobs"): every confirmed booking its completion, every
 * unpaid option its release. A job of the same key still waiting is not doubled (the queue's
 * `stately` policy), and the handlers' conditional UPDATEs make a replay change nothing.
 * Returns how many jobs were added.
 */
export async function scheduleMissingDeadlines(db: Db): Promise<number> {
  const { confirmed, options } = await listOpenDeadlines(db);
  return inTransaction(db, async (tx) => {
    let added = 0;
    for (const row of confirmed) if (await scheduleBookingCompletion(tx, row.id, row.endDate)) added += 1;
    for (const row of options) if (await scheduleOptionExpiry(tx, row.id, row.dueAt)) added += 1;
    return added;
  });
}
