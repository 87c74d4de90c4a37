import pino from 'pino';
import { openDatabaseFromConfig } from './db/database-from-config';
import { jobHandlersFromConfig, loadConfigOrExit, serviceDepsFromConfig } from './service-deps-from-config';
import { startJobEngine, systemClock } from './modules/jobs/jobs.service';
import { runSweeps, sweepTasks } from './modules/sweeps/sweeps.service';
import { paymentProviderFromConfig, providerSweepTasks } from './payment-provider-from-config';

/**
 * npm run sweep: runs the periodic jobs once (release unpaid options past due, complete finished
 * bookings, warn the team of card holds about to lapse, release card holds), e.g. from cron when SWEEP_INTERVAL_SECONDS=0. Safe next to running servers.
 */
const config = loadConfigOrExit();
const database = await openDatabaseFromConfig(config);
const deps = serviceDepsFromConfig(config, database.db, pino({ level: config.LOG_LEVEL }));
try {
  // With the payment provider, as a server's timer: intents of released options are canceled at
  // the provider and card holds are released (the same tasks, safe beside running servers).
  const provider = paymentProviderFromConfig(config, deps);
  const handled = await runSweeps({ ...deps, provider }, new Date(), [
    ...sweepTasks(),
    ...providerSweepTasks(provider),
  ]);
  for (const [task, count] of Object.entries(handled)) {
    console.log(count < 0 ? `${task} : échec (voir le journal)` : `${task} : ${count} réservation(s) traitée(s)`);
  }
  if (Object.values(handled).some((count) => count < 0)) process.exitCode = 1;
  // The durable jobs due now (mails to deliver…), once.
  const jobs = await startJobEngine({
    database,
    handlers: jobHandlersFromConfig(config, { ...deps, provider }),
    clock: systemClock,
    log: deps.log,
    pollMs: 0,
  });
  try {
    console.log(`tâches durables : ${await jobs.runDue()} exécutée(s)`);
  } finally {
    await jobs.stop();
  }
} finally {
  await database.close();
}
