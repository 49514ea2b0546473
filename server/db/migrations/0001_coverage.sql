CREATE TABLE "alert_articles" (
	"alert_id" integer NOT NULL,
	"article_id" bigint NOT NULL,
	"organization_id" integer NOT NULL,
	"pub_date" timestamp with time zone NOT NULL,
	"reach" real NOT NULL,
	"language" text NOT NULL,
	"is_metacritic" boolean DEFAULT false NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "alert_articles_alert_id_article_id_pk" PRIMARY KEY("alert_id","article_id")
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"keywords" text NOT NULL,
	"min_reach" real DEFAULT 0.1 NOT NULL,
	"slack_tracking" boolean DEFAULT false NOT NULL,
	"slack_channel_id" text,
	"slack_channel_name" text,
	"slack_webhook_url" text,
	"discord_webhook_url" text,
	"active" boolean DEFAULT true NOT NULL,
	"last_run_at" timestamp with time zone,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"url_key" text NOT NULL,
	"url" text NOT NULL,
	"full_url" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"html" text,
	"author" text,
	"image" text,
	"language" text DEFAULT 'unknown' NOT NULL,
	"pub_date" timestamp with time zone NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"website_id" integer,
	"feed_id" integer,
	"reach" real DEFAULT 0.1 NOT NULL,
	"muv" bigint,
	"is_metacritic" boolean DEFAULT false NOT NULL,
	"source" smallint DEFAULT 0 NOT NULL,
	"search" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"feed" text NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"language" text,
	"reach" real,
	"region" text,
	"followers" integer,
	"title" text,
	"last_count" integer DEFAULT 0 NOT NULL,
	"articles_added" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"interval_seconds" integer DEFAULT 1800 NOT NULL,
	"etag" text,
	"last_modified" text,
	"error_count" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"last_status" smallint,
	"hub_url" text,
	"self_url" text,
	"websub_secret" text,
	"websub_state" text DEFAULT 'none' NOT NULL,
	"websub_lease_until" timestamp with time zone,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feeds_feed_unique" UNIQUE("feed")
);
--> statement-breakpoint
CREATE TABLE "mediatypes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "mediatypes_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "notification_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"alert_id" integer NOT NULL,
	"article_id" bigint NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"article_id" bigint,
	"url_key" text NOT NULL,
	"url" text NOT NULL,
	"full_url" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"image" text,
	"language" text DEFAULT 'unknown' NOT NULL,
	"reach" real DEFAULT 0.1 NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"website_id" integer,
	"muv" bigint,
	"is_metacritic" boolean DEFAULT false NOT NULL,
	"source" smallint DEFAULT 0 NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_authors" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"author" text NOT NULL,
	"articles_count" integer DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_social_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"website_id" integer NOT NULL,
	"network" text DEFAULT 'twitter' NOT NULL,
	"username" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "websites" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"name" text,
	"avatar" text,
	"reach" real DEFAULT 0.1 NOT NULL,
	"reach_manual" boolean DEFAULT false NOT NULL,
	"muv" bigint,
	"rank" integer,
	"language" text DEFAULT 'unknown' NOT NULL,
	"mediatype_id" integer,
	"is_metacritic" boolean DEFAULT false NOT NULL,
	"geography" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"inserted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "websites_domain_unique" UNIQUE("domain")
);
--> statement-breakpoint
ALTER TABLE "alert_articles" ADD CONSTRAINT "alert_articles_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_articles" ADD CONSTRAINT "alert_articles_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_articles" ADD CONSTRAINT "alert_articles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feeds" ADD CONSTRAINT "feeds_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD CONSTRAINT "notification_outbox_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_articles" ADD CONSTRAINT "saved_articles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_articles" ADD CONSTRAINT "saved_articles_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_articles" ADD CONSTRAINT "saved_articles_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_articles" ADD CONSTRAINT "saved_articles_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_articles" ADD CONSTRAINT "saved_articles_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_authors" ADD CONSTRAINT "website_authors_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_social_accounts" ADD CONSTRAINT "website_social_accounts_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "websites" ADD CONSTRAINT "websites_mediatype_id_mediatypes_id_fk" FOREIGN KEY ("mediatype_id") REFERENCES "public"."mediatypes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_articles_feed_idx" ON "alert_articles" USING btree ("alert_id","pub_date","article_id") WHERE "alert_articles"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "alerts_org_idx" ON "alerts" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "alerts_project_idx" ON "alerts" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "articles_url_key_idx" ON "articles" USING btree ("url_key");--> statement-breakpoint
CREATE INDEX "articles_pub_date_idx" ON "articles" USING btree ("pub_date");--> statement-breakpoint
CREATE INDEX "articles_website_idx" ON "articles" USING btree ("website_id","pub_date");--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search");--> statement-breakpoint
CREATE INDEX "feeds_due_idx" ON "feeds" USING btree ("next_check_at") WHERE not "feeds"."disabled";--> statement-breakpoint
CREATE INDEX "feeds_website_idx" ON "feeds" USING btree ("website_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_outbox_once_idx" ON "notification_outbox" USING btree ("alert_id","article_id","channel");--> statement-breakpoint
CREATE INDEX "notification_outbox_due_idx" ON "notification_outbox" USING btree ("next_attempt_at") WHERE "notification_outbox"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE UNIQUE INDEX "saved_articles_project_url_idx" ON "saved_articles" USING btree ("project_id","url_key");--> statement-breakpoint
CREATE INDEX "saved_articles_org_project_idx" ON "saved_articles" USING btree ("organization_id","project_id","date");--> statement-breakpoint
CREATE INDEX "saved_articles_tag_idx" ON "saved_articles" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "website_authors_name_idx" ON "website_authors" USING btree ("website_id","author");--> statement-breakpoint
CREATE UNIQUE INDEX "website_social_accounts_idx" ON "website_social_accounts" USING btree ("website_id","network","username");