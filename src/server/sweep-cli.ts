import pino from 'pino';
import { openDatabaseFromConfig } from './db/database-from-config';
import { jobHandlersFromConfig, loadConfigOrExit, serviceDepsFromConfig } from './service-deps-from-config';
import { startJobEngine, systemClock } from './modules/jobs/jobs.service';
import { paymentProviderFromConfig } from './payment-provider-from-config';
import { startRecurringWork } from './recurring-work';

/**
 * npm run sweep: runs the durable jobs due now once (options past due released, finished
 * bookings completed, mails delivered, housekeeping, data retention), e.g. from cron when the
 * servers do not poll (JOB_POLL_MS=0). Safe next to running servers: each job runs once.
 */
const config = loadConfigOrExit();
const database = await openDatabaseFromConfig(config);
const deps = serviceDepsFromConfig(config, database.db, pino({ level: config.LOG_LEVEL }));
try {
  // With the payment provider, as a server: intents of released options are canceled at the provider.
  const provider = paymentProviderFromConfig(config, deps);
  const jobs = await startJobEngine({
    database,
    handlers: jobHandlersFromConfig(config, { ...deps, provider }),
    clock: systemClock,
    log: deps.log,
    pollMs: 0,
  });
  try {
    // The recurring chains exist even when no server ever started (their slot of now, due at once).
    await startRecurringWork(database.db, systemClock.now());
    console.log(`tâches durables : ${await jobs.runDue()} exécutée(s)`);
  } finally {
    await jobs.stop();
  }
} finally {
  await database.close();
}
