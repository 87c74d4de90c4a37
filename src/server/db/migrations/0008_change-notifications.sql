-- Every change to a table that a cached read depends on tells every server instance, at commit
-- (docs/decisions.md, "Reads kept in memory"): src/server/db/change-feed.ts listens on this
-- channel and forgets what it kept. A new cached read adds its tables' triggers here.
CREATE FUNCTION notify_data_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('parc_data_change', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER booking_requests_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON booking_requests FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
--> statement-breakpoint
CREATE TRIGGER booking_items_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON booking_items FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
--> statement-breakpoint
CREATE TRIGGER booking_participants_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON booking_participants FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
--> statement-breakpoint
CREATE TRIGGER catalogue_items_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalogue_items FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
--> statement-breakpoint
CREATE TRIGGER time_slots_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON time_slots FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
--> statement-breakpoint
CREATE TRIGGER payment_configs_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payment_configs FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
--> statement-breakpoint
CREATE TRIGGER customers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON customers FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
--> statement-breakpoint
CREATE TRIGGER sessions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
