import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, loggerOptions } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database, type Db } from '../../src/server/db/client';
import { seedDatabase } from '../../src/server/db/seed';
import { backgroundWorkSettled } from '../../src/server/deps';
import { outboxMailer, type Mailer, type MailMessage } from '../../src/server/modules/mail/mailer.public';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  /** The throw-away PostgreSQL database's URL (TEST_DATABASE_URL runs), to open a second instance on it. */
  databaseUrl?: string;
  /**
   * Every mail as sent, secrets included (the outbox table keeps them masked), oldest first.
   * Await `settled()` first when a call sends its mail after answering.
   */
  mails: MailMessage[];
  /** Waits for the work calls do after answering (e.g. the forgot-password e-mail). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra environment for loadConfig (e.g. Stripe keys, CORS_ORIGINS). */
  env?: Record<string, string | undefined>;
  /** Registers extra routes before the app is made ready (e.g. a route that throws). */
  extend?: (app: FastifyInstance) => void;
  /** A pino destination to read what the server logs (level 'info' and above). */
  logStream?: { write(line: string): void };
  /** The app's clock (jobs, check-in's "today"); the system's by default. */
  clock?: { now(): Date };
}

/**
 * Only TEST_DATABASE_URL, never DATABASE_URL: the tests must not touch a real database by
 * accident (DESIGN.md §7).
 */
function testDatabaseUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL;
  return url && url.trim() !== '' ? url.trim() : undefined;
}

/** Creates a uniquely named database on the TEST_DATABASE_URL server; returns its url and a drop. */
export async function createPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `test_${randomBytes(8).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A seeded app on a fresh database: in-memory PGlite, or a throw-away database on the
 * TEST_DATABASE_URL server. `close()` releases everything it created.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const serverUrl = testDatabaseUrl();
  const created = serverUrl ? await createPostgresDatabase(serverUrl) : undefined;
  // No web bundle in API tests: an empty folder without index.html.
  const webDistDir = mkdtempSync(join(tmpdir(), 'parc-test-web-'));
  const cleanups: Array<() => Promise<void>> = [async () => rmSync(webDistDir, { recursive: true, force: true })];
  if (created) cleanups.unshift(() => created.drop());

  const runCleanups = async () => {
    const errors: unknown[] = [];
    for (const cleanup of cleanups) {
      try {
        await cleanup();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length > 0) throw new AggregateError(errors, 'test app cleanup failed');
  };

  let database: Database | undefined;
  try {
    database = created
      ? await openDatabase({ kind: 'postgres', url: created.url })
      : await openDatabase({ kind: 'pglite' });
    const opened = database;
    cleanups.unshift(() => opened.close());
    await seedDatabase(database.db);
    const config = loadConfig({
      NODE_ENV: 'test',
      // Tests change the catalogue directly in the database and read it back at once.
      CATALOGUE_CACHE_SECONDS: '0',
      WEB_DIST_DIR: webDistDir,
      LOG_LEVEL: 'silent',
      ...options.env,
    });
    const mails: MailMessage[] = [];
    // With SMTP_URL in `env`, mails are pending and the delivery job sends them (`app.jobs.runDue()`).
    const outbox = outboxMailer({ deliver: Boolean(config.SMTP_URL) });
    // Written in the caller's transaction, like the outbox transport the server uses by default.
    const mailer: Mailer = {
      async queue(tx, message) {
        await outbox.queue(tx, message);
        mails.push(message);
      },
    };
    const app = await buildApp({
      config,
      database,
      mailer,
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.logStream ? { logger: { ...(loggerOptions('info') as object), stream: options.logStream } } : {}),
    });
    cleanups.unshift(() => app.close());
    options.extend?.(app);
    await app.ready();
    return {
      app,
      db: database.db,
      database,
      databaseUrl: created?.url,
      mails,
      settled: backgroundWorkSettled,
      close: runCleanups,
    };
  } catch (error) {
    await runCleanups().catch(() => undefined);
    throw error;
  }
}
