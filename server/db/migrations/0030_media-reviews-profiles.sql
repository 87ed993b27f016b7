CREATE TABLE "media_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hash" text NOT NULL,
	"filename" text NOT NULL,
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"alt" text NOT NULL,
	"placeholder" text NOT NULL,
	"source" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_by_staff_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "media_assets_hash_unique" UNIQUE("hash"),
	CONSTRAINT "media_assets_source_check" CHECK ("media_assets"."source" in ('upload', 'seed', 'review')),
	CONSTRAINT "media_assets_size_check" CHECK ("media_assets"."width" > 0 and "media_assets"."height" > 0 and "media_assets"."byte_size" > 0)
);
--> statement-breakpoint
CREATE TABLE "media_originals" (
	"hash" text PRIMARY KEY NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_variants" (
	"hash" text NOT NULL,
	"width" integer NOT NULL,
	"format" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "media_variants_hash_width_format_pk" PRIMARY KEY("hash","width","format"),
	CONSTRAINT "media_variants_format_check" CHECK ("media_variants"."format" in ('avif', 'webp', 'jpeg'))
);
--> statement-breakpoint
CREATE TABLE "review_requests" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_line" text NOT NULL,
	"order_id" uuid,
	"customer_id" uuid,
	"author_name" text NOT NULL,
	"rating" smallint NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"reply" text,
	"replied_at" timestamp with time zone,
	"moderated_by_staff_id" uuid,
	"moderated_at" timestamp with time zone,
	"source" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reviews_one_per_order_line" UNIQUE("order_id","product_line"),
	CONSTRAINT "reviews_rating_check" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_status_check" CHECK ("reviews"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "reviews_source_check" CHECK ("reviews"."source" in ('buyer', 'seed')),
	CONSTRAINT "reviews_buyer_has_order" CHECK ("reviews"."source" = 'seed' or "reviews"."order_id" is not null),
	CONSTRAINT "reviews_rejection_has_reason" CHECK ("reviews"."status" <> 'rejected' or "reviews"."reject_reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "product_profiles" (
	"product_code" text PRIMARY KEY NOT NULL,
	"gallery" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"facts" jsonb NOT NULL,
	"reassurance" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by_staff_id" uuid,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_articles" ADD COLUMN "cover_hash" text;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_profiles" ADD CONSTRAINT "product_profiles_product_code_products_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."products"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_assets_created_idx" ON "media_assets" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "review_requests_due_idx" ON "review_requests" USING btree ("due_at") WHERE "review_requests"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "reviews_line_status_created_idx" ON "reviews" USING btree ("product_line","status","created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_status_created_idx" ON "reviews" USING btree ("status","created_at","id");