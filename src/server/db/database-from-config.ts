import type { Config } from '../config';
import { openDatabase, type Database } from './client';
import { DatabaseBusyError } from './pglite-lock';

/**
 * The database of the configuration, for the entry points (server, CLIs): an embedded folder
 * already open in another process ends this one with the French reason, not a stack trace.
 */
export async function openDatabaseFromConfig(config: Config): Promise<Database> {
  try {
    return config.DATABASE_URL
      ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL })
      : await openDatabase({ kind: 'pglite', dir: config.PGLITE_DIR });
  } catch (error) {
    if (error instanceof DatabaseBusyError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
