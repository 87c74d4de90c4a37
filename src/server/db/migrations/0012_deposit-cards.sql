CREATE TABLE "deposit_cards" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"setup_intent_id" text NOT NULL,
	"provider_customer_id" text NOT NULL,
	"payment_method_id" text,
	"saved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "hold_capture_before" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposit_cards" ADD CONSTRAINT "deposit_cards_booking_id_booking_requests_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking_requests"("id") ON DELETE cascade ON UPDATE no action;