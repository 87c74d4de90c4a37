-- The reads kept per subject hear of their own subject's changes only (docs/decisions.md, "Reads
-- kept in memory", rule 16): a session by its owner (`customer:<id>`, `staff:<id>`), a chat's
-- readers' facts by their booking (`chat:<booking>`, as the chat's version already is). Each row
-- changed sends its subject's topic at commit, in the order of commits, on the channel the read
-- barrier follows; a table's own notification (migration 0008) still drops every other kept read.
-- A TRUNCATE, which fires no row trigger, says `truncate:<table>`: everything kept is dropped.
-- Only functions and triggers: fast on a full database.
CREATE OR REPLACE FUNCTION notify_data_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('parc_data_change', 'truncate:' || TG_TABLE_NAME);
  ELSE
    PERFORM pg_notify('parc_data_change', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- TG_ARGV[0]: the topic's prefix; TG_ARGV[1]: the column naming its subject (the old row's and,
-- when it differs, the new row's).
CREATE FUNCTION notify_topic_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before text;
  after text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    before := to_jsonb(OLD) ->> TG_ARGV[1];
    IF before IS NOT NULL THEN
      PERFORM pg_notify('parc_data_change', TG_ARGV[0] || ':' || before);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    after := to_jsonb(NEW) ->> TG_ARGV[1];
    IF after IS NOT NULL AND after IS DISTINCT FROM before THEN
      PERFORM pg_notify('parc_data_change', TG_ARGV[0] || ':' || after);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_topic AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notify_topic_change('customer', 'customer_id');
--> statement-breakpoint
CREATE TRIGGER customers_topic AFTER UPDATE OR DELETE ON customers FOR EACH ROW EXECUTE FUNCTION notify_topic_change('customer', 'id');
--> statement-breakpoint
CREATE TRIGGER staff_sessions_topic AFTER UPDATE OR DELETE ON staff_sessions FOR EACH ROW EXECUTE FUNCTION notify_topic_change('staff', 'staff_id');
--> statement-breakpoint
CREATE TRIGGER staff_accounts_topic AFTER UPDATE OR DELETE ON staff_accounts FOR EACH ROW EXECUTE FUNCTION notify_topic_change('staff', 'id');
--> statement-breakpoint
CREATE TRIGGER booking_requests_topic AFTER INSERT OR UPDATE OR DELETE ON booking_requests FOR EACH ROW EXECUTE FUNCTION notify_topic_change('chat', 'id');
--> statement-breakpoint
CREATE TRIGGER booking_participants_topic AFTER INSERT OR UPDATE OR DELETE ON booking_participants FOR EACH ROW EXECUTE FUNCTION notify_topic_change('chat', 'booking_id');
