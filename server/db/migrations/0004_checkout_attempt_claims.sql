ALTER TABLE "checkout_attempts" ADD COLUMN "claim" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD COLUMN "charge_id" text;