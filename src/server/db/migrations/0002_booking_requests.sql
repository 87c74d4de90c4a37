CREATE TABLE "booking_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"catalogue_item_id" uuid NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"scheduled_date" date NOT NULL,
	"start_time" text,
	"end_time" text,
	"participants" integer NOT NULL,
	"base_price_cents" integer NOT NULL,
	"pricing_type" text NOT NULL,
	"duration_minutes" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"establishment_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"booking_type" text NOT NULL,
	"type" text NOT NULL,
	"participants" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"main_contact" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"hidden_notes" text DEFAULT '' NOT NULL,
	"event_data" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"client_validation" text DEFAULT 'pending' NOT NULL,
	"admin_validation" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_items" ADD CONSTRAINT "booking_items_booking_id_booking_requests_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_items" ADD CONSTRAINT "booking_items_catalogue_item_id_catalogue_items_id_fk" FOREIGN KEY ("catalogue_item_id") REFERENCES "public"."catalogue_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_establishment_id_establishments_id_fk" FOREIGN KEY ("establishment_id") REFERENCES "public"."establishments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_items_booking" ON "booking_items" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "booking_items_slot" ON "booking_items" USING btree ("catalogue_item_id","scheduled_date","start_time");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_requests_reference" ON "booking_requests" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "booking_requests_customer" ON "booking_requests" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "booking_requests_start" ON "booking_requests" USING btree ("start_date");--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "booking_reference_seq" START WITH 1;
