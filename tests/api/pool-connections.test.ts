import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type pg from 'pg';
import { type Database, openDatabase, POOL_SIZE } from '../../src/server/db/client';
import { postgresPool } from '../../src/server/db/raw-sql';
import { createPostgresDatabase } from '../support/test-app';

/**
 * An instance keeps the PostgreSQL connections it opened, idle or not: each one's caches are warm
 * after its first statements (docs/decisions.md, "Volume and indexes", an instance's connections).
 * pg's pool closed a connection idle for 10 s, so that a quiet park's requests met cold ones.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the pool of an instance (PostgreSQL)', () => {
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let database: Database;
  let pool: pg.Pool;

  beforeAll(async () => {
    created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    database = await openDatabase({ kind: 'postgres', url: created.url });
    pool = postgresPool(database)!;
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  afterAll(async () => {
    await database?.close();
    await created?.drop();
  });

  /** The server processes behind `POOL_SIZE` statements that each hold a connection at once. */
  async function backendsAtOnce(): Promise<Set<number>> {
    const rows = await Promise.all(
      Array.from({ length: POOL_SIZE }, () =>
        pool.query<{ pid: number }>('select pg_backend_pid() as pid from pg_sleep(0.05)').then((r) => r.rows[0]!.pid),
      ),
    );
    return new Set(rows);
  }

  it('keeps every connection it opened after a long idle time, and opens no more than its size', async () => {
    // The pool's idle timers, set as each statement gives its connection back, on a fake clock.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const before = await backendsAtOnce();
    expect(before.size).toBe(POOL_SIZE);
    expect(pool.totalCount).toBe(POOL_SIZE);

    // An hour without a request: pg's pool would have closed each connection after 10 s.
    await vi.advanceTimersByTimeAsync(3_600_000);
    vi.useRealTimers();
    expect(pool.totalCount).toBe(POOL_SIZE);
    expect(pool.idleCount).toBe(POOL_SIZE);

    const after = await backendsAtOnce();
    expect([...after].sort()).toEqual([...before].sort());
    expect(pool.totalCount).toBe(POOL_SIZE);
  });
});
