ALTER TABLE "member_ledger" DROP CONSTRAINT "member_ledger_balance_check";--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "sandbox_tokens" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "member_ledger" ADD CONSTRAINT "member_ledger_balance_check" CHECK ("member_ledger"."balance_after" >= 0 OR "member_ledger"."amount" > 0 OR "member_ledger"."reason" = 'points_reversed');