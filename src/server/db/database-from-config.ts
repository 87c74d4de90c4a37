import type { Config } from '../config';
import { openDatabase, type Database } from './client';

export function openDatabaseFromConfig(config: Config): Promise<Database> {
  return config.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: config.DATABASE_URL })
    : openDatabase({ kind: 'pglite', dir: config.PGLITE_DIR });
}
