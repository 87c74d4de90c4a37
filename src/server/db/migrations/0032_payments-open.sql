-- The payments still open or holding money (docs/decisions.md, "Volume and indexes"): the payment
-- sweeps read them every few minutes, and read the whole table without it (about 90 ms each on
-- 200,000 payments). A partial index over a few rows: built in about 0.1 s on that table.
CREATE INDEX IF NOT EXISTS "payments_open" ON "payments" USING btree ("kind","status") WHERE status in ('pending', 'requires_action', 'authorized', 'failed');
