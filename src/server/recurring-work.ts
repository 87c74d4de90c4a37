import type { Db } from './db/client';
import { purgeExpiredRateLimits } from './db/rate-limit-counters';
import { inTransaction } from './db/transaction';
import { type JobHandler } from './modules/jobs/jobs.service';
import { recurringHandler, recurringJob, startRecurringJob } from './modules/jobs/recurring-jobs.public';
import { purgeSentMails } from './modules/mail/mailer.public';
import type { MaybeProviderDeps } from './modules/payments/open-intents.public';
import { warnExpiringHoldsTask } from './modules/payments/hold-warnings.public';
import { sendDueDigests } from './modules/messages/messages.service';
import { applyDataRetention } from './modules/sweeps/data-retention.service';
import { scheduleMissingDeadlines } from './modules/sweeps/deadline-catch-up.service';
import { runSweeps } from './modules/sweeps/sweeps.service';
import { foldQueueCountDeltas } from './modules/staff/staff-queue.service';
import { providerSweepTasks } from './payment-provider-from-config';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * The recurring work of every instance, as self-rescheduling durable jobs, once per slot across
 * instances (docs/decisions.md, "Durable jobs"; docs/architecture.md, "Where time-driven work lives").
 */
export const housekeepingJob = recurringJob('housekeeping', HOUR_MS);
/** SPEC.md §9: booking data anonymised 3 years after its last activity (data-retention.service.ts). */
export const dataRetentionJob = recurringJob('data-retention', 24 * HOUR_MS);
/** The team messages' digest mails due (messages.service.ts `sendDueDigests`, its claim keeps each once). */
export const messageDigestJob = recurringJob('message-digests', MINUTE_MS);
/** The card-hold and late-refund scans not yet moved to their own jobs, run as a backstop. */
export const paymentSweepJob = recurringJob('payment-sweep', 5 * MINUTE_MS);

export function recurringHandlers(deps: MaybeProviderDeps): JobHandler[] {
  return [
    recurringHandler(deps.db, housekeepingJob, async (now) => {
      await purgeExpiredRateLimits(deps.db);
      await purgeSentMails(deps.db, undefined, now);
      await foldQueueCountDeltas(deps.db);
      const added = await scheduleMissingDeadlines(deps.db);
      if (added > 0) deps.log.info({ added }, 'échéances sans tâche : tâches ajoutées');
    }),
    recurringHandler(deps.db, dataRetentionJob, async (now) => {
      const done = await applyDataRetention(deps.db, now);
      if (done.anonymised + done.deleted > 0) deps.log.info(done, 'conservation des données : réservations traitées');
    }),
    recurringHandler(deps.db, messageDigestJob, async (now) => {
      await sendDueDigests(deps, now);
    }),
    recurringHandler(deps.db, paymentSweepJob, async (now) => {
      const tasks = [warnExpiringHoldsTask, ...(deps.provider ? providerSweepTasks(deps.provider) : [])];
      const handled = await runSweeps(deps, now, tasks);
      if (Object.values(handled).some((count) => count < 0)) throw new Error('tâche automatique en échec');
    }),
  ];
}

/** At start-up, each chain's current slot: due at once, so an upgrade or a restart loses no deadline. */
export async function startRecurringWork(db: Db, now: Date): Promise<void> {
  await inTransaction(db, async (tx) => {
    for (const job of [housekeepingJob, dataRetentionJob, messageDigestJob, paymentSweepJob])
      await startRecurringJob(tx, job, now);
  });
}
