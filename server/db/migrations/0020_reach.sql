CREATE TABLE "ranking_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"source_url" text,
	"tranco_id" text,
	"list_date" date NOT NULL,
	"domains" integer NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"current" boolean DEFAULT false NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "traffic_cache" (
	"domain" text NOT NULL,
	"month" text NOT NULL,
	"state" text NOT NULL,
	"visits" bigint,
	"geography" jsonb,
	"category" text,
	"category_rank" integer,
	"error" text,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "traffic_cache_domain_month_pk" PRIMARY KEY("domain","month")
);
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "estimated_views" integer;--> statement-breakpoint
ALTER TABLE "saved_articles" ADD COLUMN "reach_manual" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_articles" ADD COLUMN "estimated_views" integer;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "reach_source" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "reach_set_by" integer;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "reach_set_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "muv_source" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "rank_list_id" integer;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "traffic_state" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "traffic_error" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "traffic_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "ranking_lists_current_idx" ON "ranking_lists" USING btree ("current") WHERE "ranking_lists"."current";--> statement-breakpoint
ALTER TABLE "websites" ADD CONSTRAINT "websites_reach_set_by_users_id_fk" FOREIGN KEY ("reach_set_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A score typed by a person stays theirs; every other score is derived again once a ranking arrives.
UPDATE "websites" SET "reach_source" = CASE WHEN "reach_manual" THEN 'manual' ELSE 'default' END,
  "reach_set_at" = CASE WHEN "reach_manual" THEN "updated_at" ELSE NULL END;--> statement-breakpoint
-- Visitors and ranks held until now were typed by the operator (or seeded): they stay, as manual figures.
UPDATE "websites" SET "muv_source" = 'manual' WHERE "muv" IS NOT NULL;--> statement-breakpoint
UPDATE "websites" SET "rank" = NULL;--> statement-breakpoint
ALTER TABLE "websites" DROP COLUMN "reach_manual";--> statement-breakpoint
-- The entries of every ranking list, one partition per list (ranking_entries_<list id>), written
-- by features/reach/ranking-store.ts: a list is loaded into its own table and attached at the end
-- of the import's transaction, so readers see the old list until the new one is complete.
-- `domain` is the registrable domain (the Public Suffix List's, via tldts).
CREATE TABLE "ranking_entries" (
	"list_id" integer NOT NULL,
	"domain" text NOT NULL,
	"rank" integer NOT NULL,
	PRIMARY KEY ("list_id", "domain")
) PARTITION BY LIST ("list_id");
--> statement-breakpoint
CREATE INDEX "saved_articles_website_idx" ON "saved_articles" USING btree ("website_id");
--> statement-breakpoint
CREATE INDEX "alert_articles_article_idx" ON "alert_articles" USING btree ("article_id");
