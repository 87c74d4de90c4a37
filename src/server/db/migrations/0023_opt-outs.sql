CREATE TABLE "participant_opt_outs" (
	"booking_id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_items" ADD COLUMN "optional" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "participant_opt_outs" ADD CONSTRAINT "participant_opt_outs_booking_id_booking_requests_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_opt_outs" ADD CONSTRAINT "participant_opt_outs_participant_id_booking_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."booking_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_opt_outs" ADD CONSTRAINT "participant_opt_outs_line_id_booking_items_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."booking_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "participant_opt_outs_unique" ON "participant_opt_outs" USING btree ("participant_id","line_id");--> statement-breakpoint
CREATE INDEX "participant_opt_outs_booking" ON "participant_opt_outs" USING btree ("booking_id");