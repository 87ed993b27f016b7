-- The console's customer search (issue 36) matches any part of a name, email or phone through a trigram index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "console_experiments" (
	"name" text PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"control" text NOT NULL,
	"variants" jsonb NOT NULL,
	"traffic_percent" integer NOT NULL,
	"audience" text NOT NULL,
	"goal_event" text NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "console_experiments_traffic_check" CHECK ("console_experiments"."traffic_percent" between 0 and 100),
	CONSTRAINT "console_experiments_audience_check" CHECK ("console_experiments"."audience" in ('everyone', 'visitors', 'members'))
);
--> statement-breakpoint
CREATE TABLE "content_page_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_id" uuid NOT NULL,
	"base_version" integer NOT NULL,
	"title" text NOT NULL,
	"intro" text NOT NULL,
	"description" text NOT NULL,
	"blocks" jsonb NOT NULL,
	"publish_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"published_version" integer,
	"outcome" text,
	"staff_id" uuid,
	"staff_email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "content_page_schedules_status_check" CHECK ("content_page_schedules"."status" in ('pending', 'published', 'cancelled', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "customer_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"body" text NOT NULL,
	"staff_id" uuid,
	"staff_email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customer_notes_body_check" CHECK (char_length("customer_notes"."body") between 1 and 4000)
);
--> statement-breakpoint
ALTER TABLE "content_page_schedules" ADD CONSTRAINT "content_page_schedules_page_id_content_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."content_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_page_schedules_due_idx" ON "content_page_schedules" USING btree ("publish_at") WHERE "content_page_schedules"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "content_page_schedules_one_pending_key" ON "content_page_schedules" USING btree ("page_id") WHERE "content_page_schedules"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "customer_notes_customer_idx" ON "customer_notes" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ((lower("email" || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("phone", '') || ' ' || regexp_replace(coalesce("phone", ''), '[^0-9]', '', 'g'))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_refunds_created_idx" ON "payment_refunds" USING btree ("created_at");