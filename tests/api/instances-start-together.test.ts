import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, rowsOf, type Database } from '../../src/server/db/client';
import { outboxMailer } from '../../src/server/modules/mail/mailer.public';
import { createPostgresDatabase } from '../support/test-app';

/**
 * Two instances started at the same moment on a new PostgreSQL database (a park's first deploy
 * of two servers, docs/decisions.md, "Data"): both come up, the migrations run once, the job
 * engine's schema is created once. PGlite is one process, so PostgreSQL only.
 */
const ROUNDS = 3;

describe.skipIf(!process.env.TEST_DATABASE_URL)('instances starting together', () => {
  const webDir = mkdtempSync(join(tmpdir(), 'parc-test-web-'));
  afterAll(() => rmSync(webDir, { recursive: true, force: true }));

  async function startInstance(url: string) {
    const database = await openDatabase({ kind: 'postgres', url });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST_DIR: webDir });
    const app = await buildApp({ config, database, mailer: outboxMailer() });
    await app.ready();
    return { app, database };
  }

  it('two servers started at once on a new database both answer, the schema made once', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const fresh = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
      const started: { app: Awaited<ReturnType<typeof buildApp>>; database: Database }[] = [];
      try {
        const outcomes = await Promise.allSettled([startInstance(fresh.url), startInstance(fresh.url)]);
        for (const outcome of outcomes) if (outcome.status === 'fulfilled') started.push(outcome.value);
        expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
        for (const { app } of started) {
          const res = await app.inject({ method: 'GET', url: '/api/v1/public-booking-requests/activities' });
          expect(res.statusCode, res.body).toBe(200);
        }
        const db = started[0]!.database.db;
        const [applied] = rowsOf<{ migrations: number; distinct: number }>(
          await db.execute(sql`select count(*)::int as migrations, count(distinct hash)::int as distinct
            from drizzle.__drizzle_migrations`),
        );
        expect(applied!.migrations).toBeGreaterThan(20);
        expect(applied!.migrations).toBe(applied!.distinct);
        const [engine] = rowsOf<{ versions: number }>(
          await db.execute(sql`select count(*)::int as versions from pgboss.version`),
        );
        expect(engine!.versions).toBe(1);
      } finally {
        for (const { app, database } of started) {
          await app.close();
          await database.close();
        }
        await fresh.drop();
      }
    }
  });
});
