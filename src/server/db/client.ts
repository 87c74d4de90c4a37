import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type ChangeFeed, pgliteChanges, reportWrites } from './change-feed';
import { postgresChanges } from './postgres-changes';
import { underStartupLock } from './startup-lock';
import { lockPgliteFolder } from './pglite-lock';
import * as schema from './schema';

export type Schema = typeof schema;

/** The connections an instance opens to a PostgreSQL server, at most; kept once opened. */
export const POOL_SIZE = 10;
/** The common drizzle surface of PGlite and node-postgres: repositories only see this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** What tells the reads kept in memory that the data changed (db/change-feed.ts). */
  changes: ChangeFeed;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

export type DatabaseOptions =
  | { kind: 'postgres'; url: string }
  /** `dir` undefined keeps the database in memory (tests). */
  | { kind: 'pglite'; dir?: string };

/** Opens the database and applies the committed migrations before anything else uses it. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    // The pool keeps the connections it opened (`min` = `max`): PostgreSQL warms each one's caches
    // (plans, triggers' functions, catalog) at its first statements, which then cost 3 to 4 times
    // as much; closed after 10 s idle (pg's default), a quiet park's every request met cold
    // connections (docs/decisions.md, "Volume and indexes", an instance's connections).
    const pool = new pg.Pool({ connectionString: options.url, max: POOL_SIZE, min: POOL_SIZE });
    // A connection the server drops (restart, failover, database dropped at shutdown) must not
    // crash the process: the pool replaces it on the next query.
    let closing = false;
    const onConnectionError = (error: Error) => {
      if (!closing) console.error(`PostgreSQL : connexion perdue (${error.message})`);
    };
    pool.on('error', onConnectionError);
    const changes = postgresChanges(options.url);
    pool.on('connect', (client) => {
      client.on('error', onConnectionError);
      reportWrites(client, changes);
    });
    const db = drizzlePg(pool, { schema });
    await underStartupLock(pool, () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }));
    return databaseOf(db, 'postgres', changes, () => {
      closing = true;
      return pool.end();
    });
  }
  let client: PGlite;
  let unlock = () => undefined as void;
  if (options.dir) {
    const dir = resolve(options.dir);
    // PGlite creates only the last folder level (STACK.md).
    mkdirSync(dirname(dir), { recursive: true });
    unlock = lockPgliteFolder(dir);
    client = new PGlite(dir);
  } else {
    client = new PGlite();
  }
  try {
    const db = drizzlePglite(client, { schema });
    const changes = pgliteChanges(client);
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return databaseOf(db, 'pglite', changes, async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    });
  } catch (error) {
    await client.close().catch(() => undefined);
    unlock();
    throw error;
  }
}

/** The database as its users see it: closing stops listening for changes first. */
function databaseOf(db: unknown, kind: Database['kind'], changes: ChangeFeed, end: () => Promise<void>): Database {
  return {
    db: db as Db,
    kind,
    changes,
    close: async () => {
      try {
        await changes.stop({ all: true });
      } finally {
        await end();
      }
    },
  };
}

/** The rows of a raw `db.execute(sql)`: node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
