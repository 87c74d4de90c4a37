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
CREATE FUNCTION booking_status_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO booking_status_count_deltas (establishment_id, status, n, waiting)
  SELECT establishment_id, status, count(*), count(*) FILTER (WHERE status = 'draft' AND client_validation = 'validated')
    FROM new_rows GROUP BY establishment_id, status;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION booking_status_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO booking_status_count_deltas (establishment_id, status, n, waiting)
  SELECT establishment_id, status, -count(*), -count(*) FILTER (WHERE status = 'draft' AND client_validation = 'validated')
    FROM old_rows GROUP BY establishment_id, status;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION booking_status_counts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO booking_status_count_deltas (establishment_id, status, n, waiting)
  SELECT establishment_id, status, sum(n), sum(waiting) FROM (
    SELECT establishment_id, status, 1 AS n, (status = 'draft' AND client_validation = 'validated')::int AS waiting FROM new_rows
    UNION ALL
    SELECT establishment_id, status, -1, -(status = 'draft' AND client_validation = 'validated')::int FROM old_rows
  ) AS moved
  GROUP BY establishment_id, status
  HAVING sum(n) <> 0 OR sum(waiting) <> 0;
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
CREATE TRIGGER booking_status_counts_insert AFTER INSERT ON booking_requests REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION booking_status_counts_inserted();
--> statement-breakpoint
CREATE TRIGGER booking_status_counts_delete AFTER DELETE ON booking_requests REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION booking_status_counts_deleted();
--> statement-breakpoint
CREATE TRIGGER booking_status_counts_update AFTER UPDATE ON booking_requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION booking_status_counts_updated();
--> statement-breakpoint
CREATE TRIGGER booking_status_counts_truncate AFTER TRUNCATE ON booking_requests FOR EACH STATEMENT EXECUTE FUNCTION booking_status_counts_truncated();
--> statement-breakpoint
CREATE TRIGGER booking_status_count_deltas_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON booking_status_count_deltas FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
--> statement-breakpoint
INSERT INTO booking_status_count_deltas (establishment_id, status, n, waiting)
SELECT establishment_id, status, count(*), count(*) FILTER (WHERE status = 'draft' AND client_validation = 'validated')
  FROM booking_requests GROUP BY establishment_id, status;
