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
