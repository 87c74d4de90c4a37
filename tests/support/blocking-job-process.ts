/**
 * A server process's job engine on the PostgreSQL database of DATABASE_URL whose one job kind
 * blocks for ever once started (tests/api/jobs-kill.test.ts kills it with SIGKILL mid-job).
 * It records its start in `test_job_runs` and prints "ready" once its engine polls.
 */
import pino from 'pino';
import { openDatabase } from '../../src/server/db/client';
import { executorWithin } from '../../src/server/db/raw-sql';
import { jobHandler, startJobEngine, systemClock } from '../../src/server/modules/jobs/jobs.service';
import { blockingJob } from './blocking-job';

const database = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL! });
await startJobEngine({
  database,
  handlers: [
    jobHandler(blockingJob, async ({ id }) => {
      await executorWithin(database.db).executeSql(`INSERT INTO test_job_runs (job_id, phase) VALUES ($1, 'started')`, [
        id,
      ]);
      await new Promise(() => undefined);
    }),
  ],
  clock: systemClock,
  log: pino({ level: 'silent' }),
  pollMs: 100,
});
console.log('ready');
