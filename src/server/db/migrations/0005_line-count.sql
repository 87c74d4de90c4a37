ALTER TABLE "booking_items" ADD COLUMN "follows_booking_count" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "temporary_login_token_hash" text;