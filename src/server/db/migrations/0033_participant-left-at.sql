-- Who left a booking themself, told apart from who the organizer removed (docs/decisions.md, "Joining").
-- A nullable column without a default: PostgreSQL only writes its catalogue, as fast on a full table.
ALTER TABLE "booking_participants" ADD COLUMN "left_at" timestamp with time zone;