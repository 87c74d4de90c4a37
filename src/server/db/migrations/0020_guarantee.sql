ALTER TABLE "deposit_cards" ADD COLUMN "guarantee_settlement" text;--> statement-breakpoint
ALTER TABLE "payment_configs" ADD COLUMN "due_choice" text;