CREATE TABLE "customer_credits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"renewal_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_credits_renewal_id_unique" UNIQUE("renewal_id")
);
--> statement-breakpoint
CREATE TABLE "price_notices" (
	"subscription_id" uuid NOT NULL,
	"unit_price" integer NOT NULL,
	"currency" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "price_notices_subscription_id_unit_price_pk" PRIMARY KEY("subscription_id","unit_price")
);
--> statement-breakpoint
CREATE TABLE "renewal_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renewal_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"outcome" text NOT NULL,
	"decline_code" text,
	"decline_kind" text,
	"charge_id" text,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "renewal_attempts_renewal_number_unique" UNIQUE("renewal_id","number")
);
--> statement-breakpoint
CREATE TABLE "renewal_reminders" (
	"subscription_id" uuid NOT NULL,
	"period" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "renewal_reminders_subscription_id_period_pk" PRIMARY KEY("subscription_id","period")
);
--> statement-breakpoint
CREATE TABLE "renewals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"period" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"quote" jsonb NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"payment_method_id" uuid,
	"last_decline_code" text,
	"last_decline_kind" text,
	"charge_id" text,
	"order_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "renewals_subscription_period_unique" UNIQUE("subscription_id","period")
);
--> statement-breakpoint
CREATE TABLE "retention_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"granted_at" timestamp with time zone NOT NULL,
	"consumed_by_renewal_id" uuid,
	CONSTRAINT "retention_offers_consumed_by_renewal_id_unique" UNIQUE("consumed_by_renewal_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_prices" (
	"subscription_id" uuid PRIMARY KEY NOT NULL,
	"unit_price" integer NOT NULL,
	"currency" text NOT NULL,
	"agreed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"subscription_id" uuid NOT NULL,
	"renewal_id" uuid,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"credit_amount" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"gateway" text NOT NULL,
	"charge_id" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_entries_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "reconciliation_mismatches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"subscription_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"ledger_amount" integer NOT NULL,
	"gateway_amount" integer NOT NULL,
	"detail" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"object_id" text,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sandbox_charges" ADD COLUMN "amount_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "billing_anchor_day" integer;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "customer_credits" ADD CONSTRAINT "customer_credits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_notices" ADD CONSTRAINT "price_notices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_attempts" ADD CONSTRAINT "renewal_attempts_renewal_id_renewals_id_fk" FOREIGN KEY ("renewal_id") REFERENCES "public"."renewals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewal_reminders" ADD CONSTRAINT "renewal_reminders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_offers" ADD CONSTRAINT "retention_offers_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_prices" ADD CONSTRAINT "subscription_prices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_credits_customer_idx" ON "customer_credits" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "renewals_status_next_idx" ON "renewals" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "retention_offers_subscription_idx" ON "retention_offers" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_subscription_idx" ON "ledger_entries" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "payment_events_unprocessed_idx" ON "payment_events" USING btree ("processed_at","received_at");