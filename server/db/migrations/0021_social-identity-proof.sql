ALTER TABLE "social_identities" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "social_identities" ADD COLUMN "confirm_token_id" uuid;--> statement-breakpoint
-- Identities linked before this change were linked at sign-in; they keep working as confirmed at their link time.
UPDATE "social_identities" SET "confirmed_at" = "created_at" WHERE "confirmed_at" IS NULL;
