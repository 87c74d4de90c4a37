import pino from 'pino';
import { openDatabaseFromConfig } from './db/database-from-config';
import { loadConfigOrExit, serviceDepsFromConfig } from './service-deps-from-config';
import { runSweeps } from './modules/sweeps/sweeps.service';

/**
 * npm run sweep: runs the periodic jobs once (release unpaid options past due, complete finished
 * bookings, warn the team of card holds about to lapse), e.g. from cron when SWEEP_INTERVAL_SECONDS=0. Safe next to running servers.
 */
const config = loadConfigOrExit();
const database = await openDatabaseFromConfig(config);
const deps = serviceDepsFromConfig(config, database.db, pino({ level: config.LOG_LEVEL }));
try {
  const handled = await runSweeps(deps);
  for (const [task, count] of Object.entries(handled)) {
    console.log(count < 0 ? `${task} : échec (voir le journal)` : `${task} : ${count} réservation(s) traitée(s)`);
  }
  if (Object.values(handled).some((count) => count < 0)) process.exitCode = 1;
} finally {
  await database.close();
}
