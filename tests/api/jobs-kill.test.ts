import { spawn, type ChildProcess } from 'node:child_process';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executorWithin } from '../../src/server/db/raw-sql';
import { inTransaction } from '../../src/server/db/transaction';
import {
  jobHandler,
  scheduleJob,
  startJobEngine,
  systemClock,
  type JobEngine,
} from '../../src/server/modules/jobs/jobs.service';
import { blockingJob } from '../support/blocking-job';
import { createTestApp, type TestApp } from '../support/test-app';

const POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

/** Waits for `check` to hold, looking every 100 ms, failing after `ms`. */
async function until(check: () => Promise<boolean>, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`délai dépassé : ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!POSTGRES)('a server killed with SIGKILL mid-job (PostgreSQL only: skipped on PGlite)', () => {
  let t: TestApp;
  let child: ChildProcess | undefined;
  let survivor: JobEngine | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    await executorWithin(t.db).executeSql(
      `CREATE TABLE test_job_runs (job_id uuid NOT NULL, phase text NOT NULL, at timestamptz NOT NULL DEFAULT now())`,
    );
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await survivor?.stop();
    await t?.close();
  });

  it('another instance finishes the job once after its run expires', { timeout: 90_000 }, async () => {
    const sql = executorWithin(t.db);
    const runs = async (phase: string) =>
      (await sql.executeSql(`SELECT job_id FROM test_job_runs WHERE phase = $1`, [phase])).rows.length;

    child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/blocking-job-process.ts'], {
      env: { ...process.env, DATABASE_URL: t.databaseUrl! },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await until(async () => output.includes('ready'), 30_000, 'le processus enfant démarre');

    const id = await inTransaction(t.db, (tx) => scheduleJob(tx, blockingJob, { fact: 'kill-9' }, { key: 'kill-9' }));
    expect(id).not.toBeNull();
    await until(async () => (await runs('started')) === 1, 20_000, 'la tâche commence dans l’enfant');

    child.kill('SIGKILL');
    await until(async () => child!.signalCode === 'SIGKILL', 10_000, 'l’enfant est tué');

    // A second instance: its supervisor expires the dead run (2 s), then it runs the job to its end.
    survivor = await startJobEngine({
      database: t.database,
      handlers: [
        jobHandler(blockingJob, async ({ id: jobId }) => {
          await sql.executeSql(`INSERT INTO test_job_runs (job_id, phase) VALUES ($1, 'finished')`, [jobId]);
        }),
      ],
      clock: systemClock,
      log: pino({ level: 'silent' }),
      pollMs: 200,
      maintenanceSeconds: 1,
    });
    await until(async () => (await runs('finished')) === 1, 40_000, 'la tâche est terminée par l’autre instance');
    const state = async () =>
      ((await sql.executeSql(`SELECT state FROM pgboss.job WHERE id = $1`, [id])).rows[0] as { state: string }).state;
    await until(async () => (await state()) === 'completed', 10_000, 'la tâche est marquée faite');

    // Once: nothing runs it again.
    await survivor.runDue();
    expect(await runs('finished')).toBe(1);
    expect(await runs('started')).toBe(1);
  });
});
