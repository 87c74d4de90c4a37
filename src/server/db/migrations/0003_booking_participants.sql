CREATE TABLE "booking_participants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"customer_id" uuid,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"role" text DEFAULT 'Participant' NOT NULL,
	"has_connected" boolean DEFAULT false NOT NULL,
	"joined_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"invitation_status" text DEFAULT 'invited' NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"payment_amount_cents" integer,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_participants" ADD CONSTRAINT "booking_participants_booking_id_booking_requests_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_participants" ADD CONSTRAINT "booking_participants_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_participants_booking" ON "booking_participants" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_participants_customer" ON "booking_participants" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_participants_booking_email" ON "booking_participants" USING btree ("booking_id","email");