CREATE TABLE "analytics_currency_rates" (
	"currency" text NOT NULL,
	"effective_on" date NOT NULL,
	"usd_micros_per_unit" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "analytics_currency_rates_currency_effective_on_pk" PRIMARY KEY("currency","effective_on")
);
--> statement-breakpoint
CREATE TABLE "analytics_dead_letters" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"destination" text NOT NULL,
	"event_ids" jsonb NOT NULL,
	"attempts" integer NOT NULL,
	"last_error" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_attributions" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"first_touch" jsonb NOT NULL,
	"last_touch" jsonb NOT NULL,
	"click_id" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_events" ADD COLUMN "message_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_events_message_id_key" ON "analytics_events" USING btree ("message_id");