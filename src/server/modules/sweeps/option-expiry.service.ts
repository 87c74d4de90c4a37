import type { Db } from '../../db/client';
import { jobHandler, jobKind, scheduleJob, type JobHandler } from '../jobs/jobs.service';
import type { MaybeProviderDeps } from '../payments/open-intents.public';
import { releaseOptionsTask } from './sweeps.service';

/**
 * An unpaid option released at its exact due time by a durable job (docs/decisions.md, "Durable
 * jobs"), scheduled with the payment configuration that sets the due date. Options without a job
 * (configured before the jobs existed) get one from the hourly catch-up (deadline-catch-up.service.ts).
 */
export const optionExpiryJob = jobKind<{ bookingId: string; dueAt: string }>({
  name: 'option-expiry',
  retryLimit: 10,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
});

/** The job's key: the option and its due date. */
export function optionExpiryKey(bookingId: string, dueAt: Date): string {
  return `option-expiry:${bookingId}:${dueAt.toISOString()}`;
}

/** In the transaction that sets `dueAt`: a new due date is a new fact, the old job then finds nothing due. */
export function scheduleOptionExpiry(tx: Db, bookingId: string, dueAt: Date) {
  return scheduleJob(
    tx,
    optionExpiryJob,
    { bookingId, dueAt: dueAt.toISOString() },
    { key: optionExpiryKey(bookingId, dueAt), at: dueAt },
  );
}

/**
 * Releases the options past due, this one included: the release is one conditional UPDATE
 * (sweeps.repository.ts), so a replayed or concurrent run releases each option once.
 */
export function optionExpiryHandler(deps: MaybeProviderDeps): JobHandler {
  return jobHandler(optionExpiryJob, async ({ data, now }) => {
    // Never before the due date, whatever a few milliseconds between the clocks.
    const at = new Date(Math.max(now.getTime(), Date.parse(data.dueAt) + 1));
    await releaseOptionsTask.run(deps, at);
  });
}
