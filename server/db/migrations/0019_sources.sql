CREATE TABLE "feed_moves" (
	"id" serial PRIMARY KEY NOT NULL,
	"feed_id" integer NOT NULL,
	"website_id" integer NOT NULL,
	"from_url" text NOT NULL,
	"to_url" text NOT NULL,
	"reason" text NOT NULL,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "source_packs" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_suggestions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer,
	"url" text NOT NULL,
	"domain" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"feeds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text,
	"website_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer
);
--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "health" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "health_detail" text;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "health_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "last_new_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "origin" text DEFAULT 'operator' NOT NULL;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "rediscovered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "pack_id" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "directory" jsonb;--> statement-breakpoint
ALTER TABLE "feed_moves" ADD CONSTRAINT "feed_moves_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_moves" ADD CONSTRAINT "feed_moves_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_suggestions" ADD CONSTRAINT "website_suggestions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_suggestions" ADD CONSTRAINT "website_suggestions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_suggestions" ADD CONSTRAINT "website_suggestions_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_suggestions" ADD CONSTRAINT "website_suggestions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_moves_website_idx" ON "feed_moves" USING btree ("website_id","moved_at");--> statement-breakpoint
CREATE INDEX "website_suggestions_status_idx" ON "website_suggestions" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "website_suggestions_open_idx" ON "website_suggestions" USING btree ("organization_id","domain") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "feeds_health_idx" ON "feeds" USING btree ("health");--> statement-breakpoint
-- Feed type 1 is now a Google News sitemap; the Google Alerts feeds it meant until now become type 2.
UPDATE "feeds" SET "type" = 2 WHERE "type" = 1;--> statement-breakpoint
-- Existing feeds start with the health their last poll implies (the next poll classifies failures precisely).
UPDATE "feeds" SET "health" = CASE WHEN "error_count" > 0 THEN 'unreachable' WHEN "last_success_at" IS NOT NULL THEN 'ok' ELSE 'pending' END,
  "health_detail" = CASE WHEN "error_count" > 0 THEN "last_error" ELSE NULL END,
  "health_since" = coalesce("last_error_at", "last_success_at"),
  "last_new_at" = CASE WHEN "articles_added" > 0 THEN "last_success_at" ELSE NULL END;
