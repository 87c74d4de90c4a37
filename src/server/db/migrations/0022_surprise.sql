ALTER TABLE "booking_requests" ADD COLUMN "surprise" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "hidden_from_guests" boolean DEFAULT false NOT NULL;