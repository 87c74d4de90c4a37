-- The queue's counts per status read booking_requests_queue_counts alone (0.08 s to build on 100,000 bookings).
CREATE INDEX "booking_requests_queue_counts" ON "booking_requests" USING btree ("establishment_id","status","client_validation");--> statement-breakpoint
-- The staff queue is kept in memory too (docs/decisions.md, "Reads kept in memory"): its payment
-- alerts read payments and provider refunds, so their changes tell every instance as well.
-- Creating a statement trigger is immediate whatever the table's size.
CREATE TRIGGER payments_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON payments FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
--> statement-breakpoint
CREATE TRIGGER provider_refunds_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON provider_refunds FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
