ALTER TABLE "payment_methods" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "sandbox_tokens" ADD COLUMN "fingerprint" text;