import { addIsoDays, parisMidnight, todayInParis } from '../../../shared/booking-days';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit.service';
import { jobHandler, jobKind, scheduleJob, type JobHandler } from '../jobs/jobs.service';
import { completeFinishedBooking } from './booking-sweeps.repository';

/**
 * A confirmed booking becomes completed the day after its last day, Paris time, by a durable job
 * at that exact instant (docs/decisions.md, "Durable jobs"), scheduled in the transaction that
 * confirms the booking (or moves its dates). The key names the fact: the booking and its last day.
 */
export const bookingCompletionJob = jobKind<{ bookingId: string; endDate: string }>({
  name: 'booking-completion',
  retryLimit: 10,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
});

/** When a booking ending on `endDate` is completed: 00:00 in Paris the next day. */
export function completionTime(endDate: string): Date {
  return parisMidnight(addIsoDays(endDate, 1));
}

/** The job's key: the booking and its last day (a new last day is a new fact). */
export function bookingCompletionKey(bookingId: string, endDate: string): string {
  return `booking-completion:${bookingId}:${endDate}`;
}

export function scheduleBookingCompletion(db: Db, bookingId: string, endDate: string) {
  return scheduleJob(
    db,
    bookingCompletionJob,
    { bookingId, endDate },
    { key: bookingCompletionKey(bookingId, endDate), at: completionTime(endDate) },
  );
}

/**
 * Completes the booking if it is still confirmed and its last day is past (one conditional
 * UPDATE): a replayed run, a second instance, or a job whose dates moved later find nothing.
 */
export function bookingCompletionHandler(db: Db): JobHandler {
  return jobHandler(bookingCompletionJob, async ({ data, now }) => {
    await inTransaction(db, async (tx) => {
      const [row] = await completeFinishedBooking(tx, data.bookingId, todayInParis(now));
      if (!row) return;
      await recordAudit(tx, {
        ...SYSTEM_ACTOR,
        bookingId: row.id,
        action: 'auto_complete',
        before: { status: 'confirmed' },
        after: { status: 'completed', endDate: row.endDate },
      });
    });
  });
}
