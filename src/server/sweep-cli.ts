import pino from 'pino';
import { ConfigError, loadConfig, publicUrl } from './config';
import { openDatabaseFromConfig } from './db/database-from-config';
import type { ServiceDeps } from './deps';
import { getEstablishmentInfo } from './modules/establishment/establishment.service';
import { outboxMailer, smtpMailer } from './modules/mail/mailer';
import { runSweeps } from './modules/sweeps/sweeps.service';

/**
 * npm run sweep: runs the periodic jobs once (release unpaid options past due, complete finished
 * bookings, warn the team of card holds about to lapse), e.g. from cron when SWEEP_INTERVAL_SECONDS=0. Safe next to running servers.
 */
let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const database = await openDatabaseFromConfig(config);
const log = pino({ level: config.LOG_LEVEL });
const deps: ServiceDeps = {
  db: database.db,
  mailer: config.SMTP_URL
    ? smtpMailer(config.SMTP_URL, config.MAIL_FROM ?? '"Parc Aventure des Landes" <contact@parc-aventure-landes.fr>')
    : outboxMailer(database.db),
  mailContext: async () => {
    const info = await getEstablishmentInfo(database.db);
    return { parkName: info.name, parkEmail: info.email, parkPhone: info.phone, publicUrl: publicUrl(config) };
  },
  log,
};
try {
  const handled = await runSweeps(deps);
  for (const [task, count] of Object.entries(handled)) {
    console.log(count < 0 ? `${task} : échec (voir le journal)` : `${task} : ${count} réservation(s) traitée(s)`);
  }
  if (Object.values(handled).some((count) => count < 0)) process.exitCode = 1;
} finally {
  await database.close();
}
