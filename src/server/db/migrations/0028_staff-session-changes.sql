-- Staff sessions are kept in memory as customers' are (docs/decisions.md, "Reads kept in memory"):
-- a logout, a revoked session, a disabled account or a changed role tells every instance at commit.
CREATE TRIGGER staff_sessions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON staff_sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
--> statement-breakpoint
CREATE TRIGGER staff_accounts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON staff_accounts FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();
