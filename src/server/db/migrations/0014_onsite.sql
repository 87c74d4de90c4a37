CREATE TABLE "booking_check_outs" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"checked_out_at" timestamp with time zone NOT NULL,
	"staff_id" uuid
);
--> statement-breakpoint
CREATE TABLE "participant_check_ins" (
	"participant_id" uuid PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"checked_in_at" timestamp with time zone NOT NULL,
	"staff_id" uuid
);
--> statement-breakpoint
CREATE TABLE "participant_waivers" (
	"participant_id" uuid PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"version" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"signed_on_site_by" uuid
);
--> statement-breakpoint
ALTER TABLE "booking_check_outs" ADD CONSTRAINT "booking_check_outs_booking_id_booking_requests_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_check_outs" ADD CONSTRAINT "booking_check_outs_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_check_ins" ADD CONSTRAINT "participant_check_ins_participant_id_booking_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."booking_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_check_ins" ADD CONSTRAINT "participant_check_ins_booking_id_booking_requests_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_check_ins" ADD CONSTRAINT "participant_check_ins_staff_id_staff_accounts_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_waivers" ADD CONSTRAINT "participant_waivers_participant_id_booking_participants_id_fk" FOREIGN KEY ("participant_id") REFERENCES "public"."booking_participants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_waivers" ADD CONSTRAINT "participant_waivers_booking_id_booking_requests_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."booking_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_waivers" ADD CONSTRAINT "participant_waivers_signed_on_site_by_staff_accounts_id_fk" FOREIGN KEY ("signed_on_site_by") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "participant_check_ins_booking" ON "participant_check_ins" USING btree ("booking_id");