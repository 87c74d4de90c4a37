import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_FOLDER, rowsOf } from '../../src/server/db/client';
import { seedVolume } from '../../src/server/db/volume-seed';

/**
 * The migrations that index or count the big tables. Every other migration is applied first (the volume
 * generator writes with today's schema, whose later columns the tables need), the database is
 * filled, then these run on it statement by statement, as `npm run db:migrate` runs them.
 */
const INDEX_MIGRATIONS = ['volume-indexes', 'queue-cursor', 'queue-kept', 'queue-count-deltas', 'payments-open'];
const isIndexMigration = (tag: string) => INDEX_MIGRATIONS.some((name) => tag.endsWith(name));
/** 100,000 in the run documented in docs/performance-log.md; a small fill in `npm test`. */
const BOOKINGS = Number(process.env.VOLUME_MIGRATION_BOOKINGS ?? 1500);

interface Journal {
  entries: { idx: number; tag: string }[];
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('the migrations on a full database (PostgreSQL)', () => {
  const name = `migr_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://x@127.0.0.1/x');
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  const db = drizzle(pool);
  const earlier = mkdtempSync(join(tmpdir(), 'parc-migrations-'));
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as Journal;
  const indexEntries = journal.entries.filter((entry) => isIndexMigration(entry.tag));

  beforeAll(async () => {
    await admin(`CREATE DATABASE "${name}"`);
    // Every migration but the index ones, then the volume written on that schema.
    cpSync(MIGRATIONS_FOLDER, earlier, { recursive: true });
    writeFileSync(
      join(earlier, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.filter((entry) => !isIndexMigration(entry.tag)) }),
    );
    await migrate(db, { migrationsFolder: earlier });
    await seedVolume(db as never, { bookings: BOOKINGS, seed: 7, today: '2026-07-01', batchSize: 500 });
  }, 1_800_000);

  afterAll(async () => {
    await pool.end();
    rmSync(earlier, { recursive: true, force: true });
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

  it('applies the remaining ones on the filled tables, keeps every row and serves the new indexes', async () => {
    expect(indexEntries.map((entry) => entry.tag)).toHaveLength(INDEX_MIGRATIONS.length);
    const started = Date.now();
    for (const entry of indexEntries) {
      const statements = readFileSync(join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), 'utf8').split(
        '--> statement-breakpoint',
      );
      for (const statement of statements) if (statement.trim()) await pool.query(statement);
    }
    const seconds = (Date.now() - started) / 1000;
    console.log(`Migrations ${INDEX_MIGRATIONS.join(', ')} sur ${BOOKINGS} réservations : ${seconds.toFixed(1)} s`);

    const [state] = rowsOf<{ applied: number; bookings: number; indexes: string[]; heloise: number }>(
      await db.execute(sql`select
        (select count(*)::int from drizzle.__drizzle_migrations) as applied,
        (select count(*)::int from booking_requests) as bookings,
        (select array_agg(indexname::text order by indexname) from pg_indexes
          where indexname in ('booking_requests_queue_rank', 'booking_requests_search', 'customers_search',
            'booking_items_day', 'messages_booking', 'booking_requests_queue_counts', 'payments_open')) as indexes,
        (select count(*)::int from customers where search @@ to_tsquery('simple', 'heloise:*')) as heloise`),
    );
    expect(state!.applied).toBe(journal.entries.length - INDEX_MIGRATIONS.length);
    expect(state!.bookings).toBe(BOOKINGS);
    expect(state!.indexes).toEqual([
      'booking_items_day',
      'booking_requests_queue_counts',
      'booking_requests_queue_rank',
      'booking_requests_search',
      'customers_search',
      'messages_booking',
      'payments_open',
    ]);
    // The generated search column was computed for the rows already there.
    expect(state!.heloise).toBeGreaterThan(0);
    // The queue's count deltas start from the rows already there, then follow a write.
    const countsDiffer = async () =>
      rowsOf<{ status: string }>(
        await db.execute(sql`select status from (
          select status, count(*)::int as n from booking_requests group by status) counted
          full join (select status, sum(n)::int as n from booking_status_count_deltas group by status) summed
          using (status) where counted.n is distinct from summed.n`),
      );
    expect(await countsDiffer()).toEqual([]);
    await db.execute(sql`update booking_requests set status = 'canceled'
      where id in (select id from booking_requests where status = 'draft' limit 10)`);
    expect(await countsDiffer()).toEqual([]);
  });
});
