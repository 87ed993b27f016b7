CREATE TABLE "content_page_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"intro" text NOT NULL,
	"description" text NOT NULL,
	"blocks" jsonb NOT NULL,
	"staff_id" uuid,
	"staff_email" text,
	"restored_from" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "content_page_versions_page_version" UNIQUE("page_id","version")
);
--> statement-breakpoint
ALTER TABLE "content_pages" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "content_page_versions" ADD CONSTRAINT "content_page_versions_page_id_content_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."content_pages"("id") ON DELETE cascade ON UPDATE no action;