import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../../db/client';
import { engineExecutor, postgresPool } from '../../db/raw-sql';
import { underStartupLock } from '../../db/startup-lock';
import type { Clock, JobHandler } from './jobs.service';
import { pullDueJobsForward } from './jobs.repository';

export interface JobEngineOptions {
  database: Database;
  handlers: JobHandler[];
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
  /**
   * How often this instance looks for due jobs; 0 runs them only when asked (`runDue`: tests,
   * `npm run sweep`). Polling also starts the engine's supervisor (runs whose process died are
   * retried, old jobs archived).
   */
  pollMs: number;
  /** How often the supervisor expires runs whose process died (pg-boss's default: 2 minutes). */
  maintenanceSeconds?: number;
}

export interface JobEngine {
  /** Runs every job due by the clock (now by default) until none is left; returns how many ran. */
  runDue(now?: Date): Promise<number>;
  /** Looks for due jobs soon (after a commit that scheduled one), when polling. */
  nudge(): void;
  /** Stops polling and waits for the run in progress. */
  stop(): Promise<void>;
}

const BATCH = 10;
/** A run that keeps finding jobs stops after this many and leaves the rest to the next. */
const MAX_PER_RUN = 500;

/**
 * Starts pg-boss on the app's database (its own schema `pgboss`, created or migrated here) with
 * one queue per handler, and, when `pollMs` > 0, runs due jobs every `pollMs`.
 */
export async function startJobEngine(options: JobEngineOptions): Promise<JobEngine> {
  const { handlers, clock, log, pollMs } = options;
  const boss = new PgBoss({
    db: engineExecutor(options.database),
    supervise: pollMs > 0,
    schedule: false,
    ...(options.maintenanceSeconds ? { maintenanceIntervalSeconds: options.maintenanceSeconds } : {}),
  });
  boss.on('error', (error) => log.error({ err: error }, 'moteur de tâches : erreur'));
  // Instances starting together create the engine's schema in turn (docs/decisions.md, "Data").
  const pool = postgresPool(options.database);
  await (pool ? underStartupLock(pool, () => boss.start()) : boss.start());
  for (const { kind } of handlers) await ensureQueue(boss, kind);
  const names = handlers.map(({ kind }) => kind.name);
  const sql = engineExecutor(options.database);

  async function runOne(handler: JobHandler, job: PgBoss.Job<object>, now: Date) {
    try {
      await handler.run({ id: job.id, data: job.data, now });
      await boss.complete(handler.kind.name, job.id);
    } catch (error) {
      log.warn({ err: error, job: handler.kind.name, jobId: job.id }, 'tâche en échec, nouvel essai prévu');
      await boss.fail(handler.kind.name, job.id, {
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }

  async function runDue(now = clock.now()): Promise<number> {
    // The clock decides what is due: jobs due by it and not by the database's time (a test's clock
    // moved forward) are made due now.
    await pullDueJobsForward(sql, names, now);
    let ran = 0;
    for (const handler of handlers) {
      while (ran < MAX_PER_RUN) {
        const jobs = await boss.fetch<object>(handler.kind.name, { batchSize: BATCH });
        if (!jobs || jobs.length === 0) break;
        for (const job of jobs) await runOne(handler, job, now);
        ran += jobs.length;
      }
    }
    return ran;
  }

  // Runs never overlap within an instance: each waits for the one before.
  let last: Promise<unknown> = Promise.resolve();
  let busy = 0;
  const exclusive = (now?: Date): Promise<number> => {
    busy += 1;
    const run = last.then(() => runDue(now));
    last = run.catch(() => undefined).finally(() => (busy -= 1));
    return run;
  };
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = (delay: number) => {
    if (stopped || pollMs <= 0) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      exclusive()
        .catch((error: unknown) => log.error({ err: error }, 'tâches : passage en échec'))
        .finally(() => schedule(pollMs));
    }, delay);
    timer.unref();
  };
  schedule(pollMs);

  return {
    runDue: exclusive,
    nudge: () => {
      if (busy === 0) schedule(50);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await last;
      await boss.stop({ graceful: false, wait: true, close: false });
    },
  };
}

/**
 * Creates the kind's queue unless it exists. Instances starting together may both try: the one
 * that loses (deadlock, duplicate) finds it made by the other on the next look.
 */
async function ensureQueue(boss: PgBoss, kind: JobHandler['kind']): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    if (await boss.getQueue(kind.name)) return;
    try {
      await boss.createQueue(kind.name, {
        name: kind.name,
        // At most one job per key waiting, and one per key running: two instances never run the same fact at once.
        policy: 'stately',
        retryLimit: kind.retryLimit,
        retryDelay: kind.retryDelaySeconds,
        retryBackoff: kind.retryBackoff,
        expireInSeconds: kind.expireInSeconds,
      });
      return;
    } catch (error) {
      if (attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}
