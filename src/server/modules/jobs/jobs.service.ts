import PgBoss from 'pg-boss';
import type { Db } from '../../db/client';
import { executorWithin } from '../../db/raw-sql';
import { keysWithoutLiveJob, listJobsOfBooking } from './jobs.repository';

/**
 * Durable jobs (docs/decisions.md, "Durable jobs"): pg-boss tables in the app's own database. A job
 * is scheduled in the transaction of the change that causes it, at its exact time, keyed by the
 * business fact it serves; its handler is idempotent, so retries, crashes and several instances
 * give its effect once. This file is the module's public face; the runner is job-engine.ts.
 */

/** The time as the jobs see it: the system clock, or a test's clock moved forward. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

/** A kind of job: its queue and how it is retried. */
export interface JobKind<Data extends object> {
  name: string;
  /** Tries after the first; the delay doubles from `retryDelaySeconds` (with jitter) when `retryBackoff`. */
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A run longer than this (its process died) is failed and retried by the engine's supervisor. */
  expireInSeconds: number;
  /** Type carrier only. */
  readonly data?: Data;
}

export function jobKind<Data extends object>(kind: Omit<JobKind<Data>, 'data'>): JobKind<Data> {
  return kind;
}

export interface JobRun<Data> {
  id: string;
  data: Data;
  /** The engine's clock when the run started. */
  now: Date;
}

/** What a server instance does with one kind of job. Throwing fails the run: it is retried. */
export interface JobHandler<Data extends object = object> {
  kind: JobKind<Data>;
  run(job: JobRun<Data>): Promise<void>;
}

export function jobHandler<Data extends object>(
  kind: JobKind<Data>,
  run: (job: JobRun<Data>) => Promise<void>,
): JobHandler {
  return { kind, run } as unknown as JobHandler;
}

// Only its `send` is used, always with the caller's transaction as connection.
let sender: PgBoss | undefined;

/**
 * Schedules one job with `db` (a transaction: the job exists exactly when it commits). `key` names
 * the business fact (e.g. `mail:<id>`): while a job of that key waits, another is not added.
 * `at` is the exact time it becomes due (now when absent). Returns the job's id, null if one waits.
 */
export async function scheduleJob<Data extends object>(
  db: Db,
  kind: JobKind<Data>,
  data: Data,
  options: { key: string; at?: Date },
): Promise<string | null> {
  sender ??= new PgBoss({ db: { executeSql: () => Promise.reject(new Error('no default connection')) } });
  return sender.send(kind.name, data, {
    singletonKey: options.key,
    ...(options.at ? { startAfter: options.at } : {}),
    retryLimit: kind.retryLimit,
    retryDelay: kind.retryDelaySeconds,
    retryBackoff: kind.retryBackoff,
    expireInSeconds: kind.expireInSeconds,
    db: executorWithin(db),
  });
}

/**
 * Of `keys` (built as `scheduleJob` gets them), those no job of `kind` is waiting or running for:
 * what a catch-up has to schedule, read in one statement instead of one `send` per key.
 */
export function keysWithoutJob(db: Db, kind: JobKind<object>, keys: string[]): Promise<Set<string>> {
  return keysWithoutLiveJob(executorWithin(db), kind.name, keys);
}

export { startJobEngine, type JobEngine, type JobEngineOptions } from './job-engine';

/** The jobs planned for (or done about) one booking, for the back-office (docs/decisions.md, "Durable jobs"). */
export async function listBookingJobs(db: Db, bookingId: string) {
  const rows = await listJobsOfBooking(executorWithin(db), bookingId);
  const iso = (value: Date | string) => new Date(value).toISOString();
  return rows.map((row) => ({
    id: row.id,
    kind: row.name,
    dueAt: iso(row.start_after),
    state: row.state,
    attempts: row.retry_count,
    retryLimit: row.retry_limit,
    lastError: row.error,
    completedAt: row.completed_on ? iso(row.completed_on) : null,
  }));
}
