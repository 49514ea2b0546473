-- Steam beside the press (issue 31 item 2, docs/sources.md "Steam"): the apps projects follow (read once per app), their
-- news items (announcements are chart events, press items become articles) and one row per review read (the daily
-- count and share positive), the projects' `steam_app_ids` and whether a report shows them (`show_steam`).
CREATE TABLE "steam_apps" (
	"app_id" bigint PRIMARY KEY NOT NULL,
	"name" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"wanted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"details_checked_at" timestamp with time zone,
	"news_checked_at" timestamp with time zone,
	"reviews_checked_at" timestamp with time zone,
	"retry_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"newest_review_at" timestamp with time zone,
	"reviews_since" timestamp with time zone,
	"backfill_cursor" text,
	"total_reviews" integer,
	"total_positive" integer,
	"review_score_desc" text
);
--> statement-breakpoint
CREATE TABLE "steam_news" (
	"app_id" bigint NOT NULL,
	"gid" text NOT NULL,
	"title" text NOT NULL,
	"url" text NOT NULL,
	"author" text,
	"feed_label" text,
	"feed_name" text,
	"announcement" boolean NOT NULL,
	"is_external" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"article_url" text,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "steam_news_app_id_gid_pk" PRIMARY KEY("app_id","gid")
);
--> statement-breakpoint
CREATE TABLE "steam_reviews" (
	"app_id" bigint NOT NULL,
	"recommendation_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"voted_up" boolean NOT NULL,
	CONSTRAINT "steam_reviews_app_id_recommendation_id_pk" PRIMARY KEY("app_id","recommendation_id")
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "show_steam" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "steam_app_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "steam_news" ADD CONSTRAINT "steam_news_app_id_steam_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."steam_apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "steam_reviews" ADD CONSTRAINT "steam_reviews_app_id_steam_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."steam_apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "steam_apps_wanted_idx" ON "steam_apps" USING btree ("wanted_at");--> statement-breakpoint
CREATE INDEX "steam_news_app_date_idx" ON "steam_news" USING btree ("app_id","published_at");--> statement-breakpoint
CREATE INDEX "steam_reviews_app_day_idx" ON "steam_reviews" USING btree ("app_id","created_at");