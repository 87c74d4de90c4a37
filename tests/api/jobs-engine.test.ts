import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import {
  jobHandler,
  jobKind,
  scheduleJob,
  startJobEngine,
  systemClock,
  type JobEngine,
} from '../../src/server/modules/jobs/jobs.service';
import { createTestApp, type TestApp } from '../support/test-app';

const HOUR = 60 * 60 * 1000;
const silent = { error: () => undefined, warn: () => undefined, info: () => undefined };

const probeJob = jobKind<{ fact: string }>({
  name: 'probe',
  retryLimit: 3,
  retryDelaySeconds: 20,
  retryBackoff: true,
  expireInSeconds: 60,
});

/** Every run of the probe job, by fact; `failFirst` facts throw on their first run. */
function probe(failFirst: string[] = []) {
  const runs: string[] = [];
  const handler = jobHandler(probeJob, async ({ data }) => {
    runs.push(data.fact);
    if (failFirst.includes(data.fact) && runs.filter((fact) => fact === data.fact).length === 1) {
      throw new Error('première fois');
    }
  });
  return { runs, handler };
}

const opened: Array<{ close?(): Promise<void>; stop?(): Promise<void> }> = [];
afterEach(async () => {
  for (const thing of opened.splice(0).reverse()) await (thing.stop ?? thing.close)!.call(thing);
});

async function appWithProbe(failFirst: string[] = []): Promise<{ t: TestApp; engine: JobEngine; runs: string[] }> {
  const t = await createTestApp();
  opened.push(t);
  const { runs, handler } = probe(failFirst);
  const engine = await startJobEngine({
    database: t.database,
    handlers: [handler],
    clock: systemClock,
    log: silent,
    pollMs: 0,
  });
  opened.push(engine);
  return { t, engine, runs };
}

describe('durable jobs', () => {
  it('a job scheduled at an exact time runs once when a clock moved forward reaches it', async () => {
    const { t, engine, runs } = await appWithProbe();
    const at = new Date(Date.now() + 48 * HOUR);
    expect(await scheduleJob(t.db, probeJob, { fact: 'option-1' }, { key: 'option:1', at })).not.toBeNull();
    // The same fact scheduled again while it waits adds nothing.
    expect(await scheduleJob(t.db, probeJob, { fact: 'option-1' }, { key: 'option:1', at })).toBeNull();

    expect(await engine.runDue()).toBe(0);
    expect(await engine.runDue(new Date(at.getTime() - 60_000))).toBe(0);
    expect(await engine.runDue(new Date(at.getTime() + 1000))).toBe(1);
    expect(await engine.runDue(new Date(at.getTime() + 100 * HOUR))).toBe(0);
    expect(runs).toEqual(['option-1']);
  });

  it('a job scheduled in a transaction that rolls back does not exist', async () => {
    const { t, engine, runs } = await appWithProbe();
    await expect(
      t.db.transaction(async (tx) => {
        await scheduleJob(tx, probeJob, { fact: 'rolled-back' }, { key: 'rolled-back' });
        throw new Error('annulé');
      }),
    ).rejects.toThrow('annulé');
    expect(await engine.runDue()).toBe(0);
    expect(runs).toEqual([]);
  });

  it('a failed run is retried within a minute, then not again', async () => {
    const { t, engine, runs } = await appWithProbe(['flaky']);
    await scheduleJob(t.db, probeJob, { fact: 'flaky' }, { key: 'flaky' });
    await engine.runDue();
    expect(runs).toEqual(['flaky']);
    await engine.runDue(new Date(Date.now() + 60_000));
    await engine.runDue(new Date(Date.now() + 10 * HOUR));
    expect(runs).toEqual(['flaky', 'flaky']);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'two instances on one PostgreSQL database run each due job once (PostgreSQL only: skipped on PGlite)',
    async () => {
      const t = await createTestApp();
      opened.push(t);
      const second = await openDatabase({ kind: 'postgres', url: t.databaseUrl! });
      opened.push(second);
      const runs: string[] = [];
      const handler = jobHandler(probeJob, async ({ data }) => {
        runs.push(data.fact);
        await new Promise((resolve) => setTimeout(resolve, 5));
      });
      const engines = await Promise.all(
        [t.database, second].map((database) =>
          startJobEngine({ database, handlers: [handler], clock: systemClock, log: silent, pollMs: 0 }),
        ),
      );
      opened.push(...engines);
      const facts = Array.from({ length: 30 }, (_, index) => `fact-${index}`);
      for (const fact of facts) await scheduleJob(t.db, probeJob, { fact }, { key: fact });
      const ran = await Promise.all(engines.map((engine) => engine.runDue()));
      expect(ran[0]! + ran[1]!).toBe(facts.length);
      expect([...runs].sort()).toEqual([...facts].sort());
      expect(await Promise.all(engines.map((engine) => engine.runDue(new Date(Date.now() + HOUR))))).toEqual([0, 0]);
    },
  );
});
