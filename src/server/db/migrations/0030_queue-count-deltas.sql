-- The staff queue's counts per status (docs/decisions.md, "Volume and indexes") as a sum of deltas:
-- each statement that inserts, updates or deletes booking requests adds one row per establishment
-- and status it moved (statement triggers over the transition tables), so reading the counts sums a
-- few rows instead of counting every booking, and concurrent writers only insert (no row they wait
-- on). The hourly housekeeping folds the rows into one per establishment and status. The first fill
-- counts the bookings once, under the triggers' lock: about 0.1 s on 100,000 bookings.
CREATE TABLE "booking_status_count_deltas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"establishment_id" uuid NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	"waiting" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "booking_status_count_deltas_establishment" ON "booking_status_count_deltas" USING btree ("establishment_id","status");
--> statement-breakpoint
-- One function for the three events: the rows a statement moved, +1 each as they are after it, -1 as
-- they were before it (EXECUTE sees the transition tables of the trigger that fired).
CREATE FUNCTION booking_status_counts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  after_rows text := 'SELECT establishment_id, status, client_validation, 1 AS sign FROM new_rows';
  before_rows text := 'SELECT establishment_id, status, client_validation, -1 AS sign FROM old_rows';
BEGIN
  EXECUTE 'INSERT INTO booking_status_count_deltas (establishment_id, status, n, waiting)
    SELECT establishment_id, status, sum(sign), sum(CASE WHEN status = ''draft'' AND client_validation = ''validated'' THEN sign ELSE 0 END)
      FROM (' || CASE TG_OP WHEN 'INSERT' THEN after_rows WHEN 'DELETE' THEN before_rows
                            ELSE after_rows || ' UNION ALL ' || before_rows END || ') AS moved
     GROUP BY establishment_id, status
    HAVING sum(sign) <> 0 OR sum(CASE WHEN status = ''draft'' AND client_validation = ''validated'' THEN sign ELSE 0 END) <> 0';
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION booking_status_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM booking_status_count_deltas;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER booking_status_counts_insert AFTER INSERT ON booking_requests REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION booking_status_counts_moved();
--> statement-breakpoint
CREATE TRIGGER booking_status_counts_delete AFTER DELETE ON booking_requests REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION booking_status_counts_moved();
--> statement-breakpoint
CREATE TRIGGER booking_status_counts_update AFTER UPDATE ON booking_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION booking_status_counts_moved();
--> statement-breakpoint
CREATE TRIGGER booking_status_counts_truncate AFTER TRUNCATE ON booking_requests FOR EACH STATEMENT EXECUTE FUNCTION booking_status_counts_truncated();
--> statement-breakpoint
CREATE TRIGGER booking_status_count_deltas_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON booking_status_count_deltas FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
--> statement-breakpoint
INSERT INTO booking_status_count_deltas (establishment_id, status, n, waiting)
SELECT establishment_id, status, count(*), count(*) FILTER (WHERE status = 'draft' AND client_validation = 'validated')
  FROM booking_requests GROUP BY establishment_id, status;
