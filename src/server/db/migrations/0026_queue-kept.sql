-- The staff queue is kept in memory too (docs/decisions.md, "Reads kept in memory"): its payment
-- alerts read payments and provider refunds, so their changes tell every instance as well.
-- Creating a statement trigger is immediate whatever the table's size.
CREATE TRIGGER payments_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payments FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
--> statement-breakpoint
CREATE TRIGGER provider_refunds_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON provider_refunds FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
