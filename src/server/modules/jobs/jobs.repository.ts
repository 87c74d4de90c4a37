import type { SqlExecutor } from '../../db/raw-sql';

/**
 * Jobs due by the engine's clock but not yet by the database's (a test's clock moved forward)
 * become due now. With the system clock this changes nothing but a few milliseconds.
 */
export async function pullDueJobsForward(sql: SqlExecutor, names: string[], now: Date): Promise<void> {
  if (names.length === 0) return;
  await sql.executeSql(
    `UPDATE pgboss.job SET start_after = now() - interval '1 millisecond'
      WHERE name = ANY($1::text[]) AND state IN ('created', 'retry')
        AND start_after >= now() AND start_after <= $2::timestamptz`,
    [names, now.toISOString()],
  );
}

export interface BookingJobRow {
  id: string;
  name: string;
  state: string;
  start_after: Date | string;
  retry_count: number;
  retry_limit: number;
  error: string | null;
  completed_on: Date | string | null;
}

/** The jobs whose data names the booking, waiting or done (the archive keeps those done for a while), oldest due first. */
export async function listJobsOfBooking(sql: SqlExecutor, bookingId: string): Promise<BookingJobRow[]> {
  const columns = `id::text, name, state::text, start_after, retry_count, retry_limit, completed_on,
    coalesce(output->>'message', output->'value'->>'message') AS error`;
  const { rows } = await sql.executeSql(
    `SELECT * FROM (
       SELECT ${columns} FROM pgboss.job WHERE data->>'bookingId' = $1
       UNION ALL
       SELECT ${columns} FROM pgboss.archive WHERE data->>'bookingId' = $1
     ) AS jobs ORDER BY start_after, name LIMIT 200`,
    [bookingId],
  );
  return rows as BookingJobRow[];
}

/**
 * Of `keys`, those with no job of queue `name` waiting or running (created, retry or active): one
 * statement, however many keys (a hash anti-join on the queue's own partition). The keys go as
 * one JSON array, which the driver of a transaction passes as text.
 */
export async function keysWithoutLiveJob(sql: SqlExecutor, name: string, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const { rows } = await sql.executeSql(
    `SELECT k.key FROM jsonb_array_elements_text($1::jsonb) AS k(key)
      WHERE NOT EXISTS (
        SELECT 1 FROM pgboss.job j
         WHERE j.name = $2 AND j.state <= 'active' AND j.singleton_key = k.key)`,
    [keys, name],
  );
  return new Set((rows as Array<{ key: string }>).map((row) => row.key));
}
