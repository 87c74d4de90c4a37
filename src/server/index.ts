import { buildApp, loggerOptions } from './app';
import { publicUrl } from './config';
import { loadConfigOrExit } from './service-deps-from-config';
import { openDatabaseFromConfig } from './db/database-from-config';
import { seedDatabase } from './db/seed';
import { issueSetupTokenIfNoStaff } from './modules/staff/staff-auth.service';
import { setupInstructions } from './modules/staff/staff-setup-message.public';

async function main() {
  const config = loadConfigOrExit();
  const database = await openDatabaseFromConfig(config);
  await seedDatabase(database.db);
  const app = await buildApp({ config, database, logger: loggerOptions(config.LOG_LEVEL) });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'arrêt en cours');
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'arrêt incorrect');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const shownHost = config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST;
  const scheme = config.TLS_CERT_FILE ? 'https' : 'http';
  app.log.info(`Parc Aventure : ${scheme}://${shownHost}:${config.PORT} (base ${database.kind})`);

  // No staff account yet: a single-use link (24 h) to create the first admin, printed once.
  const setupToken = await issueSetupTokenIfNoStaff(database.db);
  if (setupToken) console.log(setupInstructions(publicUrl(config), setupToken));
}

main().catch((error: unknown) => {
  console.error('Le serveur n’a pas pu démarrer :', error instanceof Error ? error.message : error);
  process.exit(1);
});
