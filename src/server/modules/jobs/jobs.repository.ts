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
