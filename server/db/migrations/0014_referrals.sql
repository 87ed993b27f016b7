CREATE TABLE "member_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"account" text NOT NULL,
	"seq" integer NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"key" text NOT NULL,
	"ref_id" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_ledger_key_unique" UNIQUE("key"),
	CONSTRAINT "member_ledger_account_seq_unique" UNIQUE("customer_id","account","seq"),
	CONSTRAINT "member_ledger_balance_check" CHECK ("member_ledger"."balance_after" >= 0),
	CONSTRAINT "member_ledger_amount_check" CHECK ("member_ledger"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "referral_codes" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_codes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "referral_devices" (
	"customer_id" uuid NOT NULL,
	"device_id" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referral_devices_customer_id_device_id_pk" PRIMARY KEY("customer_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_id" uuid NOT NULL,
	"friend_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"code" text NOT NULL,
	"status" text NOT NULL,
	"flags" jsonb NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"reward_due_at" timestamp with time zone NOT NULL,
	"reward_amount" integer,
	"reward_currency" text,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "referrals_friend_id_unique" UNIQUE("friend_id"),
	CONSTRAINT "referrals_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "referrals_status_check" CHECK ("referrals"."status" in ('pending', 'review', 'earned', 'rejected', 'void', 'reversed'))
);
--> statement-breakpoint
ALTER TABLE "member_ledger" ADD CONSTRAINT "member_ledger_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_codes" ADD CONSTRAINT "referral_codes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_devices" ADD CONSTRAINT "referral_devices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_customers_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_friend_id_customers_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_ledger_ref_idx" ON "member_ledger" USING btree ("ref_id");--> statement-breakpoint
CREATE INDEX "referral_devices_device_idx" ON "referral_devices" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id");--> statement-breakpoint
CREATE INDEX "referrals_status_due_idx" ON "referrals" USING btree ("status","reward_due_at");