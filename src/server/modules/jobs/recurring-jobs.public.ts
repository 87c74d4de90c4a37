import type { Db } from '../../db/client';
import { jobHandler, jobKind, scheduleJob, type JobHandler, type JobKind } from './jobs.service';

/**
 * Work done every `everyMs` (housekeeping, retention) as a chain of durable jobs, one per time
 * slot (docs/decisions.md, "Durable jobs"): the key is the slot (`<kind>:<slot start>`), so however
 * many instances schedule it, one job per slot runs; each run first schedules the next slot after
 * its clock, so a clock moved years forward runs the work once, not once per missed slot.
 */
export interface RecurringJob {
  kind: JobKind<{ slot: string }>;
  everyMs: number;
}

export function recurringJob(name: string, everyMs: number): RecurringJob {
  return {
    kind: jobKind<{ slot: string }>({
      name,
      retryLimit: 5,
      retryDelaySeconds: 60,
      retryBackoff: true,
      expireInSeconds: 15 * 60,
    }),
    everyMs,
  };
}

/** The slot `now` falls in starts at `slotStart`; the next one at `slotStart + everyMs`. */
function slotStart(now: Date, everyMs: number): Date {
  return new Date(Math.floor(now.getTime() / everyMs) * everyMs);
}

function scheduleSlot(db: Db, { kind }: RecurringJob, slot: Date) {
  const iso = slot.toISOString();
  return scheduleJob(db, kind, { slot: iso }, { key: `${kind.name}:${iso}`, at: slot });
}

/**
 * At start-up: the slot `now` is in, due at once (a replay of a slot already run changes nothing,
 * the work is idempotent). Its run schedules the next one.
 */
export function startRecurringJob(db: Db, job: RecurringJob, now: Date) {
  return scheduleSlot(db, job, slotStart(now, job.everyMs));
}

/** The handler: the next slot scheduled first (a failing run never breaks the chain), then the work. */
export function recurringHandler(db: Db, job: RecurringJob, work: (now: Date) => Promise<void>): JobHandler {
  return jobHandler(job.kind, async ({ now }) => {
    await scheduleSlot(db, job, new Date(slotStart(now, job.everyMs).getTime() + job.everyMs));
    await work(now);
  });
}
